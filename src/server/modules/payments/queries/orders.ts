import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../../db/index.ts';
import { col, firstRow, jsonObject, rows } from '../../../db/rows.ts';
import { paymentOrders, type OrderMeta } from '../../../db/schema.ts';

const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/** Orders, their charges and the payment history. */

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
  meta: jsonObject<OrderMeta>(),
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
  meta?: OrderMeta;
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
/** Orders still waiting (new, or pending a payment or 3-D Secure) that were made before `before`: declined. */
export async function declineWaitingOrders(db: Db, before: Date, reason: string): Promise<number[]> {
  const out = await rows(
    db,
    z.object({ id: col.int }),
    sql`
    update payment_orders set status = 'declined', reason = ${reason}
     where status in ('new', 'pending') and created_at < ${ts(before)}
    returning id`,
  );
  return out.map((r) => r.id);
}

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

/** The order waits for the bank's 3-D Secure answer; its 3DS data is kept so a repeated create answers the same. */
export async function setOrderPending(db: Db, id: number, meta: OrderMeta): Promise<void> {
  await db.execute(sql`
    update payment_orders set status = 'pending', meta = meta || ${JSON.stringify(meta)}::jsonb
     where id = ${id} and status = 'new'`);
}

// ——— History ———

const HistoryRow = z.object({
  id: col.int,
  user_id: col.int,
  kind: col.text,
  stuff_id: col.int.nullable(),
  amount: col.int,
  status: z.enum(paymentOrders.status.enumValues),
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

// ——— The order number of a reader's last prepare ———

const PreparedRow = z.object({ order_number: col.text, created_at: col.date });

export async function keepPreparedOrder(db: Db, userId: number, order: string, at: Date): Promise<void> {
  await db.execute(sql`
    insert into payment_prepared_orders (user_id, order_number, created_at) values (${userId}, ${order}, ${ts(at)})
    on conflict (user_id) do update set order_number = excluded.order_number, created_at = excluded.created_at`);
}

export async function preparedOrder(db: Db, userId: number): Promise<z.output<typeof PreparedRow> | undefined> {
  return firstRow(
    db,
    PreparedRow,
    sql`select order_number, created_at from payment_prepared_orders where user_id = ${userId}`,
  );
}
