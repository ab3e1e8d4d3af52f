import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The web calls the API only through contracts (`call<typeof c>('POST /path', input)`, call.ts): a hand-typed
 * `api.get<T>('path', data)` or a direct `request(…)` would compile whatever the server answers (issue 27).
 */
const web = path.resolve(import.meta.dirname, '..');

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const full = path.join(dir, d.name);
    if (d.isDirectory()) return d.name === '+types' ? [] : sources(full);
    return /\.tsx?$/.test(d.name) && !/\.test\.tsx?$/.test(d.name) ? [full] : [];
  });
}

/** A string call (`api.get(`, `api.post<T>(`…) or `request`/`send` taken from request.ts by anything but call.ts. */
export function stringCalls(file: string, text: string): string[] {
  const found = [...text.matchAll(/\bapi\s*\.\s*(get|post|delete|put|patch)\s*[<(]/g)].map((m) => m[0]);
  const fromRequest = /import\s*\{([^}]*)\}\s*from\s*'[./]*(?:api\/)?request(?:\.ts)?'/g;
  if (!file.endsWith(path.join('api', 'call.ts')))
    for (const m of text.matchAll(fromRequest))
      if (/\b(request|send|api)\b/.test(m[1].replace(/\btype\s+\w+/g, ''))) found.push(m[0]);
  return found;
}

describe('API calls from the web', () => {
  it('go through contracts only: no api.get/post string call, no bare request()', () => {
    const offenders = sources(web).flatMap((file) =>
      stringCalls(file, fs.readFileSync(file, 'utf8')).map((hit) => `${path.relative(web, file)}: ${hit}`),
    );
    expect(offenders).toEqual([]);
  });

  it('would catch one', () => {
    expect(stringCalls('src/web/x.ts', "await api.post<{ id: number }>('comment/add', { text })")).toHaveLength(1);
    expect(stringCalls('src/web/x.ts', "const r = await api.get('feed')")).toHaveLength(1);
    expect(stringCalls('src/web/x.ts', "import { request } from '../../api/request.ts';")).toHaveLength(1);
    expect(stringCalls('src/web/x.ts', "import { type RequestOptions } from '../../api/request.ts';")).toEqual([]);
    expect(stringCalls('src/web/x.ts', "await call<typeof add>('POST /comment/add', { text })")).toEqual([]);
  });
});
