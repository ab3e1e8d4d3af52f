import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * A page that calls a route through its contract is checked by the compiler against it: renaming a field of the
 * answer, or naming a route that is not the contract's, fails the type check of the page (issue 27). The pages here
 * are compiled with the project's own options beside the real `call` and the real contracts.
 */
const root = path.resolve(import.meta.dirname, '../../..');
const config = ts.getParsedCommandLineOfConfigFile(
  path.join(root, 'tsconfig.json'),
  {},
  {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: () => {},
  },
)!;

function errorsOf(files: Record<string, string>): string[] {
  const virtual = new Map(Object.entries(files).map(([name, text]) => [path.join(root, name), text]));
  const host = ts.createCompilerHost(config.options);
  const read = host.readFile.bind(host);
  const exists = host.fileExists.bind(host);
  host.readFile = (f) => virtual.get(f) ?? read(f);
  host.fileExists = (f) => virtual.has(f) || exists(f);
  const program = ts.createProgram([...virtual.keys()], { ...config.options, noEmit: true }, host);
  return ts
    .getPreEmitDiagnostics(program)
    .filter((d) => d.file && virtual.has(d.file.fileName))
    .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}

/** A page reading the bookmark count the way BookmarkButton does, against the contract module `from`. */
const page = (from: string, key = 'POST /favorite/change') => `
import type { change } from '${from}';
import { call } from './call.ts';
export async function toggle(): Promise<number | null> {
  const result = await call<typeof change>('${key}', { id: 1, type: 'content', state: 1 });
  return result.data.count;
}
`;

/** The real contract with one field of the answer renamed. */
const renamed = `
import { z } from 'zod';
import { contract } from './contract.ts';
import { change as real } from './bookmarks.ts';
export const change = contract({
  ...real,
  method: 'POST',
  path: '/favorite/change',
  response: z.object({ id: z.number(), total: z.number().nullable() }),
});
`;

describe('contracts and the type check', () => {
  it('a page reading the real contract compiles', { timeout: 240_000 }, () => {
    expect(errorsOf({ 'src/web/api/page-check.ts': page('../../shared/api/bookmarks.ts') })).toEqual([]);
  });

  it(
    'fails when the answer field the page reads is renamed, or the route is not the contract’s',
    { timeout: 240_000 },
    () => {
      const errors = errorsOf({
        'src/shared/api/renamed-check.ts': renamed,
        'src/web/api/page-check.ts': page('../../shared/api/renamed-check.ts'),
      });
      expect(errors.join('\n')).toMatch(/Property 'count' does not exist/);
      const wrongKey = errorsOf({
        'src/web/api/page-check.ts': page('../../shared/api/bookmarks.ts', 'POST /favorite/changed'),
      });
      expect(wrongKey.join('\n')).toMatch(/'"POST \/favorite\/changed"' is not assignable/);
    },
  );
});
