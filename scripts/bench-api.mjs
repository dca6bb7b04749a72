// `npm run bench:api`: load on GET /api/productos (the whole active catalogue, 45 products) with
// autocannon, against the real server on PGlite and, when PostgreSQL answers, on PostgreSQL.
// Prints requests per second and latency percentiles; it is a measurement, not a test.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { startServer, stopServer } from './lib/server.mjs';

const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const duration = Number(process.env.BENCH_SECONDS ?? 10);
const pgServer = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function measure(label, env) {
  const { child, origin } = await startServer(env);
  const url = `${origin}/api/productos`;
  try {
    await autocannon({ url, connections: 10, duration: 2 }); // warm-up
    const r = await autocannon({ url, connections, duration });
    console.log(
      `${label.padEnd(11)} ${String(Math.round(r.requests.average)).padStart(6)} req/s  ` +
        `latencia p50 ${r.latency.p50} ms  p99 ${r.latency.p99} ms  ` +
        `(${r.requests.total} solicitudes, ${r.non2xx} no-2xx, ${r.errors} errores)`,
    );
  } finally {
    await stopServer(child);
  }
}

console.log(`GET /api/productos, ${connections} conexiones, ${duration} s por base de datos`);

const dataDir = mkdtempSync(path.join(tmpdir(), 'nexbyte-bench-'));
await measure('PGlite', { DATA_DIR: dataDir, DATABASE_URL: '' });
rmSync(dataDir, { recursive: true, force: true });

const db = `nexbyte_bench_${process.pid}`;
const psql = (sql) => spawnSync('psql', [pgServer, '-qc', sql], { stdio: 'ignore' }).status === 0;
if (psql(`create database ${db}`)) {
  const url = new URL(pgServer);
  url.pathname = `/${db}`;
  try {
    await measure('PostgreSQL', {
      DATABASE_URL: url.toString(),
      JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0000',
    });
  } finally {
    psql(`drop database if exists ${db} with (force)`);
  }
} else {
  console.log('PostgreSQL    no disponible en BENCH_PG_URL; medición omitida');
}
