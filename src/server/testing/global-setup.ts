import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/index.ts';
import { freshPostgres } from './postgres.ts';

/**
 * Migrates one database per test run, so a test file starts from a copy instead of an empty cluster and the whole
 * migration set (PGlite: initdb and migrations) is paid once, not once per file.
 * PGlite: the migrated data dir is dumped to a file the harness loads. PostgreSQL (DATABASE_URL): a migrated
 * template database, named for this run, that each file's database is created from; dropped when the run ends.
 */
declare module 'vitest' {
  export interface ProvidedContext {
    /** Path of a migrated PGlite data dir dump ('' with DATABASE_URL). */
    pgliteDump: string;
    /** Name of a migrated PostgreSQL template database ('' without DATABASE_URL). */
    postgresTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const pgBase = process.env.DATABASE_URL ?? '';
  if (pgBase) {
    const template = await freshPostgres(pgBase, 'sreda_template');
    const database = await openDatabase({ url: template.url, dataDir: '' });
    await database.close();
    project.provide('postgresTemplate', template.name);
    project.provide('pgliteDump', '');
    return () => template.drop();
  }
  const database = await openDatabase({ url: '', dataDir: 'memory://' });
  const client = (database.db as unknown as { $client: PGlite }).$client;
  // The copy each test file loads holds only the site's database: the cluster's template databases (a third of the
  // dump; nothing here creates a database) go, so every file untars and starts on less.
  await client.exec(`update pg_database set datistemplate = false where datname in ('template0', 'template1')`);
  await client.exec('drop database template0');
  await client.exec('drop database template1');
  await client.exec('checkpoint');
  const dump = Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer());
  await database.close();
  const file = path.join(os.tmpdir(), `sreda-test-db-${process.pid}-${crypto.randomBytes(4).toString('hex')}.tar`);
  fs.writeFileSync(file, dump);
  project.provide('pgliteDump', file);
  project.provide('postgresTemplate', '');
  return () => fs.rmSync(file, { force: true });
}
