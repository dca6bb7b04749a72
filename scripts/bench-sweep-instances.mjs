// `npm run bench:sweep-instances`: the expiry sweep with two server instances on one PostgreSQL
// database (BENCH_PG_URL), the real built server with production settings and default logging.
//
// Both instances run for BENCH_MINUTES (10) with ORDER_SWEEP_INTERVAL_SECONDS=10 and a hold of
// ORDER_EXPIRY_HOURS=0.005 (18 s) for transfer payments, while guest orders by transfer (one or two
// units of a random product of the demo catalogue with stock) are placed at random intervals
// (exponential, mean BENCH_ORDER_EVERY_MS, 1500) on either instance. None is paid, so every order
// expires. At the end (after a hold plus two sweep periods) it prints how many orders there were,
// how many were cancelled, how many have more or less than one CANCELADO event in their history or
// more or less than one 'vencido' e-mail row, how many sweep jobs ran (one per period across the
// two instances: pg-boss's singleton slot) and the products whose stock is not back to its start.
// Without SMTP_URL the e-mails land in the `correos` table (the outbox), which is what it counts.
import { setTimeout as sleep } from 'node:timers/promises';
import { pgServer } from './lib/bench-databases.mjs';
import { PRODUCTION, startBenchServer, stopServer } from './lib/server.mjs';
import { GENEROUS_LIMITS, guestOrder, psql, seconds } from './lib/shop-client.mjs';

const minutes = Number(process.env.BENCH_MINUTES ?? 10);
const meanGapMs = Number(process.env.BENCH_ORDER_EVERY_MS ?? 1_500);
const SWEEP_SECONDS = 10;
const EXPIRY_HOURS = 0.005;

