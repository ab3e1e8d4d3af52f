import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { seedCommunities, seedEntries, seedUsers } from './seed-data.ts';
import { seedEvents, seedVacancies } from './seed-board.ts';

const root = path.join(import.meta.dirname, '../../..');
const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  engines: { node: string };
  devDependencies: Record<string, string>;
};

/** The README is a newcomer's first page: what it promises must be what the project does. */
describe('README', () => {
  it('counts the demo content the seed really adds', () => {
    const seeded = readme.match(/\((\d+) communities, (\d+) authors with blogs, (\d+) entries,/);
    expect(seeded?.slice(1).map(Number)).toEqual([seedCommunities.length, seedUsers.length, seedEntries.length]);
    const board = readme.match(/(\d+) vacancies on `\/job`\s+and (\d+) events to come/);
    expect(board?.slice(1).map(Number)).toEqual([seedVacancies.length, seedEvents.length]);
  });

  it('names the Node version package.json asks for, the one npm install brings', () => {
    const major = pkg.engines.node.match(/\d+/)?.[0];
    expect(readme).toContain(`\`engines\` in \`package.json\`: \`${pkg.engines.node}\``);
    expect(readme).toContain(`The code runs on Node.js ${major}`);
    expect(pkg.devDependencies.node).toMatch(new RegExp(`^\\^${major}\\.`));
  });

  it('links to nothing outside the project', () => {
    expect(readme).not.toMatch(/\.\.\//);
  });
});
