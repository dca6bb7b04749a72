// `npm run bench:mail-kill`: kill -9 of the server while e-mails are queued and one is being sent,
// then a restart on the same data. On PGlite (a DATA_DIR that survives the kill) and on PostgreSQL
// (BENCH_PG_URL; BENCH_DB=pglite|postgres for one), the real built server with production settings
// and default logging, its SMTP_URL a loopback stand-in (scripts/lib/smtp-stand-in.mjs).
//
// The stand-in is slow (mode 'slow': each message's final answer held BENCH_SLOW_MS, 3000) while
// BENCH_MAILS (200) contact messages are written over HTTP (SHOP_EMAIL=tienda@nexbyte.cl: one
// e-mail to the shop each), so nearly all of them are still queued. Once a few were delivered, the
// server is killed (SIGKILL) in the middle of a conversation, and started again on the same data
// with the stand-in accepting at once. It prints how many of the e-mails were delivered, how many
// more than once (same Message-ID), how long the restarted server took for those that waited in
// the queue and for the last ones: the jobs that were running when the process died come back
// only once they expire (180 s after they started) and pg-boss's maintenance (every 60 s) sees it.
// BENCH_WAIT_SECONDS (420) bounds the wait. Target: all delivered, none twice.
import { setTimeout as sleep } from 'node:timers/promises';
import { forEachDatabase } from './lib/bench-databases.mjs';
import { PRODUCTION, startBenchServer, stopServer } from './lib/server.mjs';
import { GENEROUS_LIMITS, contactMessage, pool, retrying503, seconds } from './lib/shop-client.mjs';
import { deliveries, startSmtpStandIn } from './lib/smtp-stand-in.mjs';

const mails = Number(process.env.BENCH_MAILS ?? 200);
const slowMs = Number(process.env.BENCH_SLOW_MS ?? 3_000);
const waitMs = Number(process.env.BENCH_WAIT_SECONDS ?? 420) * 1000;
let failed = false;

await forEachDatabase(async (label, dbEnv) => {
  const smtp = await startSmtpStandIn('slow', { slowMs });
  const env = {
    ...PRODUCTION,
    ...GENEROUS_LIMITS,
    ...dbEnv,
    SMTP_URL: smtp.url,
    SHOP_EMAIL: 'tienda@nexbyte.cl',
    ORDER_SWEEP_INTERVAL_SECONDS: '0',
  };
  let server = await startBenchServer(env);
  try {
    const tag = `${process.pid}-${label.toLowerCase()}`;
    const answers = await pool(mails, 10, (i) =>
      retrying503(() =>
        contactMessage(server.origin, `Mensaje ${tag}-${i}: ¿tienen stock del monitor?`),
      ),
    );
    const refused = answers.filter((a) => a.status !== 201).length;
    const unavailable = answers.reduce((sum, a) => sum + a.unavailable, 0);
    // Wait for the first deliveries, then kill in the middle of the next conversation.
    while (smtp.messages.length < 2) await sleep(100);
    const lastAt = smtp.messages.at(-1).at;
    await sleep(Math.max(0, lastAt + slowMs / 2 - performance.now()));
    server.child.kill('SIGKILL');
    await server.exited;
    const beforeKill = deliveries(smtp.messages).distinct;
    await sleep(200);
    smtp.mode = 'accept';

    const restarted = performance.now();
    server = await startBenchServer(env);
    const readyMs = performance.now() - restarted;
    const wanted = mails - refused;
    let plateauAt = null;
    let plateauCount = 0;
    let lastCount = -1;
    let lastChange = performance.now();
    while (performance.now() - restarted < waitMs) {
      const { distinct } = deliveries(smtp.messages);
      if (distinct !== lastCount) {
        lastCount = distinct;
        lastChange = performance.now();
      } else if (
        plateauAt === null &&
        distinct > beforeKill &&
        performance.now() - lastChange > 10_000
      ) {
        // Nothing new for 10 s: what waited in the queue is out; the rest were running at the kill.
        plateauAt = lastChange - restarted;
        plateauCount = distinct;
      }
      if (distinct >= wanted) break;
      await sleep(250);
    }
    await sleep(5_000);
    const result = deliveries(smtp.messages);
    const lastDelivery = Math.max(...smtp.messages.map((m) => m.at)) - restarted;

    console.log(
      `${label}: ${wanted} correos en cola (${refused} mensajes rechazados), SMTP lento (${slowMs} ms por mensaje); kill -9 con ${beforeKill} entregados y una conversación a medias (${smtp.abandoned} abandonada(s))`,
    );
    console.log(
      `  respuestas 503 al escribir         ${unavailable} (repetidas tras 1 s, como pide Retry-After)`,
    );
    console.log(`  reinicio listo en                  ${seconds(readyMs)}`);
    if (plateauAt !== null && plateauCount < result.distinct) {
      console.log(
        `  los que esperaban en la cola       ${plateauCount} entregados a los ${seconds(plateauAt)} del reinicio`,
      );
    }
    console.log(
      `  entregados                         ${result.distinct} de ${wanted} (el último a los ${seconds(lastDelivery)} del reinicio)`,
    );
    console.log(`  entregados dos veces               ${result.duplicates}`);
    if (result.distinct < wanted || result.duplicates > 0 || refused > 0) failed = true;
  } finally {
    await stopServer(server.child);
    await smtp.close();
  }
});
console.log(failed ? 'Resultado: NO cumple la meta.' : 'Resultado: cumple la meta.');
process.exitCode = failed ? 1 : 0;
