import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/index.ts';
import { col, firstRow, rows } from '../../db/rows.ts';

const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

export type LedgerKind = 'order' | 'charge' | 'refund' | 'gift' | 'topup' | 'donation' | 'promo';

export interface LedgerInput {
  userId: number;
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

export async function balance(db: Db, userId: number): Promise<number> {
  const r = await firstRow(
    db,
    z.object({ sum: col.int }),
    sql`select coalesce(sum(amount), 0) as sum from ledger where user_id = ${userId}`,
  );
  return r?.sum ?? 0;
}

const LedgerRow = z.object({
  id: col.int,
  user_id: col.int,
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
    sql`update users set is_paid = false where is_paid and paid_until is not null and paid_until <= ${ts(now)}
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

export async function chargesOfOrder(db: Db, orderId: number): Promise<ChargeRow[]> {
  return rows(db, ChargeRow, sql`select * from payment_charges where order_id = ${orderId} order by id`);
}
