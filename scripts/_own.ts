import fs from 'node:fs';
import path from 'node:path';
const schemaDir = 'src/server/db/schema';
const owner = new Map<string, string>();
const sqlName = new Map<string, string>();
const sqlOwner = new Map<string, string>();
for (const f of fs.readdirSync(schemaDir)) {
  const mod = f.replace(/\.ts$/, '');
  const src = fs.readFileSync(path.join(schemaDir, f), 'utf8');
  for (const m of src.matchAll(/export const (\w+) = pgTable\(\s*'(\w+)'/g)) {
    owner.set(m[1], mod);
    sqlOwner.set(m[2], mod);
    sqlName.set(m[1], m[2]);
  }
}
function walk(d: string): string[] {
  return fs
    .readdirSync(d, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? walk(path.join(d, e.name)) : [path.join(d, e.name)]));
}
const writers = new Map<string, Map<string, number>>();
for (const file of walk('src/server')) {
  if (!file.endsWith('.ts') || file.includes('.test.') || file.includes('testing') || file.includes('/db/seed'))
    continue;
  const mod = file.match(/modules\/(\w+)\//)?.[1] ?? file;
  const src = fs.readFileSync(file, 'utf8');
  const add = (t: string) => {
    const w = writers.get(t) ?? new Map();
    w.set(mod, (w.get(mod) ?? 0) + 1);
    writers.set(t, w);
  };
  for (const m of src.matchAll(/\.(insert|update|delete)\(\s*(\w+)\s*\)/g))
    if (sqlName.has(m[2])) add(sqlName.get(m[2])!);
  for (const m of src.matchAll(/\b(insert into|update|delete from)\s+"?(\w+)"?/gi)) if (sqlOwner.has(m[2])) add(m[2]);
}
for (const [t, w] of [...writers].sort())
  console.log(`${t} [${sqlOwner.get(t)}]: ${[...w].map(([m, n]) => `${m}×${n}`).join(' ')}`);
