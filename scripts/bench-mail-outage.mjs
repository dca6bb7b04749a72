// `npm run bench:mail-outage`: the mail server down for a minute while orders are placed, then back.
// On PGlite and on PostgreSQL (BENCH_PG_URL; BENCH_DB=pglite|postgres for one), the real built
// server with production settings and default logging, its workers polling every second
// (JOBS_POLL_SECONDS=1), its SMTP_URL a loopback stand-in (scripts/lib/smtp-stand-in.mjs).
//
// The stand-in drops every connection (mode 'down') for BENCH_OUTAGE_SECONDS (60) while
// BENCH_ORDERS (100) guest orders are placed over HTTP, spread evenly over the outage, each of one
// unit of a random product of the demo catalogue that still has stock, each by its own buyer
// address. SHOP_EMAIL keeps its default (tienda@nexbyte.cl), so each order also writes the owner's
// notice: 2 e-mails per order go through the queue. Then the stand-in accepts again; it prints how
// many of the order confirmations (the buyers' e-mails) were delivered within BENCH_WAIT_SECONDS
// (180) of its return, when the last one came, and how many e-mails arrived more than once (same
// Message-ID, which the shop keeps per e-mail). Target: all within 3 minutes, none twice.
// A measurement, not a test: apps/api/faults/mail-outage.test.ts is the proof.
import { setTimeout as sleep } from 'node:timers/promises';
import { forEachDatabase } from './lib/bench-databases.mjs';
import { PRODUCTION, startBenchServer, stopServer } from './lib/server.mjs';
import {
  GENEROUS_LIMITS,
  fetchAll,
  guestOrder,
  login,
  productsWithStock,
  retrying503,
  seconds,
} from './lib/shop-client.mjs';
import { deliveries, startSmtpStandIn } from './lib/smtp-stand-in.mjs';

const orders = Number(process.env.BENCH_ORDERS ?? 100);
const outageMs = Number(process.env.BENCH_OUTAGE_SECONDS ?? 60) * 1000;
const waitMs = Number(process.env.BENCH_WAIT_SECONDS ?? 180) * 1000;
let failed = false;

await forEachDatabase(async (label, dbEnv) => {
  const smtp = await startSmtpStandIn('down');
  const server = await startBenchServer({
    ...PRODUCTION,
    ...GENEROUS_LIMITS,
    ...dbEnv,
    SMTP_URL: smtp.url,
    ORDER_SWEEP_INTERVAL_SECONDS: '0',
  });
  try {
    const { origin } = server;
    const stock = await productsWithStock(origin);
    const tag = `${process.pid}-${label.toLowerCase()}`;
    const buyers = new Set();
    const outageStarted = performance.now();
    let placed = 0;
    let refused = 0;
    let unavailable = 0;
    for (let i = 0; i < orders; i++) {
      const due = outageStarted + (i * outageMs * 0.95) / orders;
      const wait = due - performance.now();
      if (wait > 0) await sleep(wait);
      const candidates = stock.filter((p) => p.stock > 0);
      const product = candidates[Math.floor(Math.random() * candidates.length)];
      const correo = `comprador-${tag}-${i}@gmail.com`;
      const res = await retrying503(() =>
        guestOrder(origin, { key: `caida-${tag}-${i}`, correo, productoId: product.id }),
      );
      unavailable += res.unavailable;
      if (res.status === 201) {
        placed++;
        product.stock--;
        buyers.add(correo);
      } else {
        refused++;
        console.log(`  pedido ${i}: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
      }
    }
    const rest = outageStarted + outageMs - performance.now();
    if (rest > 0) await sleep(rest);
    const deliveredDuringOutage = smtp.messages.length;
    smtp.mode = 'accept';
    const back = performance.now();

    const confirmations = () =>
      smtp.messages.filter((m) => [...buyers].some((b) => m.to.includes(b)));
    while (performance.now() - back < waitMs) {
      if (deliveries(confirmations()).distinct >= buyers.size) break;
      await sleep(500);
    }
    // A little longer, so a copy sent right after the last first delivery shows.
    await sleep(5_000);
    const mine = confirmations().filter((m) => m.at - back <= waitMs);
    const inTime = deliveries(mine).distinct;
    const all = deliveries(smtp.messages);
    const lastAt = mine.length ? Math.max(...mine.map((m) => m.at)) - back : 0;
    const token = await login(origin);
    const rows = await fetchAll(origin, '/api/correos', token);
    const states = {};
    for (const r of rows) states[r.estado] = (states[r.estado] ?? 0) + 1;
    const maxAttempts = Math.max(0, ...rows.map((r) => r.intentos));

    console.log(
      `${label}: servidor SMTP caído ${seconds(outageMs)}, ${placed} pedidos de invitado (${refused} rechazados), SHOP_EMAIL=tienda@nexbyte.cl (aviso a la tienda por pedido)`,
    );
    console.log(`  entregados durante la caída       ${deliveredDuringOutage}`);
    console.log(`  respuestas 503 (repetidas)        ${unavailable}`);
    console.log(
      `  confirmaciones entregadas en ${seconds(waitMs)} tras el regreso: ${inTime} de ${buyers.size} (la última a los ${seconds(lastAt)})`,
    );
    console.log(
      `  confirmaciones entregadas dos veces: ${deliveries(confirmations()).duplicates}; todos los correos: ${all.distinct} distintos, ${all.duplicates} repetidos`,
    );
    console.log(
      `  correos en la base: ${Object.entries(states)
        .map(([k, v]) => `${k} ${v}`)
        .join(', ')}; intentos máx. ${maxAttempts}`,
    );
    if (inTime < buyers.size || all.duplicates > 0 || refused > 0) failed = true;
  } finally {
    await stopServer(server.child);
    await smtp.close();
  }
});
console.log(failed ? 'Resultado: NO cumple la meta.' : 'Resultado: cumple la meta.');
process.exitCode = failed ? 1 : 0;
