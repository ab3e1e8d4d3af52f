import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { queryRows, type Db } from './index.ts';
import { preparedRows } from './prepared.ts';

/**
 * Raw SQL rows made honest at the `queries.ts` boundary: a row schema names each column's type, and the rows are
 * parsed through it, so `count(*)` (bigint → text), `numeric` (text) and timestamps (text on PGlite) arrive as the
 * numbers and Dates the types promise. A row that does not fit is a bug in the query: it throws, loudly.
 */
export const col = {
  int: z.coerce.number().pipe(z.number().int()),
  float: z.coerce.number(),
  text: z.string(),
  bool: z.boolean(),
  date: z.coerce.date(),
  json: z.unknown(),
};

/**
 * A jsonb column whose value its one writer builds, typed by `.$type<T>()` on the table: the read checks that it is a
 * JSON object (or array) and gives it that type. Where the module has a real schema of the value, use it instead.
 */
export const jsonObject = <T extends object>() =>
  z.custom<T>((v) => typeof v === 'object' && v !== null && !Array.isArray(v));
export const jsonArray = <T>() => z.custom<T[]>((v) => Array.isArray(v));

export type RowSchema = z.ZodObject;
export type Row<S extends RowSchema> = z.output<S>;

const parseRows = <S extends RowSchema>(schema: S, rows: unknown[]): Row<S>[] => rows.map((r) => schema.parse(r));

/** Runs raw SQL on either driver and returns its rows parsed by `schema`. */
export async function rows<S extends RowSchema>(db: Db, schema: S, query: SQL): Promise<Row<S>[]> {
  return parseRows(schema, await queryRows<unknown>(db, query));
}

/** The first row, or undefined. */
export async function firstRow<S extends RowSchema>(db: Db, schema: S, query: SQL): Promise<Row<S> | undefined> {
  return (await rows(db, schema, query))[0];
}

/** The one row a statement always yields (`insert … returning` without `on conflict`, an aggregate): none is a bug. */
export async function onlyRow<S extends RowSchema>(db: Db, schema: S, query: SQL): Promise<Row<S>> {
  const row = await firstRow(db, schema, query);
  if (!row) throw new Error('the statement returned no row');
  return row;
}

/** `rows` as a named prepared statement on PostgreSQL (db/prepared.ts): for hot queries. */
export async function preparedRowsOf<S extends RowSchema>(db: Db, schema: S, query: SQL): Promise<Row<S>[]> {
  return parseRows(schema, await preparedRows<unknown>(db, query));
}

/** `returning id` of an insert. */
export const IdRow = z.object({ id: col.int });

/**
 * Ids as a Postgres array literal, passed as one text parameter and cast with `::int[]`: the same parameter type
 * whatever the count, so a prepared statement stays one plan. The ids are numbers, never text from a client.
 */
export const intArray = (ids: readonly number[]) => `{${ids.join(',')}}`;

/** A time as a `timestamptz` parameter (raw SQL would otherwise send the driver's own text for a Date). */
export const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;
