import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/index.ts';
import { col, firstRow, rows } from '../../db/rows.ts';

/** The SQL of web push: the readers' push endpoints and the installation's VAPID keys. */

const PushEndpointRow = z.object({ endpoint: col.text, user_id: col.int, p256dh: col.text, auth: col.text });
export type PushEndpointRow = z.output<typeof PushEndpointRow>;

/** A browser's subscription; re-subscribing the same endpoint (another account on the same browser) moves it. */
export async function savePushEndpoint(
  db: Db,
  row: { endpoint: string; userId: number; p256dh: string; auth: string; userAgent: string },
) {
  await db.execute(sql`
    insert into push_endpoints (endpoint, user_id, p256dh, auth, user_agent) values (${row.endpoint}, ${row.userId}, ${row.p256dh}, ${row.auth}, ${row.userAgent})
    on conflict (endpoint) do update set user_id = excluded.user_id, p256dh = excluded.p256dh, auth = excluded.auth,
      user_agent = excluded.user_agent, failures = 0`);
}

/** Deletes the user's own endpoint; whether there was one. */
export async function deletePushEndpoint(db: Db, userId: number, endpoint: string): Promise<boolean> {
  const gone = await rows(
    db,
    z.object({ endpoint: col.text }),
    sql`
    delete from push_endpoints where endpoint = ${endpoint} and user_id = ${userId} returning endpoint`,
  );
  return gone.length > 0;
}

export async function forgetPushEndpoint(db: Db, endpoint: string) {
  await db.execute(sql`delete from push_endpoints where endpoint = ${endpoint}`);
}

export async function pushEndpointsOf(db: Db, userId: number): Promise<PushEndpointRow[]> {
  return rows(
    db,
    PushEndpointRow,
    sql`select endpoint, user_id, p256dh, auth from push_endpoints where user_id = ${userId}`,
  );
}

export async function pushEndpoint(db: Db, endpoint: string): Promise<PushEndpointRow | undefined> {
  return firstRow(
    db,
    PushEndpointRow,
    sql`select endpoint, user_id, p256dh, auth from push_endpoints where endpoint = ${endpoint}`,
  );
}

export async function pushDelivered(db: Db, endpoint: string, now: Date) {
  await db.execute(sql`update push_endpoints set last_success_at = ${now}, failures = 0 where endpoint = ${endpoint}`);
}

export async function pushFailed(db: Db, endpoint: string) {
  await db.execute(sql`update push_endpoints set failures = failures + 1 where endpoint = ${endpoint}`);
}

/** An account was deleted: its devices hear nothing more. */
export async function forgetDevices(db: Db, userId: number) {
  await db.execute(sql`delete from push_endpoints where user_id = ${userId}`);
}
