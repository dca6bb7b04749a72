// `npm run bench:slow-provider`: what a slow Webpay does to everyone else. Five buyers pay with
// Webpay at once while Transbank (a loopback stand-in) takes 7 s to open each transaction, and
// meanwhile other shoppers search the catalogue with queries no cache has seen. Prints the other
// shoppers' latency (p50, p99, max) and answers other than 200, on PGlite and on PostgreSQL, for
// each run and the median of the runs. The real server's build in production mode
// (server-process.mjs), with the demo catalogue asked for explicitly.
//
// BENCH_RUNS (3), BENCH_WEBPAY_DELAY_MS (7000), BENCH_CHECKOUTS (5), BENCH_READERS (4) and
// BENCH_DB (pglite | postgres) change what is measured.
import { performance } from 'node:perf_hooks';
import { startWebpayStandIn } from '../apps/api/src/test/webpay-stand-in.ts';
import { forEachDatabase, median } from './lib/bench-databases.mjs';
import { PRODUCTION, startBenchServer, stopServer } from './lib/server.mjs';

const runs = Number(process.env.BENCH_RUNS ?? 3);
const delayMs = Number(process.env.BENCH_WEBPAY_DELAY_MS ?? 7_000);
const checkouts = Number(process.env.BENCH_CHECKOUTS ?? 5);
const readers = Number(process.env.BENCH_READERS ?? 4);
/** A production commerce code and key of the stand-in's own (production refuses the public ones). */
const WEBPAY = { commerceCode: '597012345678', apiKey: 'bench-webpay-key-0123456789abcdef' };

function percentile(sorted, p) {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)];
}

const fmt = (ms) => `${ms.toFixed(0)} ms`;

/** A Webpay checkout of one unit, as a guest of its own (so no guest limit is shared). */
async function webpayCheckout(origin, productoId, tag) {
  const started = performance.now();
  const res = await fetch(`${origin}/api/pedidos`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': `bench-${tag}` },
    body: JSON.stringify({
      nombre: `Comprador ${tag}`,
      correo: `comprador.${tag}@gmail.com`,
      run: '7.654.321-6',
      telefono: '9 1234 5678',
      entrega: 'RETIRO',
      metodoPago: 'WEBPAY',
      items: [{ productoId, qty: 1 }],
    }),
  });
  const body = await res.json().catch(() => null);
  return { status: res.status, ms: performance.now() - started, pago: Boolean(body?.pago) };
}

/** One shopper searching, one query after another, until told to stop. */
async function shopper(origin, id, until, samples) {
  let n = 0;
  while (!until.done) {
    const q = `bench${id}x${n++}${Math.random().toString(36).slice(2, 8)}`;
    const started = performance.now();
    const res = await fetch(`${origin}/api/productos?q=${q}`).catch(() => null);
    await res?.arrayBuffer().catch(() => null);
    samples.push({ status: res?.status ?? 0, ms: performance.now() - started });
  }
}

async function oneRun(origin, products, run) {
  const samples = [];
  const until = { done: false };
  const reading = Array.from({ length: readers }, (_, i) =>
    shopper(origin, `${run}-${i}`, until, samples),
  );
  const started = performance.now();
  const paid = await Promise.all(
    Array.from({ length: checkouts }, (_, i) =>
      webpayCheckout(origin, products[i].id, `${process.pid}-${run}-${i}`),
    ),
  );
  until.done = true;
  await Promise.all(reading);
  const wall = performance.now() - started;
  const sorted = samples.map((s) => s.ms).sort((a, b) => a - b);
  return {
    reads: samples.length,
    failed: samples.filter((s) => s.status !== 200).length,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? 0,
    wall,
    checkouts: paid,
  };
}

const webpay = await startWebpayStandIn({ ...WEBPAY, createDelayMs: delayMs });
const summary = [];
try {
  await forEachDatabase(async (label, dbEnv) => {
    const server = await startBenchServer({
      ...PRODUCTION,
      ...dbEnv,
      SEED_DEMO_DATA: 'true',
      RATE_LIMIT_FORMS_MAX: '100000000',
      ORDER_SWEEP_INTERVAL_SECONDS: '0',
      ORDER_GUEST_UNPAID_MAX: '1000',
      WEBPAY_ENV: 'produccion',
      WEBPAY_COMMERCE_CODE: WEBPAY.commerceCode,
      WEBPAY_API_KEY: WEBPAY.apiKey,
      WEBPAY_API_URL: webpay.url,
      WEBPAY_TIMEOUT_MS: String(delayMs + 3_000),
      DB_IDLE_TX_TIMEOUT_MS: String(delayMs + 30_000),
    });
    try {
      const { origin } = server;
      // A server just started may still be busy (the demo's photos): ask until it answers.
      let list = null;
      for (let i = 0; i < 60 && !Array.isArray(list); i++) {
        if (i > 0) await new Promise((resolve) => setTimeout(resolve, 1_000));
        list = await (await fetch(`${origin}/api/productos?limite=48`)).json();
      }
      // One unit of a different product per purchase, from those with the most stock.
      const products = (Array.isArray(list) ? list : [])
        .filter((p) => p.stock >= runs + 1)
        .sort((a, b) => b.stock - a.stock)
        .slice(0, checkouts);
      if (products.length < checkouts) {
        throw new Error(
          `no hay productos con stock para comprar: ${JSON.stringify(list).slice(0, 300)}`,
        );
      }
      // Warm-up: the first search and the first Webpay call (the SDK loads on first use).
      webpay.setCreateDelay(0);
      await fetch(`${origin}/api/productos?q=calentar`).then((r) => r.arrayBuffer());
      const warm = await webpayCheckout(origin, products[0].id, `${process.pid}-${label}-warm`);
      if (warm.status !== 201) throw new Error(`la compra de prueba respondió ${warm.status}`);
      webpay.setCreateDelay(delayMs);

      console.log(
        `\n${label}: ${checkouts} compras con Webpay (Transbank tarda ${delayMs} ms) mientras ${readers} clientes buscan en el catálogo sin caché`,
      );
      const results = [];
      for (let run = 1; run <= runs; run++) {
        const r = await oneRun(origin, products, `${label}-${run}`);
        results.push(r);
        const codes = r.checkouts.map((c) => c.status).join(',');
        console.log(
          `  corrida ${run}: búsquedas ${r.reads} (no 200: ${r.failed})  p50 ${fmt(r.p50)}  p99 ${fmt(r.p99)}  máx ${fmt(r.max)}  compras [${codes}] en ${fmt(r.wall)}`,
        );
      }
      const line = {
        label,
        p50: median(results.map((r) => r.p50)),
        p99: median(results.map((r) => r.p99)),
        max: median(results.map((r) => r.max)),
        failed: median(results.map((r) => r.failed)),
        reads: median(results.map((r) => r.reads)),
      };
      summary.push(line);
    } finally {
      await stopServer(server.child);
    }
  });
} finally {
  await webpay.close();
}

console.log(`\nMedianas de ${runs} corridas (búsquedas de los demás clientes):`);
for (const s of summary) {
  console.log(
    `  ${s.label.padEnd(10)} p50 ${fmt(s.p50)}  p99 ${fmt(s.p99)}  máx ${fmt(s.max)}  no 200: ${s.failed} de ${s.reads}`,
  );
}
