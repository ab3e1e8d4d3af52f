// One owner per table (docs/ARCHITECTURE.md, "One owner per table"), part of `npm run lint`. A table's owner is the module its
// schema file is named after (src/server/db/schema/<module>.ts); `insert into`, `update` and `delete from` it — in
// raw SQL or through drizzle — appear only in that module's query files (queries.ts, queries/*.ts, *-queries.ts).
// Other modules change it through the functions the owner exports. Base tables have their own doors, listed below.
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const SCHEMA = 'src/server/db/schema';

/** Tables of the base layer (schema files not named after a module) and the files allowed to write them. */
const BASE_DOORS: Record<string, RegExp> = {
  base: /^src\/server\/(jobs\/queries|db\/meta)\.ts$/,
  letters: /^src\/server\/jobs\/letters\.ts$/,
};

/** Tests, fixtures and test helpers write what they need to set a scene. */
const EXEMPT =
  /(\.test\.tsx?$|\/testing\/|\/testing\.ts$|^src\/server\/db\/(seed|seed-data|seed-media)\.ts$|\/migrations\/)/;

export interface Table {
  /** The drizzle export (`users`) and the SQL name (`users`). */
  id: string;
  sql: string;
  owner: string;
}

export function tablesOf(schemaFiles: Map<string, string>): Table[] {
  const out: Table[] = [];
  for (const [file, text] of schemaFiles) {
    const owner = path.basename(file, '.ts');
    for (const m of text.matchAll(/export const (\w+) = pgTable\(\s*'(\w+)'/g))
      out.push({ id: m[1], sql: m[2], owner });
  }
  return out;
}

/** Where a write may stand: the owner's query files, or a base table's door. */
function mayWrite(file: string, owner: string): boolean {
  if (BASE_DOORS[owner]) return BASE_DOORS[owner].test(file);
  const m = /^src\/server\/modules\/([^/]+)\/(.+)$/.exec(file);
  return Boolean(m && m[1] === owner && /(^|\/|-)queries(\/|\.ts$)/.test(m[2]));
}

export interface Write {
  file: string;
  line: number;
  table: string;
  owner: string;
}

/** Every write in `files` (path → text) to a table outside its owner's query files. */
export function strayWrites(files: Map<string, string>, tables: Table[]): Write[] {
  const byId = new Map(tables.map((t) => [t.id, t]));
  const bySql = new Map(tables.map((t) => [t.sql, t]));
  const out: Write[] = [];
  for (const [file, text] of files) {
    if (EXEMPT.test(file)) continue;
    const lineOf = (i: number) => text.slice(0, i).split('\n').length;
    const found = (t: Table | undefined, at: number) => {
      if (t && !mayWrite(file, t.owner)) out.push({ file, line: lineOf(at), table: t.sql, owner: t.owner });
    };
    // drizzle: `db.insert(users)`, `tx\n  .update(entries)`, `ctx.db.delete(table)`.
    for (const m of text.matchAll(/\b(?:db|tx)\s*\.\s*(?:insert|update|delete)\(\s*(\w+)\s*\)/g)) {
      const t = byId.get(m[1]);
      if (t) found(t, m.index);
      // A table in a variable (a loop over tables): every schema table the file names must be its own to write.
      else for (const named of tablesNamedIn(text, byId)) found(named, m.index);
    }
    // SQL text: `insert into users`, `update entries e set`, `delete from sessions`, and `${users}` interpolations.
    for (const m of text.matchAll(/\b(?:insert\s+into|update|delete\s+from)\s+(?:"?(\w+)"?|\$\{(\w+)\})\s/gi))
      found(m[1] ? bySql.get(m[1]) : byId.get(m[2]), m.index);
  }
  return out;
}

function tablesNamedIn(text: string, byId: Map<string, Table>): Table[] {
  const imported = /import\s*\{([^}]*)\}\s*from\s*'[^']*db\/schema\.ts'/.exec(text)?.[1] ?? '';
  return imported
    .split(',')
    .map((s) => byId.get(s.trim().split(/\s+as\s+/)[0]))
    .filter((t): t is Table => Boolean(t));
}

function read(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (d: string) => {
    for (const e of fs.readdirSync(path.join(root, d), { withFileTypes: true })) {
      const rel = `${d}/${e.name}`;
      if (e.isDirectory()) walk(rel);
      else if (/\.tsx?$/.test(e.name)) files.set(rel, fs.readFileSync(path.join(root, rel), 'utf8'));
    }
  };
  walk(dir);
  return files;
}

export const serverFiles = () => read('src/server');
export const schemaTables = () => tablesOf(read(SCHEMA));

if (import.meta.filename === process.argv[1]) {
  const stray = strayWrites(serverFiles(), schemaTables());
  for (const w of stray) console.error(`${w.file}:${w.line}: writes ${w.table}, owned by ${w.owner}`);
  if (stray.length) {
    console.error(`${stray.length} write(s) outside the owning module's query files`);
    process.exit(1);
  }
  console.log(`table owners: ${schemaTables().length} tables, every write in its owner's query files`);
}
