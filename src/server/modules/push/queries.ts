import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/index.ts';

/** The SQL of web push: the readers' push endpoints and the installation's VAPID keys. */

export interface PushEndpointRow { endpoint: string; user_id: number; p256dh: string; auth: string }

/** A browser's subscription; re-subscribing the same endpoint (another account on the same browser) moves it. */
export async function savePushEndpoint(db: Db, row: { endpoint: string; userId: number; p256dh: string; auth: string; userAgent: string }) {
  await db.execute(sql`
    insert into push_endpoints (endpoint, user_id, p256dh, auth, user_agent) values (${row.endpoint}, ${row.userId}, ${row.p256dh}, ${row.auth}, ${row.userAgent})
    on conflict (endpoint) do update set user_id = excluded.user_id, p256dh = excluded.p256dh, auth = excluded.auth,
      user_agent = excluded.user_agent, failures = 0`);
}

/** Deletes the user's own endpoint; whether there was one. */
export async function deletePushEndpoint(db: Db, userId: number, endpoint: string): Promise<boolean> {
  const rows = await queryRows(db, sql`delete from push_endpoints where endpoint = ${endpoint} and user_id = ${userId} returning endpoint`);
  return rows.length > 0;
}

export async function forgetPushEndpoint(db: Db, endpoint: string) {
  await db.execute(sql`delete from push_endpoints where endpoint = ${endpoint}`);
}

export async function pushEndpointsOf(db: Db, userId: number): Promise<PushEndpointRow[]> {
  return queryRows<PushEndpointRow>(db, sql`select endpoint, user_id, p256dh, auth from push_endpoints where user_id = ${userId}`);
}

export async function pushEndpoint(db: Db, endpoint: string): Promise<PushEndpointRow | undefined> {
  const [row] = await queryRows<PushEndpointRow>(db, sql`select endpoint, user_id, p256dh, auth from push_endpoints where endpoint = ${endpoint}`);
  return row;
}

export async function pushDelivered(db: Db, endpoint: string, now: Date) {
  await db.execute(sql`update push_endpoints set last_success_at = ${now}, failures = 0 where endpoint = ${endpoint}`);
}

export async function pushFailed(db: Db, endpoint: string) {
  await db.execute(sql`update push_endpoints set failures = failures + 1 where endpoint = ${endpoint}`);
}

/** A `meta` value, created by the first node that asks (a second node reads the first one's). */
export async function metaValue<T>(db: Db, key: string, create: () => T): Promise<T> {
  await db.execute(sql`insert into meta (key, value) values (${key}, ${JSON.stringify(create())}::jsonb) on conflict (key) do nothing`);
  const [row] = await queryRows<{ value: T }>(db, sql`select value from meta where key = ${key}`);
  return row.value;
}
