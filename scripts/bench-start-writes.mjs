// `npm run bench:start-writes`: what a shopper meets in the first second after the shop starts,
// when the job queue starts its workers, runs its start-up sweep and its maintenance on the same
// database. On PGlite and on PostgreSQL (BENCH_PG_URL; BENCH_DB=pglite|postgres for one), the real
// built server with production settings and default logging and its job workers, started
// BENCH_STARTS (5) times on the same data. The moment it answers, BENCH_WRITES (5) guest orders
// and as many contact messages are sent at once; it prints how many were refused (503) and the
// median of their latencies over every start. A measurement, not a test.
import { forEachDatabase, median } from './lib/bench-databases.mjs';
import { PRODUCTION, startBenchServer, stopServer } from './lib/server.mjs';
import { GENEROUS_LIMITS, contactMessage, fetchAll, guestOrder } from './lib/shop-client.mjs';

const starts = Number(process.env.BENCH_STARTS ?? 5);
const writes = Number(process.env.BENCH_WRITES ?? 5);

const results = [];
await forEachDatabase(async (label, dbEnv) => {
  const orders = [];
  const contacts = [];
  for (let start = 0; start < starts; start++) {
    const server = await startBenchServer({
      ...PRODUCTION,
      ...GENEROUS_LIMITS,
      ...dbEnv,
      JOBS_POLL_SECONDS: '1',
    });
    try {
      const { origin } = server;
      const [placed, sent] = await Promise.all([
        (async () => {
          // A shopper who had the catalogue open: the product list, then the order.
          const products = (await fetchAll(origin, '/api/productos')).filter((p) => p.stock > 5);
          return Promise.all(
            Array.from({ length: writes }, (_, i) =>
              guestOrder(origin, {
                key: `arranque-${process.pid}-${start}-${i}`,
                correo: `arranque-${start}-${i}@gmail.com`,
                productoId: products[i % products.length].id,
              }),
            ),
          );
        })(),
        Promise.all(
          Array.from({ length: writes }, (_, i) => contactMessage(origin, `Hola ${start} ${i}`)),
        ),
      ]);
      orders.push(...placed);
      contacts.push(...sent);
      console.log(
        `  ${label} arranque ${start + 1}: pedidos ${placed.map((a) => a.status).join(' ')}, contactos ${sent.map((a) => a.status).join(' ')}`,
      );
    } finally {
      await stopServer(server.child);
    }
  }
  const summary = (answers) => ({
    refused: answers.filter((a) => a.status === 503).length,
    other: answers.filter((a) => a.status !== 201 && a.status !== 503).length,
    total: answers.length,
    ms: median(answers.map((a) => a.ms)),
  });
  results.push({ label, orders: summary(orders), contacts: summary(contacts) });
});

console.log(
  `\nEscrituras en el primer instante tras ${starts} arranques (${writes} pedidos y ${writes} contactos cada vez)`,
);
let refused = 0;
for (const r of results) {
  console.log(r.label);
  for (const [name, s] of [
    ['pedidos', r.orders],
    ['contactos', r.contacts],
  ]) {
    console.log(
      `  ${name.padEnd(10)} ${s.refused}/${s.total} rechazados (503), otros errores ${s.other}, mediana ${s.ms.toFixed(0)} ms`,
    );
    refused += s.refused + s.other;
  }
}
console.log(
  refused === 0
    ? 'Resultado: ninguna escritura rechazada.'
    : `Resultado: ${refused} escrituras sin aceptar.`,
);
process.exitCode = refused === 0 ? 0 : 1;
