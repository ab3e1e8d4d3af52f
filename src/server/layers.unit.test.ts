import { beforeAll, describe, expect, it } from 'vitest';
import { check, describe as describeProblems, newProblems, serverGraph, type Graph } from '../../scripts/layers.ts';
import { layerOf } from './layers.ts';

/** The real import graph of src/server, with imports planted into it, checked by the real rules of `npm run lint`. */
let graph: Graph;
beforeAll(async () => {
  graph = await serverGraph();
}, 60_000);

function planted(...edges: [string, string][]): Graph {
  const copy: Graph = new Map([...graph].map(([file, deps]) => [file, new Set(deps)]));
  for (const [from, to] of edges) {
    expect(copy.has(from), from).toBe(true);
    expect(copy.has(to), to).toBe(true);
    copy.get(from)!.add(to);
  }
  return copy;
}

const fresh = (g: Graph) => newProblems(describeProblems(check(g))).fresh;

describe('layers', () => {
  it('places every server file, and the tree has no problem beyond the known list', () => {
    expect(graph.size).toBeGreaterThan(150);
    expect(check(graph).unplaced).toEqual([]);
    expect(newProblems(describeProblems(check(graph)))).toEqual({ fresh: [], gone: [] });
  });

  it('reads the layers off the map', () => {
    expect(layerOf('src/server/lib/cache.ts')).toBe('base');
    expect(layerOf('src/server/modules/auth/service.ts')).toBe('identity');
    expect(layerOf('src/server/modules/comments/service.ts')).toBe('content');
    expect(layerOf('src/server/modules/comments/routes.ts')).toBe('top');
    expect(layerOf('src/server/modules/billing/service.ts')).toBe('actions');
    expect(layerOf('src/server/jobs/map.ts')).toBe('base');
    expect(layerOf('src/server/jobs/handlers.ts')).toBe('top');
    expect(layerOf('src/server/modules/nowhere/x.ts')).toBe(null);
  });

  it('refuses an upward import: content importing billing, identity importing content, base importing http', () => {
    expect(
      fresh(
        planted(
          ['src/server/modules/votes/service.ts', 'src/server/modules/billing/service.ts'],
          ['src/server/modules/auth/service.ts', 'src/server/modules/bookmarks/service.ts'],
          ['src/server/lib/cache.ts', 'src/server/http/app.ts'],
        ),
      ),
    ).toEqual(
      expect.arrayContaining([
        'upward import: src/server/modules/votes/service.ts (content) imports src/server/modules/billing/service.ts (actions)',
        'upward import: src/server/modules/auth/service.ts (identity) imports src/server/modules/bookmarks/service.ts (content)',
        'upward import: src/server/lib/cache.ts (base) imports src/server/http/app.ts (top)',
      ]),
    );
  });

  it('refuses a cycle between files and a cycle between modules of one layer', () => {
    const files = fresh(
      planted(
        ['src/server/lib/log.ts', 'src/server/lib/cache.ts'],
        ['src/server/lib/cache.ts', 'src/server/lib/log.ts'],
      ),
    );
    expect(files).toContain('cycle between files: src/server/lib/cache.ts, src/server/lib/log.ts');

    // No file imports itself back here: only the modules go round.
    const modules = fresh(
      planted(
        ['src/server/modules/bookmarks/shares.ts', 'src/server/modules/media/storage.ts'],
        ['src/server/modules/media/filters.ts', 'src/server/modules/bookmarks/policy.ts'],
      ),
    );
    expect(modules.filter((p) => p.startsWith('cycle between files'))).toEqual([]);
    expect(modules).toEqual([expect.stringMatching(/^cycle between modules: .*modules\/bookmarks, .*modules\/media/)]);
  });
});
