// The two databases a benchmark runs the real server on: PGlite in a throw-away data directory,
// and a throw-away database on the PostgreSQL server at BENCH_PG_URL (skipped when it does not
// answer). Each is removed afterwards, whatever happens.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const pgServer = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const JWT_SECRET = 'bench-secret-bench-secret-bench-secret-0000';

const psql = (sql) => spawnSync('psql', [pgServer, '-qc', sql], { stdio: 'ignore' }).status === 0;

/** Which databases to measure: BENCH_DB=pglite or postgres for one of them, both otherwise. */
const only = process.env.BENCH_DB ?? '';

/** Calls measure(label, env) for PGlite, then for PostgreSQL when it answers. */
export async function forEachDatabase(measure) {
  if (only !== 'postgres') {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'nexbyte-bench-'));
    try {
      await measure('PGlite', { DATA_DIR: dataDir, DATABASE_URL: '', JWT_SECRET });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  if (only === 'pglite') return;

  const db = `nexbyte_bench_${process.pid}`;
  if (!psql(`create database ${db}`)) {
    console.log(`PostgreSQL no disponible en ${pgServer} (BENCH_PG_URL); medición omitida`);
    return;
  }
  const url = new URL(pgServer);
  url.pathname = `/${db}`;
  try {
    await measure('PostgreSQL', { DATABASE_URL: url.toString(), JWT_SECRET });
  } finally {
    psql(`drop database if exists ${db} with (force)`);
  }
}

export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

let freshCount = 0;

/**
 * Another empty database of the same kind as `env` (forEachDatabase's): for a server that must
 * not start from what an earlier one left (a round of its own, a reference build). Resolves to
 * { env, drop } and `drop()` removes it.
 */
export function freshDatabase(env) {
  freshCount += 1;
  if (env.DATA_DIR) {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'nexbyte-bench-'));
    return {
      env: { ...env, DATA_DIR: dataDir },
      drop: () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const url = new URL(env.DATABASE_URL);
  const db = `${url.pathname.slice(1)}_${freshCount}`;
  if (!psql(`create database ${db}`)) throw new Error(`no se pudo crear la base ${db}`);
  url.pathname = `/${db}`;
  return {
    env: { ...env, DATABASE_URL: url.toString() },
    drop: () => psql(`drop database if exists ${db} with (force)`),
  };
}
