import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/index.ts';
import { col, firstRow, IdRow, intArray, rows } from '../../db/rows.ts';

const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

export type LedgerKind = 'order' | 'charge' | 'refund' | 'gift' | 'topup' | 'donation' | 'promo';

export interface LedgerInput {
  /** Null: the site's own account (editorial donations). */
  userId: number | null;
  kind: LedgerKind;
  /** Signed kopecks: money in is positive, money spent or paid out negative. */
  amount: number;
  idempotencyKey: string;
  orderId?: number | null;
  chargeId?: number | null;
  note?: string;
}

/** Stores a movement once: a second post with the same key stores nothing and answers false. */
export async function insertLedger(db: Db, r: LedgerInput): Promise<boolean> {
  const out = await rows(
    db,
    z.object({ id: col.int }),
    sql`
    insert into ledger (user_id, kind, amount, idempotency_key, order_id, charge_id, note)
    values (${r.userId}, ${r.kind}, ${r.amount}, ${r.idempotencyKey}, ${r.orderId ?? null}, ${r.chargeId ?? null},
            ${r.note ?? ''})
    on conflict (idempotency_key) do nothing
    returning id`,
  );
  return out.length > 0;
}

export async function balance(db: Db, userId: number | null): Promise<number> {
  const r = await firstRow(
    db,
    z.object({ sum: col.int }),
    sql`select coalesce(sum(amount), 0) as sum from ledger where ${userId === null ? sql`user_id is null` : sql`user_id = ${userId}`}`,
  );
  return r?.sum ?? 0;
}

const LedgerRow = z.object({
  id: col.int,
  user_id: col.int.nullable(),
  kind: col.text,
  amount: col.int,
  order_id: col.int.nullable(),
  charge_id: col.int.nullable(),
  idempotency_key: col.text,
  note: col.text,
  created_at: col.date,
});
export type LedgerRow = z.output<typeof LedgerRow>;

export async function ledgerOf(db: Db, userId: number): Promise<LedgerRow[]> {
  return rows(db, LedgerRow, sql`select * from ledger where user_id = ${userId} order by id`);
}

/** The site's own account (rows with no user), newest first, below `beforeId`. */
export async function siteLedger(db: Db, beforeId: number | null, limit: number): Promise<LedgerRow[]> {
  return rows(
    db,
    LedgerRow,
    sql`select * from ledger where user_id is null ${beforeId === null ? sql`` : sql`and id < ${beforeId}`}
        order by id desc limit ${limit}`,
  );
}

const KindTotal = z.object({ kind: col.text, amount: col.int, count: col.int });

/** The site's account summed by kind of movement. */
export async function siteLedgerTotals(db: Db) {
  return rows(
    db,
    KindTotal,
    sql`select kind, coalesce(sum(amount), 0) as amount, count(*) as count from ledger where user_id is null
        group by kind order by kind`,
  );
}

/** Readers' balance top-ups by card: what the cards paid in, and what refunds sent back. */
export async function topupTotals(db: Db): Promise<{ received: number; refunded: number }> {
  const r = await firstRow(
    db,
    z.object({ received: col.int, refunded: col.int }),
    sql`select coalesce(sum(l.amount) filter (where l.kind = 'charge'), 0) as received,
               coalesce(-sum(l.amount) filter (where l.kind = 'refund'), 0) as refunded
          from ledger l join payment_orders o on o.id = l.order_id
         where o.kind = 'topup'`,
  );
  return r ?? { received: 0, refunded: 0 };
}

export async function ledgerKeys(db: Db, keys: string[]): Promise<Set<string>> {
  const out = await rows(
    db,
    z.object({ k: col.text }),
    sql`select idempotency_key as k from ledger where idempotency_key in (${sql.join(
      keys.map((k) => sql`${k}`),
      sql`, `,
    )})`,
  );
  return new Set(out.map((r) => r.k));
}

