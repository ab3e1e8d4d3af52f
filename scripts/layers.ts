// The server's import structure (docs/ARCHITECTURE.md, "Import rules"), part of `npm run lint`: dependency-cruiser
// reads every import of src/server (type-only ones included), and the run fails on a cycle between files, a cycle
// between modules, an import of a higher layer (src/server/layers.ts) or a file the layer map does not place.
import fs from 'node:fs';
import path from 'node:path';
import { cruise, type ICruiseResult } from 'dependency-cruiser';
import { layerOf, rank, unitOf } from '../src/server/layers.ts';

const root = path.resolve(import.meta.dirname, '..');

/** Source files only: tests and test helpers may import anything. */
const EXCLUDE = '(\\.test\\.tsx?$|/testing/|/testing\\.ts$|\\.d\\.ts$|/migrations/)';

export type Graph = Map<string, Set<string>>;

/** Every server file and the server or shared files it imports. */
export async function serverGraph(): Promise<Graph> {
  const result = await cruise(
    ['src/server'],
    {
      baseDir: root,
      tsPreCompilationDeps: true,
      exclude: { path: EXCLUDE },
      doNotFollow: { path: '(^node_modules/|^src/shared/)' },
      moduleSystems: ['es6'],
    },
    { extensions: ['.ts', '.tsx', '.js', '.json'] },
    { tsConfig: { fileName: path.join(root, 'tsconfig.json') } },
  );
  const graph: Graph = new Map();
  for (const m of (result.output as ICruiseResult).modules) {
    if (!m.source.startsWith('src/server/')) continue;
    const deps = m.dependencies.map((d) => d.resolved).filter((d) => /^src\/(server|shared)\//.test(d));
    graph.set(m.source, new Set(deps.filter((d) => !new RegExp(EXCLUDE).test(d))));
  }
  return graph;
}

/** Strongly connected components of more than one node (Tarjan), each sorted: the import cycles. */
export function cycles(graph: Graph): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const c: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        c.push(w);
      } while (w !== v);
      if (c.length > 1) found.push(c.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

/**
 * The unit of the cycle check between modules: a module's folder, but its routes.ts, page.ts and module.ts (its
 * HTTP face and wiring, in the top layer) apart; outside the modules every file stands alone (the file cycles cover them).
 */
function unitFor(file: string) {
  const unit = unitOf(file);
  if (!unit?.startsWith('modules/')) return file;
  return /^src\/server\/modules\/[^/]+\/(routes|page|module)\.ts$/.test(file) ? `${unit}/http` : unit;
}

export interface Report {
  fileCycles: string[][];
  moduleCycles: string[][];
  upward: string[];
  unplaced: string[];
}

export function check(graph: Graph): Report {
  const units: Graph = new Map();
  const upward: string[] = [];
  const unplaced = new Set<string>();
  for (const [from, deps] of graph) {
    const a = unitFor(from);
    if (!units.has(a)) units.set(a, new Set());
    const la = layerOf(from);
    if (!la) unplaced.add(from);
    for (const to of deps) {
      const b = unitFor(to);
      if (a !== b) units.get(a)!.add(b);
      const lb = layerOf(to);
      if (!lb) unplaced.add(to);
      if (la && lb && rank(lb) > rank(la)) upward.push(`${from} (${la}) imports ${to} (${lb})`);
    }
  }
  return { fileCycles: cycles(graph), moduleCycles: cycles(units), upward, unplaced: [...unplaced].sort() };
}

export function describe(r: Report): string[] {
  return [
    ...r.fileCycles.map((c) => `cycle between files: ${c.join(', ')}`),
    ...r.moduleCycles.map((c) => `cycle between modules: ${c.join(', ')}`),
    ...r.upward.map((u) => `upward import: ${u}`),
    ...r.unplaced.map((f) => `not in the layer map (src/server/layers.ts): ${f}`),
  ];
}

/**
 * Problems known when the check came in, each still to be removed (scripts/layers-known.json): they are reported,
 * and the run fails on any other, and on a known one that is gone (so the list only shrinks).
 */
export const KNOWN: string[] = JSON.parse(fs.readFileSync(path.join(root, 'scripts/layers-known.json'), 'utf8'));

export function newProblems(problems: string[]) {
  const known = new Set(KNOWN);
  return {
    fresh: problems.filter((p) => !known.has(p)),
    gone: KNOWN.filter((p) => !problems.includes(p)),
  };
}

if (import.meta.main) {
  const graph = await serverGraph();
  const problems = describe(check(graph));
  if (process.argv.includes('--write-known')) {
    fs.writeFileSync(path.join(root, 'scripts/layers-known.json'), JSON.stringify(problems, null, 2) + '\n');
    process.exit(0);
  }
  const { fresh, gone } = newProblems(problems);
  for (const p of fresh) console.error(p);
  for (const p of gone) console.error(`fixed, remove it from scripts/layers-known.json: ${p}`);
  console.log(`layers: ${graph.size} server files, ${problems.length - fresh.length} known problem(s) left`);
  if (fresh.length || gone.length) process.exit(1);
}
