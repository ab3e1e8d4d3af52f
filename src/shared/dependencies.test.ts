import fs from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const versionOf = (name: string) =>
  JSON.parse(fs.readFileSync(require.resolve(`${name}/package.json`), 'utf8')).version as string;

describe('installed packages', () => {
  it('have react-router and its tools on one version (otherwise npm install stops on a peer conflict)', () => {
    const versions = ['react-router', '@react-router/node', '@react-router/dev'].map(versionOf);
    expect(new Set(versions).size, versions.join(', ')).toBe(1);
  });
});
