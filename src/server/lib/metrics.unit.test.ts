import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');

describe('the Grafana dashboard', () => {
  it('queries only metrics the server defines', () => {
    const dashboard = fs.readFileSync(path.join(root, 'docs/grafana-dashboard.json'), 'utf8');
    const source = fs.readFileSync(path.join(root, 'src/server/lib/metrics.ts'), 'utf8');
    const used = new Set(
      [...dashboard.matchAll(/\bsreda_[a-z_]+/g)].map((m) => m[0].replace(/_(bucket|count|sum)$/, '')),
    );
    expect(used.size).toBeGreaterThan(15);
    for (const name of used) expect(source, name).toContain(`'${name}'`);
    const panels = (JSON.parse(dashboard) as { panels: { targets: { expr: string }[] }[] }).panels;
    expect(panels.every((p) => p.targets.length > 0)).toBe(true);
  });
});
