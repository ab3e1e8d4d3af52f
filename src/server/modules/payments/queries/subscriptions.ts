import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../../db/index.ts';
import { col, firstRow, IdRow, intArray, rows, ts } from '../../../db/rows.ts';

/** Managers' gifts and the monthly tariff's subscriptions. */

/** Serialises gifts by the giver and to the receiver (in id order: no deadlock), so no limit is passed twice at once. */
export async function lockUserRows(db: Db, ids: number[]): Promise<void> {
  await rows(db, IdRow, sql`select id from users where id = any(${intArray(ids)}::int[]) order by id for update`);
}

/** The tariffs of the managers' gifts (those naming a community) this reader received since `since`. */
export async function managerGiftsTo(db: Db, userId: number, since: Date): Promise<number[]> {
  const found = await rows(
    db,
    z.object({ stuff_id: col.int }),
    sql`select stuff_id from payment_orders
         where recipient_id = ${userId} and kind = 'gift' and meta ? 'community_id' and created_at > ${ts(since)}`,
  );
  return found.map((r) => r.stuff_id);
}

/** Gifts this giver made since `since` (a manager's limit). */
export async function giftsSince(db: Db, giverId: number, since: Date): Promise<number> {
  const r = await firstRow(
    db,
    z.object({ n: col.int }),
    sql`select count(*) as n from payment_orders where user_id = ${giverId} and kind = 'gift' and created_at > ${ts(since)}`,
  );
  return r?.n ?? 0;
}

// ——— Subscriptions ———

const SubscriptionRow = z.object({
  id: col.int,
  user_id: col.int,
  provider: col.text,
  token: col.text,
  price: col.int,
  email: col.text,
  status: z.enum(['active', 'cancelled', 'failed']),
  failures: col.int,
  cancel_reason: col.text.nullable(),
  date_next_transaction: col.date,
  retry_at: col.date.nullable(),
  created_at: col.date,
});
export type SubscriptionRow = z.output<typeof SubscriptionRow>;

/** Starts (or, with a new card, restarts) the reader's recurring Plus; one active subscription per reader. */
export async function upsertSubscription(
  db: Db,
  s: { userId: number; provider: string; token: string; price: number; email: string; next: Date },
): Promise<void> {
  await db.execute(sql`
    update payment_subscriptions set status = 'cancelled', cancel_reason = 'replaced'
     where user_id = ${s.userId} and status = 'active'`);
  await db.execute(sql`
    insert into payment_subscriptions (user_id, provider, token, price, email, date_next_transaction)
    values (${s.userId}, ${s.provider}, ${s.token}, ${s.price}, ${s.email}, ${ts(s.next)})`);
}

export async function activeSubscription(db: Db, userId: number): Promise<SubscriptionRow | undefined> {
  return firstRow(
    db,
    SubscriptionRow,
    sql`select * from payment_subscriptions where user_id = ${userId} and status = 'active'`,
  );
}

/** Due subscriptions (a first charge or a retry), locked so two workers never charge one twice. */
export async function dueSubscriptions(db: Db, now: Date, limit: number): Promise<SubscriptionRow[]> {
  return rows(
    db,
    SubscriptionRow,
    sql`select * from payment_subscriptions
         where status = 'active' and coalesce(retry_at, date_next_transaction) <= ${ts(now)}
         order by coalesce(retry_at, date_next_transaction), id limit ${limit}
         for update skip locked`,
  );
}

export async function subscriptionCharged(db: Db, id: number, next: Date): Promise<void> {
  await db.execute(sql`
    update payment_subscriptions set date_next_transaction = ${ts(next)}, failures = 0, retry_at = null
     where id = ${id}`);
}

export async function subscriptionDeclined(db: Db, id: number, failures: number, retryAt: Date | null): Promise<void> {
  await db.execute(sql`
    update payment_subscriptions
       set failures = ${failures}, retry_at = ${retryAt ? ts(retryAt) : null},
           status = case when ${retryAt === null} then 'failed' else status end
     where id = ${id}`);
}

export async function cancelSubscription(db: Db, userId: number, reason: string): Promise<boolean> {
  const out = await rows(
    db,
    z.object({ id: col.int }),
    sql`update payment_subscriptions set status = 'cancelled', cancel_reason = ${reason}
         where user_id = ${userId} and status = 'active' returning id`,
  );
  return out.length > 0;
}
