import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The import rules of docs/ARCHITECTURE.md, as the project's own ESLint config enforces them: each fixture is linted
 * as if it were a file at `at`, importing real files of the tree.
 */
const root = path.resolve(import.meta.dirname, '../..');
const RULE = 'import-x/no-restricted-paths';

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({
    cwd: root,
    // The fixtures are no files of the project: the type-aware rules, which need the project's types, are off here.
    overrideConfig: {
      files: ['**/*.ts'],
      languageOptions: { parserOptions: { projectService: false } },
      rules: {
        '@typescript-eslint/no-floating-promises': 'off',
        '@typescript-eslint/switch-exhaustiveness-check': 'off',
        '@typescript-eslint/no-unnecessary-type-assertion': 'off',
      },
    },
  });
});

async function boundaryErrors(at: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, at) });
  expect(result.messages.filter((m) => m.fatal)).toEqual([]);
  return result.messages.filter((m) => m.ruleId === RULE).map((m) => m.message);
}

describe('import rules', { timeout: 60_000 }, () => {
  it('refuses src/server importing src/web, and src/web importing src/server', async () => {
    expect(
      await boundaryErrors(
        'src/server/modules/feed/fixture.ts',
        "export type { AppContextValue } from '../../../web/context.ts';\n",
      ),
    ).toEqual([expect.stringContaining('src/server never imports src/web')]);
    expect(
      await boundaryErrors('src/server/http/fixture.ts', "export { appContext } from '../../web/context.ts';\n"),
    ).toEqual([expect.stringContaining('src/server never imports src/web')]);
    expect(
      await boundaryErrors(
        'src/web/features/feed/fixture.ts',
        "export { list } from '../../../server/modules/feed/service.ts';\n",
      ),
    ).toEqual([expect.stringContaining('src/web never imports src/server')]);
  });

  it("refuses a module reading another module's queries.ts or other internals", async () => {
    const code = [
      "export { cardSelect } from '../entries/queries.ts';",
      "export { canEdit } from '../entries/policy.ts';",
      "export { entriesPage } from '../entries/page.ts';",
      '',
    ].join('\n');
    const errors = await boundaryErrors('src/server/modules/feed/fixture.ts', code);
    expect(errors).toHaveLength(3);
    for (const e of errors)
      expect(e).toContain('The feed module uses entries only through entries/index.ts or entries/service.ts');
  });

  it("allows another module's index.ts and service.ts, the module's own files and src/shared", async () => {
    const code = [
      "export { cardSelect } from '../entries/index.ts';",
      "export { readEntry } from '../entries/service.ts';",
      "export { feedPage } from './queries.ts';",
      "export { channelName } from '../../../shared/realtime.ts';",
      "export type { PageServices } from '../../../shared/pages/index.ts';",
      '',
    ].join('\n');
    const [result] = await eslint.lintText(code, { filePath: path.join(root, 'src/server/modules/feed/fixture.ts') });
    expect(result.messages).toEqual([]);
  });

  it('lets tests reach internals', async () => {
    expect(
      await boundaryErrors(
        'src/server/modules/feed/fixture.test.ts',
        "export { cardSelect } from '../entries/queries.ts';\n",
      ),
    ).toEqual([]);
  });

  it('refuses input casts of their own in a routes.ts, and leaves other files alone', async () => {
    const code = [
      "import { z } from 'zod';",
      'export const a = z.coerce.number();',
      'export const b = z.preprocess((v) => v, z.number());',
      'export const c = (s: string) => Number(s);',
      'export const d = z.string().transform(Number);',
      '',
    ].join('\n');
    const rules = async (at: string) => {
      const [result] = await eslint.lintText(code, { filePath: path.join(root, at) });
      return result.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);
    };
    const refused = await rules('src/server/modules/feed/routes.ts');
    expect(refused).toHaveLength(4);
    for (const m of refused) expect(m).toContain('src/shared/validation.ts');
    expect(await rules('src/server/modules/feed/service.ts')).toEqual([]);
  });
});