export async function ledgerOfKey(db: Db, key: string): Promise<LedgerRow | undefined> {
  return firstRow(db, LedgerRow, sql`select * from ledger where idempotency_key = ${key}`);
}

export async function ledgerOfOrder(db: Db, orderId: number): Promise<LedgerRow[]> {
  return rows(db, LedgerRow, sql`select * from ledger where order_id = ${orderId} order by id`);
}

// ——— Plus ———

const PlusRow = z.object({ is_paid: col.bool, paid_until: col.date.nullable() });

/**
 * Extends Plus by `days` from the later of now and the current end, in one statement (concurrent grants add up).
 * Answers the new end.
 */
export async function extendPlus(db: Db, userId: number, days: number, now: Date): Promise<Date | null> {
  const r = await firstRow(
    db,
    PlusRow,
    sql`
    update users set is_paid = true,
           paid_until = greatest(coalesce(paid_until, ${ts(now)}), ${ts(now)}) + make_interval(days => ${days})
     where id = ${userId}
    returning is_paid, paid_until`,
  );
  return r?.paid_until ?? null;
}

/** Takes `days` back (a refund); Plus ends when nothing is left. */
export async function shortenPlus(db: Db, userId: number, days: number, now: Date): Promise<void> {
  await db.execute(sql`
    update users set paid_until = paid_until - make_interval(days => ${days})
     where id = ${userId} and paid_until is not null`);
  await db.execute(sql`
    update users set is_paid = false where id = ${userId} and (paid_until is null or paid_until <= ${ts(now)})`);
}

/** Plus ends for everyone whose paid period is over; answers who lost it. */
export async function expirePlus(db: Db, now: Date): Promise<number[]> {
  const out = await rows(
    db,
    z.object({ id: col.int }),
    sql`update users u set is_paid = false
         where is_paid and paid_until is not null and paid_until <= ${ts(now)}
           and not exists (select 1 from payment_subscriptions s where s.user_id = u.id and s.status = 'active')
        returning id`,
  );
  return out.map((r) => r.id);
}

export async function plusOf(db: Db, userId: number) {
  return firstRow(
    db,
    PlusRow.extend({ email: col.text }),
    sql`select is_paid, paid_until, email from users where id = ${userId}`,
  );
}

export async function userExists(db: Db, userId: number): Promise<boolean> {
  return (await rows(db, z.object({ id: col.int }), sql`select id from users where id = ${userId}`)).length > 0;
}

// ——— Orders ———

const OrderRow = z.object({
  id: col.int,
  user_id: col.int,
  recipient_id: col.int.nullable(),
  kind: col.text,
  stuff_id: col.int.nullable(),
  amount: col.int,
  email: col.text,
  status: z.enum(['new', 'pending', 'paid', 'declined', 'refunded']),
  provider: col.text,
  idempotency_key: col.text.nullable(),
  reason: col.text.nullable(),
  meta: col.json,
  created_at: col.date,
  paid_at: col.date.nullable(),
});
export type OrderRow = z.output<typeof OrderRow>;

export interface OrderInput {
  userId: number;
  recipientId: number | null;
  kind: string;
  stuffId: number | null;
  amount: number;
  email: string;
  provider: string;
  idempotencyKey: string | null;
  meta?: Record<string, unknown>;
}

/** A new order, or undefined when one with the key exists (it is then read with `orderByKey`). */
export async function insertOrder(db: Db, o: OrderInput): Promise<OrderRow | undefined> {
  return firstRow(
    db,
    OrderRow,
    sql`
    insert into payment_orders (user_id, recipient_id, kind, stuff_id, amount, email, provider, idempotency_key, meta)
    values (${o.userId}, ${o.recipientId}, ${o.kind}, ${o.stuffId}, ${o.amount}, ${o.email}, ${o.provider},
            ${o.idempotencyKey}, ${JSON.stringify(o.meta ?? {})}::jsonb)
    on conflict (idempotency_key) do nothing
    returning *`,
  );
}

