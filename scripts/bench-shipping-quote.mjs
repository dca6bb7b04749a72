// npm run bench:shipping-quote: the checkout's shipping options (POST /api/envios/opciones) with a
// loopback stand-in of Chilexpress (scripts/lib/carrier-stand-in.mjs), on the embedded database.
// 1. The stand-in answers every call in 150 ms: p50/p95/max of 100 quotes, each for a parcel not
//    asked before (no cache hit: the quote waits on the carrier), target p95 ≤ 250 ms.
// 2. The stand-in reads and never answers: how long until the región's table is offered, target
//    ≤ CARRIER_TIMEOUT_MS + 100 ms.
// The server runs from its sources (tsx), with production's settings otherwise. Nothing here
// reaches the internet. BENCH_QUOTES changes the count; CARRIER_TIMEOUT_MS the time-out (1500).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { coverageAreasOf } from '../apps/api/src/modules/shipping/coverage.ts';
import { startCarrierStandIn } from './lib/carrier-stand-in.mjs';
import { startServer, stopServer } from './lib/server-process.mjs';
import { PRODUCTION } from './lib/server.mjs';
import { call, productsWithStock } from './lib/shop-client.mjs';

const quotes = Number(process.env.BENCH_QUOTES ?? 100);
const silentQuotes = 10;
const timeoutMs = Number(process.env.CARRIER_TIMEOUT_MS ?? 1500);
const COMUNAS = [
  ['Valparaíso', 'Valparaíso'],
  ['Valparaíso', 'Viña del Mar'],
  ['Metropolitana de Santiago', 'Maipú'],
  ['Biobío', 'Concepción'],
  ['Magallanes y de la Antártica Chilena', 'Punta Arenas'],
];

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];
const ms = (n) => `${Math.round(n)} ms`;

const dataDir = mkdtempSync(path.join(tmpdir(), 'nexbyte-bench-'));
const standIn = await startCarrierStandIn({ areas: coverageAreasOf(), delayMs: 150 });
const server = await startServer(
  {
    ...PRODUCTION,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0000',
    RATE_LIMIT_MAX: '100000000',
    CARRIER_API_URL: standIn.url,
    CARRIER_TIMEOUT_MS: String(timeoutMs),
    TRACKING_POLL_SECONDS: '0',
    LOG_LEVEL: 'warn',
  },
  { source: true, stderr: 'inherit' },
);
let failed = false;
try {
  const products = await productsWithStock(server.origin);
  /** A parcel never asked before: one more unit of some product, to a comuna in turn. */
  const request = (i) => {
    const [region, comuna] = COMUNAS[i % COMUNAS.length];
    const product = products[i % products.length];
    return {
      items: [{ productoId: product.id, qty: 1 + Math.floor(i / products.length) }],
      region,
      comuna,
    };
  };
  /** A parcel no other request has: many units of the first product (≤ 99 a line). */
  const unique = (i, from) => ({
    items: [{ productoId: products[0].id, qty: from + i }],
    region: COMUNAS[i % COMUNAS.length][0],
    comuna: COMUNAS[i % COMUNAS.length][1],
  });
  // Warm-up: the server's first requests and each región's coverage areas (read once a day).
  for (let i = 0; i < COMUNAS.length; i++)
    await call(server.origin, 'POST', '/api/envios/opciones', { body: unique(i, 30) });

  const times = [];
  for (let i = 0; i < quotes; i++) {
    const res = await call(server.origin, 'POST', '/api/envios/opciones', { body: request(i) });
    if (res.status !== 200 || res.body.origen !== 'TRANSPORTISTA') {
      throw new Error(`cotización ${i}: ${res.status} ${JSON.stringify(res.body)}`);
    }
    times.push(res.ms);
  }
  times.sort((a, b) => a - b);
  const p95 = percentile(times, 0.95);
  console.log(
    `transportista a 150 ms: ${quotes} cotizaciones, p50 ${ms(percentile(times, 0.5))}, p95 ${ms(p95)}, máx ${ms(times.at(-1))} (meta p95 ≤ 250 ms)`,
  );
  if (p95 > 250) failed = true;

  standIn.mode = 'silent';
  const fallback = [];
  for (let i = 0; i < silentQuotes; i++) {
    const res = await call(server.origin, 'POST', '/api/envios/opciones', {
      body: unique(i, 50),
    });
    if (res.status !== 200 || res.body.origen !== 'TABLA') {
      throw new Error(`respaldo ${i}: ${res.status} ${JSON.stringify(res.body)}`);
    }
    fallback.push(res.ms);
  }
  fallback.sort((a, b) => a - b);
  const worst = fallback.at(-1);
  console.log(
    `transportista en silencio: ${silentQuotes} cotizaciones con la tabla de la región, p50 ${ms(percentile(fallback, 0.5))}, máx ${ms(worst)} (meta ≤ ${timeoutMs} + 100 ms)`,
  );
  if (worst > timeoutMs + 100) failed = true;
} finally {
  await stopServer(server);
  await standIn.close();
  rmSync(dataDir, { recursive: true, force: true });
}
if (failed) {
  console.log('Fuera de meta.');
  process.exitCode = 1;
}