const db = `nexbyte_bench_sweep_${process.pid}`;
try {
  psql(pgServer, `create database ${db}`);
} catch {
  console.log(`PostgreSQL no disponible en ${pgServer} (BENCH_PG_URL); no se puede medir.`);
  process.exit(1);
}
const url = new URL(pgServer);
url.pathname = `/${db}`;
const dbUrl = url.toString();
const servers = [];
let failed;
try {
  const env = {
    ...PRODUCTION,
    ...GENEROUS_LIMITS,
    DATABASE_URL: dbUrl,
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0000',
    ORDER_SWEEP_INTERVAL_SECONDS: String(SWEEP_SECONDS),
    ORDER_EXPIRY_HOURS: String(EXPIRY_HOURS),
  };
  // One after the other: the first creates the tables and the demo catalogue.
  servers.push(await startBenchServer(env));
  servers.push(await startBenchServer(env));
  const initial = new Map(
    psql(dbUrl, 'select id, stock from productos where activo order by id')
      .split('\n')
      .map((l) => l.split('|').map(Number)),
  );
  const stock = new Map([...initial].filter(([, s]) => s > 0));

  console.log(
    `Barrido de vencidos con 2 instancias en PostgreSQL durante ${minutes} min (cada ${SWEEP_SECONDS} s, reserva de ${EXPIRY_HOURS * 3600} s por transferencia)`,
  );
  const started = performance.now();
  const endAt = started + minutes * 60_000;
  const placedOn = [0, 0];
  let refused = 0;
  const inflight = new Set();
  for (let i = 0; performance.now() < endAt; i++) {
    await sleep(-Math.log(1 - Math.random()) * meanGapMs);
    const which = Math.random() < 0.5 ? 0 : 1;
    const ids = [...stock].filter(([, s]) => s > 0).map(([id]) => id);
    const productoId = ids[Math.floor(Math.random() * ids.length)];
    const qty = Math.random() < 0.7 ? 1 : 2;
    const order = guestOrder(servers[which].origin, {
      key: `barrido-${process.pid}-${i}`,
      correo: `comprador-${process.pid}-${i}@gmail.com`,
      productoId,
      qty,
      pago: 'TRANSFERENCIA',
    }).then((res) => {
      if (res.status === 201) placedOn[which]++;
      else if (res.status === 409) refused++;
      else {
        refused++;
        console.log(`  pedido ${i}: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
      }
    });
    inflight.add(order);
    void order.then(() => inflight.delete(order));
  }
  await Promise.all(inflight);
  // The last order's hold, then two sweep periods (and a little more) for it to be swept.
  const settleMs = EXPIRY_HOURS * 3_600_000 + 2 * SWEEP_SECONDS * 1000 + 5_000;
  await sleep(settleMs);
  let pending = Number(psql(dbUrl, `select count(*) from pedidos where estado = 'PENDIENTE_PAGO'`));
  for (let extra = 0; pending > 0 && extra < 6; extra++) {
    await sleep(SWEEP_SECONDS * 1000);
    pending = Number(psql(dbUrl, `select count(*) from pedidos where estado = 'PENDIENTE_PAGO'`));
  }
  // The e-mails' workers poll once a second: let the last ones be written out.
  await sleep(3_000);

  const orders = Number(psql(dbUrl, 'select count(*) from pedidos'));
  const cancelled = Number(psql(dbUrl, `select count(*) from pedidos where estado = 'CANCELADO'`));
  const events = psql(
    dbUrl,
    `select count(*) filter (where n = 1), count(*) filter (where n <> 1)
       from (select p.id, count(e.id) filter (where e.a = 'CANCELADO') as n
               from pedidos p left join pedido_eventos e on e.pedido_id = p.id group by p.id) x`,
  ).split('|');
  const mails = psql(
    dbUrl,
    `select count(*) filter (where n = 1), count(*) filter (where n <> 1)
       from (select p.id, count(c.id) as n from pedidos p
               left join correos c on c.compositor = 'pedido' and c.datos->>'numero' = p.numero
                                  and c.datos->>'kind' = 'vencido'
              group by p.id) x`,
  ).split('|');
  const sweeps = psql(
    dbUrl,
    `select count(*), count(distinct singleton_on), coalesce(max(n), 0) from (
       select singleton_on, count(*) over (partition by singleton_on) as n from (
         select singleton_on from pgboss.job where name = 'pedidos-vencidos'
         union all select singleton_on from pgboss.archive where name = 'pedidos-vencidos') j) s`,
  ).split('|');
  const final = new Map(
    psql(dbUrl, 'select id, stock from productos where activo order by id')
      .split('\n')
      .map((l) => l.split('|').map(Number)),
  );
  const wrongStock = [...initial].filter(([id, s]) => final.get(id) !== s);
  const mailKinds = psql(
    dbUrl,
    `select k || '=' || n from (
       select compositor || ':' || coalesce(datos->>'kind', datos->'news'->>0, datos->>'que', '?') as k,
              count(*) as n
         from correos group by 1) x order by 1`,
  ).replace(/\n/g, ', ');

  console.log(
    `pedidos          ${orders} (instancia A ${placedOn[0]}, B ${placedOn[1]}; sin stock u otros ${refused})`,
  );
  console.log(`cancelados       ${cancelled}; aún pendientes ${pending}`);
  console.log(`un CANCELADO     ${events[0]}; con 0 o más de uno: ${events[1]}`);
  console.log(`un correo vencido ${mails[0]}; con 0 o más de uno: ${mails[1]}`);
  console.log(
    `barridos         ${sweeps[0]} trabajos en ${sweeps[1]} periodos (máx. ${sweeps[2]} por periodo) en ${seconds(performance.now() - started)}`,
  );
  console.log(
    `stock            ${initial.size - wrongStock.length} de ${initial.size} productos como al inicio${wrongStock.length ? `; distintos: ${wrongStock.map(([id, s]) => `${id}: ${s}→${final.get(id)}`).join(', ')}` : ''}`,
  );
  console.log(`correos          ${mailKinds}`);
  failed =
    cancelled !== orders ||
    Number(events[1]) > 0 ||
    Number(mails[1]) > 0 ||
    wrongStock.length > 0 ||
    Number(sweeps[2]) > 1;
} finally {
  for (const server of servers) await stopServer(server.child);
  try {
    psql(pgServer, `drop database if exists ${db} with (force)`);
  } catch {
    // Nothing left to clean.
  }
}
console.log(failed ? 'Resultado: INCORRECTO.' : 'Resultado: correcto.');
process.exitCode = failed ? 1 : 0;
