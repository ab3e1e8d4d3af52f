import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { migrationsFolder, type Db } from '../../db/index.ts';
import { col, onlyRow, rows } from '../../db/rows.ts';

/** drizzle's journal of this code's migrations: their tags by `when` (what the migrations table keeps). */
export function journal(): { tag: string; when: number }[] {
  const file = path.join(migrationsFolder, 'meta', '_journal.json');
  return (JSON.parse(fs.readFileSync(file, 'utf8')) as { entries: { tag: string; when: number }[] }).entries;
}

/** How far the database's schema is: drizzle's applied migrations, counted, and the last one's tag. */
export async function migrationLevel(db: Db): Promise<{ count: number; last: string | null }> {
  const there = await onlyRow(
    db,
    z.object({ present: z.boolean() }),
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  );
  if (!there.present) return { count: 0, last: null };
  const row = await onlyRow(
    db,
    z.object({ n: col.int, last: z.coerce.number().nullable() }),
    sql`select count(*) as n, max(created_at)::text as last from drizzle.__drizzle_migrations`,
  );
  const last = row.last === null ? null : (journal().find((e) => e.when === row.last)?.tag ?? String(row.last));
  return { count: row.n, last };
}

/** The tables a database holds outside the system schemas (an empty site has none). */
export async function userTables(db: Db): Promise<string[]> {
  const found = await rows(
    db,
    z.object({ name: col.text }),
    sql`select schemaname || '.' || tablename as name from pg_tables
        where schemaname not in ('pg_catalog', 'information_schema') order by 1`,
  );
  return found.map((r) => r.name);
}

/** Drops every schema of the site's own (restore --force), leaving an empty `public`. */
export async function wipeSchemas(db: Db): Promise<void> {
  const schemas = await rows(
    db,
    z.object({ name: col.text }),
    sql`select nspname as name from pg_namespace
        where nspname not in ('information_schema') and nspname not like 'pg\\_%'`,
  );
  for (const s of schemas) await db.execute(sql`drop schema ${sql.identifier(s.name)} cascade`);
  await db.execute(sql`create schema public`);
}
