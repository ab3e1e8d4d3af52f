// ESLint: typescript-eslint's recommended rules (type-aware ones on the server and shared code, the rest syntax only),
// the hooks rules for the React app, and the import rules of docs/ARCHITECTURE.md ("Import rules").
import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;
const modulesDir = 'src/server/modules';

/**
 * The import boundaries, as zones of import-x/no-restricted-paths (paths relative to the repository root):
 * src/server and src/web never import each other, src/shared imports neither, and a server module reaches another
 * module only through its public surface: `index.ts` (what it chose to export) and `service.ts` (its operations).
 */
export function boundaryZones(base = root) {
  const modules = fs
    .readdirSync(path.join(base, modulesDir), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();
  const zones = [
    {
      target: 'src/server',
      from: 'src/web',
      message: 'src/server never imports src/web: wire contracts live in src/shared.',
    },
    {
      target: 'src/web',
      from: 'src/server',
      message: 'src/web never imports src/server: wire contracts live in src/shared.',
    },
    {
      target: 'src/shared',
      from: ['src/server', 'src/web'],
      message: 'src/shared is isomorphic: it imports neither side.',
    },
  ];
  for (const x of modules) {
    for (const y of modules) {
      if (x === y) continue;
      zones.push({
        target: `${modulesDir}/${x}`,
        from: `${modulesDir}/${y}`,
        except: ['./index.ts', './service.ts'],
        message: `The ${x} module uses ${y} only through ${y}/index.ts or ${y}/service.ts.`,
      });
    }
  }
  return zones;
}

const sharedParsers = 'use the field parsers of src/shared/validation.ts';
/** What a routes.ts may not use to read input (selectors of no-restricted-syntax). */
export const ROUTE_INPUT_RULES = [
  { selector: "MemberExpression[object.name='z'][property.name='coerce']", message: `No z.coerce: ${sharedParsers}.` },
  {
    selector: "CallExpression[callee.object.name='z'][callee.property.name='preprocess']",
    message: `No z.preprocess: ${sharedParsers}.`,
  },
  { selector: "CallExpression[callee.name='Number']", message: `No Number(…): ${sharedParsers}.` },
  {
    selector: "CallExpression > Identifier.arguments[name='Number']",
    message: `No Number as a cast: ${sharedParsers}.`,
  },
];

/** Tests and test helpers may reach into internals (fixtures, the web client against the real server). */
const testFiles = ['**/*.test.ts', '**/*.test.tsx', '**/testing.ts', '**/testing/**'];

export default tseslint.config(
  { ignores: ['build/', 'data/', 'node_modules/', '.react-router/', 'test-results/', 'src/server/db/migrations/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      // `_name` marks a parameter or binding kept on purpose (a callback's signature, a destructured leftover).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
    },
  },
  {
    files: testFiles,
    rules: {
      // Tests read raw answers and send what the types and the field rules forbid (wrong types, control characters).
      '@typescript-eslint/no-explicit-any': 'off',
      'no-control-regex': 'off',
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx,js}', 'src/server/modules/feed/blog-widget.js'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // The service worker (/sw.js) and its offline part, which it imports.
    files: ['src/server/modules/notifications/sw.js', 'src/server/modules/site/files/sw-offline.js'],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      // An effect that deliberately runs once or keys on a value rather than an object says so in place:
      // `// eslint-disable-next-line react-hooks/exhaustive-deps -- why`.
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: testFiles,
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [importX.createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })] },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: boundaryZones() }],
    },
  },
  {
    // Type-aware rules everywhere but the tests (issue 27): a promise nobody awaits or hands on (a click handler's
    // navigation says `void`), a switch over a union that forgets a case, an assertion the types already make.
    files: ['src/server/**/*.ts', 'src/shared/**/*.ts', 'src/web/**/*.{ts,tsx}'],
    ignores: testFiles,
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: root } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
      '@typescript-eslint/no-unnecessary-type-assertion': 'error',
    },
  },
  {
    // A non-null assertion states what the code should prove (issue 27): a guard, a narrowing, a default. None is
    // allowed outside tests; tests may assert on values they have just made.
    files: ['src/**/*.{ts,tsx}'],
    ignores: testFiles,
    rules: { '@typescript-eslint/no-non-null-assertion': 'error' },
  },
  {
    // Route inputs go through the shared field parsers (src/shared/validation.ts), so a form string and a JSON value
    // give the same result everywhere; casts of their own in a route file are how "0x2ca" became 714. A route's
    // contract (src/shared/api) holds its schemas, so the same holds there.
    files: ['src/server/**/routes.ts', 'src/shared/api/**/*.ts'],
    rules: {
      'no-restricted-syntax': ['error', ...ROUTE_INPUT_RULES],
    },
  },
);