export async function orderByKey(db: Db, key: string): Promise<OrderRow | undefined> {
  return firstRow(db, OrderRow, sql`select * from payment_orders where idempotency_key = ${key}`);
}

export async function orderById(db: Db, id: number, lock = false): Promise<OrderRow | undefined> {
  return firstRow(db, OrderRow, sql`select * from payment_orders where id = ${id} ${lock ? sql`for update` : sql``}`);
}

/** Moves an order on only from the given states, so two callbacks cannot both pay it. */
export async function setOrderStatus(
  db: Db,
  id: number,
  from: OrderRow['status'][],
  to: OrderRow['status'],
  now: Date,
  reason: string | null = null,
): Promise<boolean> {
  const out = await rows(
    db,
    z.object({ id: col.int }),
    sql`
    update payment_orders set status = ${to}, reason = ${reason},
           paid_at = case when ${to} = 'paid' then ${ts(now)} else paid_at end
     where id = ${id} and status in (${sql.join(
       from.map((s) => sql`${s}`),
       sql`, `,
     )})
    returning id`,
  );
  return out.length > 0;
}

// ——— Charges ———

const ChargeRow = z.object({
  id: col.int,
  order_id: col.int,
  subscription_id: col.int.nullable(),
  provider: col.text,
  transaction_id: col.text,
  amount: col.int,
  status: z.enum(['3ds', 'succeeded', 'declined', 'refunded']),
  reason: col.text.nullable(),
  card_last4: col.text.nullable(),
  card_type: col.text.nullable(),
  created_at: col.date,
});
export type ChargeRow = z.output<typeof ChargeRow>;

export interface ChargeInput {
  orderId: number;
  subscriptionId: number | null;
  provider: string;
  transactionId: string;
  amount: number;
  status: ChargeRow['status'];
  reason: string | null;
  cardLast4: string | null;
  cardType: string | null;
}

/** Stores a charge once per provider transaction; a repeat answers the stored row with `created: false`. */
export async function upsertCharge(db: Db, c: ChargeInput): Promise<{ charge: ChargeRow; created: boolean }> {
  const fresh = await firstRow(
    db,
    ChargeRow,
    sql`
    insert into payment_charges (order_id, subscription_id, provider, transaction_id, amount, status, reason,
                                 card_last4, card_type)
    values (${c.orderId}, ${c.subscriptionId}, ${c.provider}, ${c.transactionId}, ${c.amount}, ${c.status},
            ${c.reason}, ${c.cardLast4}, ${c.cardType})
    on conflict (provider, transaction_id) do nothing
    returning *`,
  );
  if (fresh) return { charge: fresh, created: true };
  const stored = await chargeByTransaction(db, c.provider, c.transactionId);
  if (!stored) throw new Error('charge vanished');
  return { charge: stored, created: false };
}

export async function chargeByTransaction(db: Db, provider: string, transactionId: string) {
  return firstRow(
    db,
    ChargeRow,
    sql`select * from payment_charges where provider = ${provider} and transaction_id = ${transactionId} for update`,
  );
}

export async function chargeById(db: Db, id: number) {
  return firstRow(db, ChargeRow, sql`select * from payment_charges where id = ${id} for update`);
}

/** Moves a charge on only from the given state (a 3-D Secure step completes once). */
export async function setChargeStatus(
  db: Db,
  id: number,
  from: ChargeRow['status'],
  to: ChargeRow['status'],
  reason: string | null = null,
): Promise<boolean> {
  const out = await rows(
    db,
    z.object({ id: col.int }),
    sql`update payment_charges set status = ${to}, reason = coalesce(${reason}, reason)
         where id = ${id} and status = ${from} returning id`,
  );
  return out.length > 0;
}

/** A charge the provider says was paid: succeeded, its card's last digits filled where the first answer had none. */
export async function completeCharge(db: Db, id: number, last4?: string, type?: string): Promise<void> {
  await db.execute(sql`
    update payment_charges set status = 'succeeded', reason = null,
           card_last4 = coalesce(card_last4, ${last4 || null}), card_type = coalesce(card_type, ${type || null})
     where id = ${id} and status in ('3ds', 'declined')`);
}

