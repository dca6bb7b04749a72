// `npm run bench:order-burst`: what a burst of orders does to the shoppers reading the catalogue.
// On PGlite and on PostgreSQL (BENCH_PG_URL; BENCH_DB=pglite|postgres for one), the real built
// server with production settings and default logging, its e-mails sent through the job queue to
// a loopback SMTP stand-in (scripts/lib/smtp-stand-in.mjs) that accepts everything.
//
// Each run, side by side on the same server: BENCH_READERS (2) shoppers, in a thread of their own
// (scripts/lib/shoppers-thread.mjs), ask one request after another for the catalogue
// (GET /api/productos) and for searches and filters drawn at random from its classes (a word of a
// product's name, a category, a brand, a price range, an order); first for
// BENCH_QUIET_SECONDS (20) with nothing else going on, then while BENCH_ORDERS (1,000) guest orders
// (one unit of one of BENCH_PRODUCTS (12) products, their stock raised first so none runs out)
// are placed BENCH_CONCURRENCY (20) at a time. It prints the readers' p99 without and during the
// burst, their ratio, the burst's duration and the orders' p99; each figure the median of
// BENCH_RUNS (3) runs; between runs it waits for the queue to send the burst's e-mails.
// BENCH_JOBS_POLL_SECONDS=0 starts the server without job workers, and BENCH_DB_MAX_TRANSACTIONS,
// BENCH_CATALOG_CACHE_COALESCE_MS and BENCH_CATALOG_CACHE_STOCK_COALESCE_MS set those server
// settings, to compare. Target: during ≤ 1.5× without. A measurement, not a test.
//
// The load generator shares the machine's two cores with the server and the readers; a real
// burst's buyers are on their own phones. So the thread that places the orders runs at a lower
// priority (BENCH_GENERATOR_NICE, 10; 0 to compare): it still sends every order as fast as the
// server answers, but when the cores are short the server and the readers' thread run first,
// and what the readers measure is the server, not the generator taking their core.
import { setPriority } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { forEachDatabase, median } from './lib/bench-databases.mjs';
import { PRODUCTION, startBenchServer, stopServer } from './lib/server.mjs';
import { GENEROUS_LIMITS, call, fetchAll, guestOrder, login, pool } from './lib/shop-client.mjs';
import { startShoppers } from './lib/shoppers-thread.mjs';
import { startSmtpStandIn } from './lib/smtp-stand-in.mjs';

const runs = Number(process.env.BENCH_RUNS ?? 3);
const readers = Number(process.env.BENCH_READERS ?? 2);
const quietMs = Number(process.env.BENCH_QUIET_SECONDS ?? 20) * 1000;
const orders = Number(process.env.BENCH_ORDERS ?? 1_000);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 20);
const productCount = Number(process.env.BENCH_PRODUCTS ?? 12);
/** BENCH_JOBS_POLL_SECONDS=0 runs no job workers (e-mails wait): what the burst costs alone. */
const jobsPoll = process.env.BENCH_JOBS_POLL_SECONDS;
/** Server settings to compare, passed on when set. */
const compared = Object.fromEntries(
  [
    'DB_MAX_TRANSACTIONS',
    'CATALOG_CACHE_COALESCE_MS',
    'CATALOG_CACHE_STOCK_COALESCE_MS',
    'ORDER_READS_FIRST_MS',
  ]
    .filter((name) => process.env[`BENCH_${name}`] !== undefined)
    .map((name) => [name, process.env[`BENCH_${name}`]]),
);
const generatorNice = Number(process.env.BENCH_GENERATOR_NICE ?? 10);
const TARGET = 1.5;

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};
const pick = (list) => list[Math.floor(Math.random() * list.length)];

