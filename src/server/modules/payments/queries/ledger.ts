import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../../db/index.ts';
import { col, firstRow, rows } from '../../../db/rows.ts';
import { ledger } from '../../../db/schema.ts';

/** The ledger of money movements and the Plus columns of users. */

export type LedgerKind = (typeof ledger.kind.enumValues)[number];
const LedgerKind = z.enum(ledger.kind.enumValues);

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
  kind: LedgerKind,
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

const KindTotal = z.object({ kind: LedgerKind, amount: col.int, count: col.int });

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

// ——— Plus ———

export async function plusOf(db: Db, userId: number) {
  return firstRow(
    db,
    z.object({ is_paid: col.bool, paid_until: col.date.nullable(), email: col.text }),
    sql`select is_paid, paid_until, email from users where id = ${userId}`,
  );
}

export async function userExists(db: Db, userId: number): Promise<boolean> {
  return (await rows(db, z.object({ id: col.int }), sql`select id from users where id = ${userId}`)).length > 0;
}
