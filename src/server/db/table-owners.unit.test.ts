import { describe, expect, it } from 'vitest';
import { schemaTables, serverFiles, strayWrites } from '../../../scripts/table-owners.ts';

/** The real tree and tables, with writes planted into it, checked by the rule `npm run lint` runs. */
const tables = schemaTables();
const tree = serverFiles();

function planted(file: string, text: string) {
  const copy = new Map(tree);
  copy.set(file, `${copy.get(file) ?? ''}\n${text}\n`);
  return strayWrites(copy, tables);
}

describe('one owner per table', () => {
  it('knows the tables and their owners, and the tree writes each only from its owner', () => {
    const owner = (sql: string) => tables.find((t) => t.sql === sql)?.owner;
    expect(owner('users')).toBe('users');
    expect(owner('user_settings')).toBe('users');
    expect(owner('entries')).toBe('entries');
    expect(owner('entry_reviews')).toBe('restrictions');
    expect(owner('meta')).toBe('base');
    expect(tables.length).toBeGreaterThan(60);
    expect(strayWrites(tree, tables)).toEqual([]);
  });

  it('fails on a raw SQL write from another module', () => {
    const file = 'src/server/modules/discovery/queries.ts';
    expect(planted(file, 'const x = sql`update users set email = ${e} where id = ${id}`;')).toMatchObject([
      { file, table: 'users', owner: 'users' },
    ]);
    expect(
      planted(file, 'sql`insert into entries (title) values (1)`; sql`delete from sessions where 1`;'),
    ).toHaveLength(2);
    expect(planted(file, 'sql`update ${users} set email = 1`;')).toMatchObject([{ table: 'users' }]);
  });

  it('fails on a drizzle write from another module, and on a loop over tables it does not own', () => {
    const file = 'src/server/modules/billing/queries.ts';
    expect(planted(file, 'await db\n    .update(entries)\n    .set({ title: "" });')).toMatchObject([
      { file, table: 'entries', owner: 'entries' },
    ]);
    expect(planted(file, 'await tx.delete(sessions);')).toMatchObject([{ table: 'sessions', owner: 'auth' }]);
    const loop =
      "import { invoices, users } from '../../db/schema.ts';\nfor (const t of [invoices, users]) await db.delete(t);";
    expect(planted('src/server/modules/billing/other-queries.ts', loop)).toMatchObject([{ table: 'users' }]);
  });

  it("fails on a write in the owner's module outside its query files, and on a base table written elsewhere", () => {
    expect(planted('src/server/modules/users/service.ts', 'await db.update(users).set({ role });')).toMatchObject([
      { table: 'users' },
    ]);
    expect(
      planted('src/server/modules/push/queries.ts', 'sql`insert into meta (key, value) values (1, 2)`'),
    ).toMatchObject([{ table: 'meta', owner: 'base' }]);
    expect(planted('src/server/db/meta.ts', 'sql`insert into meta (key, value) values (1, 2)`')).toEqual([]);
    expect(planted('src/server/modules/users/write-queries.ts', 'await db.update(users).set({ role });')).toEqual([]);
    expect(planted('src/server/modules/users/users.test.ts', 'await db.update(entries).set({});')).toEqual([]);
  });
});
