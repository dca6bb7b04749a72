// `npm run bench:invoicing`: the tax documents of decision 030 under load and through an outage.
// On PGlite and on PostgreSQL (BENCH_PG_URL; BENCH_DB=pglite|postgres for one), the real built
// server with production settings, its workers polling every second, its DTE_API_URL a loopback
// stand-in of OpenFactura (scripts/lib/dte-stand-in.mjs) that issues folios from a counter per
// document type and answers a repeated Idempotency-Key with the first document.
//
// 1. BENCH_ORDERS (200) guest transfer orders are placed, then marked paid by the admin all at
//    once (20 requests side by side): it prints how many documents the shop recorded, how many
//    distinct folios and how many documents the provider issued twice for the same key.
// 2. The provider goes down (drops every connection) for BENCH_OUTAGE_MINUTES (5) while
//    BENCH_OUTAGE_ORDERS (20) more orders are paid; then it comes back: it prints how many of
//    those were issued within BENCH_WAIT_SECONDS (900) of its return, when the last one was, and
//    whether any was issued twice. The queue's back-off (from 10 s, doubling) decides the wait.
// 3. BENCH_CANCELS (20) documented orders are cancelled: it prints how many credit notes were
//    issued, each referencing its order's boleta.
// A measurement, not a test: apps/api/src/modules/invoicing/invoicing.test.ts is the proof.
import { setTimeout as sleep } from 'node:timers/promises';
import { forEachDatabase } from './lib/bench-databases.mjs';
import { documentCounts, startDteStandIn } from './lib/dte-stand-in.mjs';
import { PRODUCTION, startBenchServer, stopServer } from './lib/server.mjs';
import {
  call,
  GENEROUS_LIMITS,
  guestOrder,
  login,
  pool,
  productsWithStock,
  retrying503,
  seconds,
} from './lib/shop-client.mjs';

const orders = Number(process.env.BENCH_ORDERS ?? 200);
const outageOrders = Number(process.env.BENCH_OUTAGE_ORDERS ?? 20);
const outageMs = Number(process.env.BENCH_OUTAGE_MINUTES ?? 5) * 60_000;
const waitMs = Number(process.env.BENCH_WAIT_SECONDS ?? 900) * 1000;
const cancels = Number(process.env.BENCH_CANCELS ?? 20);
const API_KEY = 'clave-de-la-tienda-bench';
let failed = false;

/** Places `count` guest orders of one unit each, spread over the products with stock. */
async function placeOrders(origin, stock, count, tag) {
  const placed = [];
  for (let i = 0; i < count; i++) {
    const candidates = stock.filter((p) => p.stock > 0);
    const product = candidates[i % candidates.length];
    const res = await retrying503(() =>
      guestOrder(origin, {
        key: `dte-${tag}-${i}`,
        correo: `comprador-${tag}-${i}@gmail.com`,
        productoId: product.id,
      }),
    );
    if (res.status !== 201) throw new Error(`pedido: ${res.status} ${JSON.stringify(res.body)}`);
    product.stock--;
    placed.push(res.body);
  }
  return placed;
}

const setStatus = (origin, token, numero, estado) =>
  retrying503(() =>
    call(origin, 'PATCH', `/api/pedidos/${numero}/estado`, { token, body: { estado } }),
  );

async function documentsOf(origin, token, numero) {
  const res = await call(origin, 'GET', `/api/pedidos/${numero}/documentos`, { token });
  if (res.status !== 200) throw new Error(`documentos ${numero}: ${res.status}`);
  return res.body.items;
}

/** Waits until `done()` or `ms` pass, checking every second; resolves how long it took. */
async function until(done, ms) {
  const started = performance.now();
  while (performance.now() - started < ms) {
    if (await done()) return performance.now() - started;
    await sleep(1_000);
  }
  return null;
}