/** Succeeded charges of a provider made in [from, to): the reconciliation's side of the day. */
export async function succeededCharges(db: Db, provider: string, from: Date, to: Date) {
  return rows(
    db,
    ChargeRow,
    sql`select * from payment_charges where provider = ${provider} and status = 'succeeded'
         and created_at >= ${ts(from)} and created_at < ${ts(to)} order by id`,
  );
}

/** Marks an order for staff (the reconciliation found it paid here and not at the provider). */
export async function flagOrder(db: Db, id: number, flag: string): Promise<void> {
  await db.execute(sql`update payment_orders set meta = meta || ${JSON.stringify({ flag })}::jsonb where id = ${id}`);
}

export async function chargesOfOrder(db: Db, orderId: number): Promise<ChargeRow[]> {
  return rows(db, ChargeRow, sql`select * from payment_charges where order_id = ${orderId} order by id`);
}

/** Staff-like gifting right of subsite managers: owner or admin of a community or company. */
/**
 * A community the giver owns or administers that the receiver belongs to (subscribed or on its team), or undefined:
 * a manager gifts Plus to the members of their own community.
 */
export async function sharedManagedCommunity(db: Db, giverId: number, userId: number) {
  return firstRow(
    db,
    z.object({ id: col.int, name: col.text, created_at: col.date, subscribers_count: col.int }),
    sql`select s.id, s.name, s.created_at, s.subscribers_count from subsite_roles r join subsites s on s.id = r.subsite_id
         where r.user_id = ${giverId} and r.role in ('owner', 'admin') and s.type <> 'user'
           and (exists (select 1 from subscriptions m where m.subsite_id = s.id and m.user_id = ${userId})
             or exists (select 1 from subsite_roles t where t.subsite_id = s.id and t.user_id = ${userId}))
         order by s.created_at, s.id limit 1`,
  );
}

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

/** Plus ends now (the last recurring try failed and the paid period is over). */
export async function endPlusIfOver(db: Db, userId: number, now: Date): Promise<void> {
  await db.execute(sql`
    update users set is_paid = false where id = ${userId} and (paid_until is null or paid_until <= ${ts(now)})`);
}

// ——— History ———

const HistoryRow = z.object({
  id: col.int,
  user_id: col.int,
  kind: col.text,
  stuff_id: col.int.nullable(),
  amount: col.int,
  status: col.text,
  created_at: col.date,
  recipient_id: col.int.nullable(),
  card_last4: col.text.nullable(),
  reason: col.text.nullable(),
  flag: col.text.nullable(),
});
export type HistoryRow = z.output<typeof HistoryRow>;

/** Orders newest first, the reader's own (`userId`) or everyone's (staff), with the card of the last charge. */
export async function orderHistory(db: Db, userId: number | null, beforeId: number | null, limit: number) {
  return rows(
    db,
    HistoryRow,
    sql`
    select o.id, o.user_id, o.kind, o.stuff_id, o.amount, o.status, o.created_at, o.recipient_id, o.reason,
           o.meta->>'flag' as flag,
           (select c.card_last4 from payment_charges c where c.order_id = o.id order by c.id desc limit 1) as card_last4
      from payment_orders o
     where (${userId}::int is null or o.user_id = ${userId} or o.recipient_id = ${userId})
       and (${beforeId}::int is null or o.id < ${beforeId})
       and o.status <> 'new'
     order by o.id desc limit ${limit}`,
  );
}

/** The order waits for the bank's 3-D Secure answer; its 3DS data is kept so a repeated create answers the same. */
export async function setOrderPending(db: Db, id: number, meta: Record<string, unknown>): Promise<void> {
  await db.execute(sql`
    update payment_orders set status = 'pending', meta = meta || ${JSON.stringify(meta)}::jsonb
     where id = ${id} and status = 'new'`);
}
