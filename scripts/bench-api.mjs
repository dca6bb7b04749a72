// `npm run bench:api`: load on GET /api/productos (the whole active catalogue, 45 products) with
// autocannon, against the real server on PGlite and, when PostgreSQL answers, on PostgreSQL.
// Prints requests per second and latency percentiles; it is a measurement, not a test.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { root } from './lib/web-build.mjs';

const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const duration = Number(process.env.BENCH_SECONDS ?? 10);
const pgServer = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const freePort = () =>
  new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

async function startServer(env) {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MAX: '100000000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (c) => {
      out += c;
      if (out.includes('Nexbyte está listo')) resolve();
    });
    child.on('exit', (code) => reject(new Error(`server exited ${code}`)));
  });
  return { child, url: `http://127.0.0.1:${port}/api/productos` };
}

async function stop(child) {
  const exited = new Promise((resolve) => child.on('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

async function measure(label, env) {
  const { child, url } = await startServer(env);
  try {
    await autocannon({ url, connections: 10, duration: 2 }); // warm-up
    const r = await autocannon({ url, connections, duration });
    console.log(
      `${label.padEnd(11)} ${String(Math.round(r.requests.average)).padStart(6)} req/s  ` +
        `latencia p50 ${r.latency.p50} ms  p99 ${r.latency.p99} ms  ` +
        `(${r.requests.total} solicitudes, ${r.non2xx} no-2xx, ${r.errors} errores)`,
    );
  } finally {
    await stop(child);
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
