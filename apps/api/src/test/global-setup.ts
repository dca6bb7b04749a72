import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrationsFolder, openDatabase } from '../db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A tarball of an in-memory PGlite with every migration applied. */
    pgliteTemplate: string;
    /** A PostgreSQL database with every migration applied, copied by each test file. */
    postgresTemplate: string;
  }
}

/**
 * Every API test file starts from an empty, migrated database. Starting a PGlite cluster from
 * nothing (initdb) and running every migration costs seconds per file; doing it once and copying
 * the result (a tarball for PGlite, CREATE DATABASE … TEMPLATE on PostgreSQL) keeps the same
 * starting point for a fraction of the time. The files still call `migrate()`, which finds
 * nothing left to apply.
 */
export default async function setup(project: TestProject) {
  if (project.config.env?.TEST_DB_KIND === 'postgres') return postgresTemplate(project);
  return pgliteTemplate(project);
}

async function pgliteTemplate(project: TestProject) {
  const client = await PGlite.create({ extensions: { unaccent, pg_trgm } });
  await migrate(drizzle(client) as never, { migrationsFolder });
  const dump = await client.dumpDataDir('none');
  await client.close();
  const dir = mkdtempSync(path.join(tmpdir(), 'nexbyte-template-'));
  const file = path.join(dir, 'pglite.tar');
  writeFileSync(file, new Uint8Array(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => rmSync(dir, { recursive: true, force: true });
}

async function postgresTemplate(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DB_KIND=postgres necesita TEST_DATABASE_URL');
  const name = `nexbyte_template_${randomBytes(6).toString('hex')}`;
  const run = async (statement: string) => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      await admin.query(statement);
    } finally {
      await admin.end();
    }
  };
  await run(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  // Closed before any copy: CREATE DATABASE … TEMPLATE refuses a template with sessions open.
  const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 1 });
  await database.migrate();
  await database.close();
  project.provide('postgresTemplate', name);
  return () => run(`drop database if exists ${name} with (force)`);
}
