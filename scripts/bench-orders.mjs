// `npm run bench:orders`: 200 buyers at once (guest orders of one unit each) against the real
// server on a fresh PostgreSQL database, for a product with 10 units. Prints how many orders were
// created, the stock left (10 and 0 are the only right answers) and the latency of placing an
// order. A measurement, not a test: the concurrency test in the API suite is the proof.
import { spawnSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { startBenchServer, stopServer } from './lib/server.mjs';

const buyers = Number(process.env.BENCH_BUYERS ?? 200);
const units = Number(process.env.BENCH_STOCK ?? 10);
const pgServer = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PRODUCT = 'Monitor AOC 22" Full HD';

const db = `nexbyte_bench_orders_${process.pid}`;
const psql = (url, sql) =>
  spawnSync('psql', [url, '-qAtc', sql], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

function percentile(sorted, p) {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)];
}

async function placeOrder(origin, productoId, i) {
  const started = performance.now();
  const res = await fetch(`${origin}/api/pedidos`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': `bench-${process.pid}-${i}` },
    body: JSON.stringify({
      nombre: `Comprador ${i}`,
      correo: `comprador${i}@gmail.com`,
      run: '7.654.321-6',
      telefono: '9 1234 5678',
      region: 'Metropolitana de Santiago',
      comuna: 'Providencia',
      direccion: 'Los Leones 456',
      items: [{ productoId, qty: 1 }],
    }),
  });
  await res.arrayBuffer();
  return { status: res.status, ms: performance.now() - started };
}

if (psql(pgServer, `create database ${db}`).status !== 0) {
  console.log(`PostgreSQL no disponible en ${pgServer} (BENCH_PG_URL); no se puede medir.`);
  process.exit(1);
}
const url = new URL(pgServer);
url.pathname = `/${db}`;
let server;
try {
  server = await startBenchServer({
    DATABASE_URL: url.toString(),
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0000',
    RATE_LIMIT_FORMS_MAX: '100000000',
    ORDER_SWEEP_INTERVAL_SECONDS: '0',
  });
  const { origin } = server;
  const id = psql(
    url.toString(),
    `update productos set stock = ${units}, activo = true where nombre = '${PRODUCT.replace(/'/g, "''")}' returning id`,
  ).stdout.trim();
  const productoId = Number(id);
  if (!Number.isInteger(productoId) || productoId <= 0) throw new Error(`no está ${PRODUCT}`);

  // Warm-up: one quote, so the first buyers do not pay for the server's first connections.
  await fetch(`${origin}/api/pedidos/cotizacion`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ items: [{ productoId, qty: 1 }] }),
  });

  console.log(
    `POST /api/pedidos: ${buyers} compradores a la vez por ${units} unidades de «${PRODUCT}» (PostgreSQL)`,
  );
  const started = performance.now();
  const results = await Promise.all(
    Array.from({ length: buyers }, (_, i) => placeOrder(origin, productoId, i)),
  );
  const wall = performance.now() - started;

  const created = results.filter((r) => r.status === 201).length;
  const shortfalls = results.filter((r) => r.status === 409).length;
  const others = results.length - created - shortfalls;
  const stock = Number(
    psql(url.toString(), `select stock from productos where id = ${productoId}`).stdout.trim(),
  );
  const orders = Number(psql(url.toString(), 'select count(*) from pedidos').stdout.trim());
  const latencies = results.map((r) => r.ms).sort((a, b) => a - b);
  const fmt = (ms) => `${ms.toFixed(1)} ms`;

  console.log(`pedidos creados  ${created} (en la base: ${orders})`);
  console.log(`sin stock (409)  ${shortfalls}${others ? `   otras respuestas: ${others}` : ''}`);
  console.log(`stock final      ${stock}`);
  console.log(
    `latencia         p50 ${fmt(percentile(latencies, 50))}  p99 ${fmt(percentile(latencies, 99))}  máx ${fmt(latencies.at(-1) ?? 0)}`,
  );
  console.log(`duración total   ${fmt(wall)}`);
  const correct = created === units && orders === units && stock === 0 && others === 0;
  console.log(correct ? 'Resultado: correcto, ni una unidad de más.' : 'Resultado: INCORRECTO.');
  process.exitCode = correct ? 0 : 1;
} finally {
  if (server) await stopServer(server.child);
  psql(pgServer, `drop database if exists ${db} with (force)`);
}