/** Raises the stock of `count` products so the burst never runs out; returns their ids. */
async function stockUp(origin, token, products, count) {
  const chosen = [];
  for (const p of products) {
    if (chosen.length >= count) break;
    const detail = (await call(origin, 'GET', `/api/productos/${p.id}`, { token })).body;
    const res = await call(origin, 'PUT', `/api/productos/${p.id}`, {
      token,
      body: { ...detail, stock: 1_000_000, categoria: { id: detail.categoria.id } },
    });
    if (res.status === 200) chosen.push(p.id);
    else console.log(`  stock de ${p.id}: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
  }
  if (chosen.length === 0) throw new Error('no se pudo subir el stock de ningún producto');
  return chosen;
}

const results = [];
await forEachDatabase(async (label, dbEnv) => {
  const smtp = await startSmtpStandIn('accept');
  const server = await startBenchServer({
    ...PRODUCTION,
    ...GENEROUS_LIMITS,
    ...dbEnv,
    SMTP_URL: smtp.url,
    ORDER_SWEEP_INTERVAL_SECONDS: '0',
    ...(jobsPoll === undefined ? {} : { JOBS_POLL_SECONDS: jobsPoll }),
    ...compared,
  });
  try {
    const { origin } = server;
    const token = await login(origin);
    const products = (await fetchAll(origin, '/api/productos')).filter((p) => p.activo !== false);
    const ids = await stockUp(origin, token, products, productCount);
    const readersThread = await startShoppers(origin, products, readers);
    // This thread only (Linux: a thread's own priority); the readers' thread, started above,
    // and the server keep theirs.
    setPriority(0, generatorNice);

    const perRun = [];
    for (let run = 0; run < runs; run++) {
      let stop = readersThread.phase();
      await sleep(quietMs);
      const quiet = await stop();

      stop = readersThread.phase();
      const started = performance.now();
      const answers = await pool(orders, concurrency, (i) =>
        guestOrder(origin, {
          key: `rafaga-${process.pid}-${label}-${run}-${i}`,
          correo: `comprador-${run}-${i}@gmail.com`,
          productoId: pick(ids),
        }),
      );
      const burstMs = performance.now() - started;
      const during = await stop();
      const created = answers.filter((a) => a.status === 201).length;
      const p99Quiet = percentile(quiet.latencies, 99);
      const p99During = percentile(during.latencies, 99);
      perRun.push({
        p99Quiet,
        p99During,
        ratio: p99During / p99Quiet,
        burstMs,
        orderP99: percentile(
          answers.map((a) => a.ms),
          99,
        ),
        created,
        readsQuiet: quiet.latencies.length,
        readsDuring: during.latencies.length,
        failures: quiet.failures + during.failures,
      });
      console.log(
        `  ${label} corrida ${run + 1}: p99 catálogo ${p99Quiet.toFixed(1)} ms sin ráfaga, ${p99During.toFixed(1)} ms durante (×${(p99During / p99Quiet).toFixed(2)}); ${created} pedidos en ${(burstMs / 1000).toFixed(1)} s`,
      );
      // Let the queue send the burst's e-mails before the next quiet phase.
      const sent = smtp.messages.length;
      for (let i = 0; i < (jobsPoll === '0' ? 0 : 600); i++) {
        const health = await call(origin, 'GET', '/api/salud');
        const depth = health.body?.cola?.pendientes;
        if (depth === 0 || (depth === undefined && smtp.messages.length >= sent + 2 * created))
          break;
        await sleep(1_000);
      }
    }
    await readersThread.close();
    // Back to normal for the next database, where allowed (lowering a nice value may need root).
    try {
      setPriority(0, 0);
    } catch {
      // Stays lower: the readers' next thread is started at normal priority all the same.
    }
    const m = (key) => median(perRun.map((r) => r[key]));
    results.push({
      label,
      p99Quiet: m('p99Quiet'),
      p99During: m('p99During'),
      ratio: m('ratio'),
      burstMs: m('burstMs'),
      orderP99: m('orderP99'),
      created: m('created'),
      reads: `${m('readsQuiet')} / ${m('readsDuring')}`,
      failures: perRun.reduce((s, r) => s + r.failures, 0),
    });
  } finally {
    await stopServer(server.child);
    await smtp.close();
  }
});

console.log(
  `\nCatálogo con ${readers} lectores, sin ráfaga y durante ${orders} pedidos (${concurrency} a la vez); medianas de ${runs} corridas; generador con nice ${generatorNice}`,
);
let failed = false;
for (const r of results) {
  console.log(`${r.label}`);
  console.log(`  p99 sin ráfaga      ${r.p99Quiet.toFixed(1)} ms`);
  console.log(`  p99 durante         ${r.p99During.toFixed(1)} ms`);
  console.log(`  razón               ×${r.ratio.toFixed(2)} (meta ≤ ×${TARGET})`);
  console.log(
    `  ráfaga              ${r.created} pedidos en ${(r.burstMs / 1000).toFixed(1)} s, p99 por pedido ${r.orderP99.toFixed(0)} ms`,
  );
  console.log(`  lecturas            ${r.reads} (sin / durante), fallidas ${r.failures}`);
  if (r.ratio > TARGET) failed = true;
}
console.log(failed ? 'Resultado: NO cumple la meta.' : 'Resultado: cumple la meta.');
process.exitCode = failed ? 1 : 0;