await forEachDatabase(async (label, dbEnv) => {
  const dte = await startDteStandIn({ apiKey: API_KEY });
  const server = await startBenchServer({
    ...PRODUCTION,
    ...GENEROUS_LIMITS,
    ...dbEnv,
    ORDER_SWEEP_INTERVAL_SECONDS: '0',
    SHOP_EMAIL: '',
    DTE_API_URL: dte.url,
    DTE_API_KEY: API_KEY,
    DTE_RUT_EMISOR: '77.777.777-7',
    DTE_RAZON_SOCIAL: 'Nexbyte SpA',
  });
  try {
    const { origin } = server;
    const token = await login(origin);
    const stock = await productsWithStock(origin);
    const tag = `${process.pid}-${label.toLowerCase()}`;
    console.log(`${label}:`);

    // 1. A burst of payments.
    const burst = await placeOrders(origin, stock, orders, `${tag}-r`);
    const paidAt = performance.now();
    const paid = await pool(burst.length, 20, (i) =>
      setStatus(origin, token, burst[i].numero, 'PAGADO'),
    );
    // A PATCH answered 503 after the handler's time-out may have committed: its retry is a 409.
    const statuses = {};
    for (const r of paid) statuses[r.status] = (statuses[r.status] ?? 0) + 1;
    const paidOk = Object.entries(statuses)
      .map(([status, n]) => `${n} × ${status}`)
      .join(', ');
    const burstKeys = new Set(burst.map((o) => `${o.numero}-39`));
    const issuedBurst = () => dte.issued.filter((d) => burstKeys.has(d.key));
    const took = await until(() => issuedBurst().length >= burst.length, waitMs);
    const issuedIn = performance.now() - paidAt;
    await sleep(3_000);
    const recorded = (
      await pool(burst.length, 10, (i) => documentsOf(origin, token, burst[i].numero))
    ).flat();
    const issuedRows = recorded.filter((d) => d.estado === 'EMITIDO');
    const folios = new Set(issuedRows.map((d) => `${d.codigoSii}-${d.folio}`));
    const counts = documentCounts(issuedBurst());
    console.log(
      `  ${burst.length} pedidos pagados a la vez (respuestas: ${paidOk}): ${recorded.length} documentos, ${issuedRows.length} emitidos en ${took === null ? `más de ${seconds(waitMs)}` : seconds(issuedIn)}, ${folios.size} folios distintos; el proveedor emitió ${counts.documents}, ${counts.duplicates} duplicados`,
    );
    if (issuedRows.length !== burst.length || folios.size !== burst.length) failed = true;
    if (counts.duplicates > 0 || counts.documents !== burst.length) failed = true;

    // 2. The provider down while orders are paid.
    const late = await placeOrders(origin, stock, outageOrders, `${tag}-c`);
    dte.mode = 'down';
    const downAt = performance.now();
    for (const o of late) await setStatus(origin, token, o.numero, 'PAGADO');
    const rest = downAt + outageMs - performance.now();
    if (rest > 0) await sleep(rest);
    const duringOutage = dte.issued.length;
    dte.mode = 'accept';
    const lateKeys = new Set(late.map((o) => `${o.numero}-39`));
    const issuedLate = () => dte.issued.filter((d) => lateKeys.has(d.key));
    const lateTook = await until(() => issuedLate().length >= late.length, waitMs);
    await sleep(3_000);
    const lateRows = (
      await pool(late.length, 10, (i) => documentsOf(origin, token, late[i].numero))
    ).flat();
    const lateIssued = lateRows.filter((d) => d.estado === 'EMITIDO').length;
    const lateCounts = documentCounts(issuedLate());
    console.log(
      `  proveedor caído ${seconds(outageMs)} con ${late.length} pedidos pagados: ${duringOutage - issuedBurst().length} emitidos durante la caída; ${lateIssued} de ${late.length} emitidos tras el regreso (el último a los ${lateTook === null ? `más de ${seconds(waitMs)}` : seconds(lateTook)}), ${lateCounts.duplicates} duplicados`,
    );
    if (lateIssued !== late.length || lateCounts.duplicates > 0) failed = true;

    // 3. Cancellations of documented orders.
    const cancelled = burst.slice(0, cancels);
    const cancelledOk = (
      await pool(cancelled.length, 5, (i) =>
        setStatus(origin, token, cancelled[i].numero, 'CANCELADO'),
      )
    ).filter((r) => r.status === 200).length;
    const noteKeys = new Set(cancelled.map((o) => `${o.numero}-61`));
    const notes = () => dte.issued.filter((d) => noteKeys.has(d.key));
    await until(() => notes().length >= cancelled.length, waitMs);
    await sleep(3_000);
    const noteRows = (
      await pool(cancelled.length, 5, (i) => documentsOf(origin, token, cancelled[i].numero))
    ).flat();
    const issuedNotes = noteRows.filter(
      (d) => d.clase === 'NOTA_CREDITO' && d.estado === 'EMITIDO' && d.referenciaFolio !== null,
    ).length;
    const voided = noteRows.filter((d) => d.clase === 'BOLETA' && d.estado === 'ANULADO').length;
    console.log(
      `  ${cancelledOk} cancelaciones de pedidos con boleta: ${issuedNotes} notas de crédito emitidas con su referencia, ${voided} boletas anuladas, ${documentCounts(notes()).duplicates} duplicadas`,
    );
    if (issuedNotes !== cancelled.length || voided !== cancelled.length) failed = true;
    const all = documentCounts(dte.issued);
    console.log(
      `  en total el proveedor emitió ${all.documents} documentos, ${all.distinctFolios} folios distintos, ${all.duplicates} duplicados; respuestas repetidas por clave: ${dte.replays}`,
    );
  } finally {
    await stopServer(server.child);
    await dte.close();
  }
});
console.log(failed ? 'Resultado: NO cumple la meta.' : 'Resultado: cumple la meta.');
process.exitCode = failed ? 1 : 0;
