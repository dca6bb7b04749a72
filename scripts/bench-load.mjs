// `npm run bench:load`: shopping traffic against the real server, on PGlite and, when it answers,
// on PostgreSQL: BENCH_SECONDS (60) at BENCH_CONNECTIONS (200) of 85 % product lists with the
// filters shoppers use, 5 % product pages, 5 % the web page `/` and 5 % contact messages. Prints
// requests per second, latency p50/p99, the server's CPU time per 1,000 requests (all its
// threads; the load generator is another process on the same cores and is not counted), errors,
// timeouts, non-2xx answers and the server's RSS after the load. The server runs as production
// runs it (NODE_ENV=production; BENCH_NODE_ENV=development for `npm start`'s settings).
// BENCH_CONTACT=0 sends lists instead of the contact messages, to see what those writes (a
// commit and a durable e-mail job each) cost everything else. BENCH_REF=<commit> measures that
// commit's build beside this one (scripts/lib/reference.mjs), round for round, and prints the
// ratio of their CPU per 1,000 requests. Loopback only, bounded in time. A measurement, not a test.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { forEachDatabase, freshDatabase, median } from './lib/bench-databases.mjs';
import { prepareReference } from './lib/reference.mjs';
import { PRODUCTION, startBenchServer, stopServer } from './lib/server.mjs';
import { ensureWebBuild } from './lib/web-build.mjs';

const connections = Number(process.env.BENCH_CONNECTIONS ?? 200);
const duration = Number(process.env.BENCH_SECONDS ?? 60);
const runs = Number(process.env.BENCH_RUNS ?? 1);
/** BENCH_CONTACT=0 sends lists where the mix sends contact messages (the mix's only writes). */
const withContact = process.env.BENCH_CONTACT !== '0';
/** The server as production runs it, unless BENCH_NODE_ENV=development (as `npm start` runs it). */
const development = process.env.BENCH_NODE_ENV === 'development';
const TIMEOUT_SECONDS = 10;
const WARM_UP_SECONDS = 5;
const REST_SECONDS = 5;
/** Every connection comes from one address here, where shoppers come from many. */
const LIMITS = { RATE_LIMIT_MAX: '1000000000', RATE_LIMIT_FORMS_MAX: '1000000000' };
const BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd' };
const SHOP_LIST = 'pagina=1&limite=100&estado=activos';

const TERMS = [
  'logitech',
  'ssd',
  'teclado mecanico',
  'monitor',
  'raton',
  'samsumg',
  'notebook',
  'audifonos',
  'rtx',
  'kingston',
  'mouse inalambrico',
  'hdmi',
];
const ORDERS = ['precio_asc', 'precio_desc', 'recientes'];
const PRICE_RANGES = [
  [0, 20000],
  [20000, 100000],
  [100000, 500000],
  [50000, 1500000],
];

/** A seeded generator, so each run asks the same mix of questions. */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const pick = (rand, list) => list[Math.floor(rand() * list.length)];
const q = (value) => encodeURIComponent(value);

/** What the shop asks while people browse: mostly the catalogue, often a category or a search. */
function listPath(rand, categories) {
  const roll = rand();
  if (roll < 0.35) return `/api/productos?${SHOP_LIST}`;
  if (roll < 0.45) return '/api/productos?limite=4&estado=activos';
  if (roll < 0.65) return `/api/productos?categoria=${q(pick(rand, categories))}&${SHOP_LIST}`;
  if (roll < 0.85) {
    const orden = rand() < 0.3 ? `&orden=${pick(rand, ORDERS)}` : '';
    return `/api/productos?q=${q(pick(rand, TERMS))}${orden}&${SHOP_LIST}`;
  }
  const [min, max] = pick(rand, PRICE_RANGES);
  return (
    `/api/productos?categoria=${q(pick(rand, categories))}&min=${min}&max=${max}` +
    `&orden=${pick(rand, ORDERS)}&${SHOP_LIST}`
  );
}

function shoppingMix(ids, categories, seed) {
  const rand = random(seed);
  let sent = 0;
  const list = {
    method: 'GET',
    headers: { ...BROWSER, accept: 'application/json' },
    setupRequest: (req) => ({ ...req, path: listPath(rand, categories) }),
  };
  return [
    ...Array.from({ length: 17 }, () => list),
    {
      method: 'GET',
      headers: { ...BROWSER, accept: 'application/json' },
      setupRequest: (req) => ({ ...req, path: `/api/productos/${pick(rand, ids)}` }),
    },
    { method: 'GET', path: '/', headers: { ...BROWSER, accept: 'text/html' } },
    // BENCH_CONTACT=0: a list instead, to see what the writes cost the rest.
    withContact
      ? {
          method: 'POST',
          path: '/api/contactos',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          setupRequest: (req) => {
            sent += 1;
            return {
              ...req,
              body: JSON.stringify({
                nombre: `Cliente ${sent}`,
                email: `cliente${sent % 1000}@gmail.com`,
                mensaje: '¿Tienen stock del SSD de 1 TB para retiro en tienda?',
              }),
            };
          },
        }
      : list,
  ];
}

/** CPU seconds the process has used (user + system, every thread), from /proc. */
function cpuSeconds(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command's closing parenthesis; utime and stime are the 12th and 13th there.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}
const CLOCK_TICKS = Number(
  spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim() || 100,
);

function rssMegabytes(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? NaN);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

const ms = (n) => `${n} ms`.padStart(7);
/** BENCH_REF=<commit>: that commit's build measured beside this one, round for round. */
const reference = process.env.BENCH_REF ? prepareReference(process.env.BENCH_REF) : null;
const builds = [{ root: undefined }, ...(reference ? [{ root: reference.dir }] : [])];
const summary = [];

ensureWebBuild();
console.log(
  `Mezcla ${withContact ? '85 % listas / 5 % producto / 5 % página / 5 % contacto' : '90 % listas / 5 % producto / 5 % página, sin contacto (BENCH_CONTACT=0)'}: ${connections} conexiones, ` +
    `${duration} s${runs > 1 ? `, mediana de ${runs} rondas` : ''}, tras ${WARM_UP_SECONDS} s de calentamiento, cada ronda en un servidor y una base nuevos; ` +
    `servidor compilado con NODE_ENV=${development ? 'development' : 'production'}`,
);

/** One round on a server of its own, on an empty database: its figures and its memory. */
async function measureRound(env, root, seed) {
  const server = await startBenchServer(
    { ...env, ...(development ? { LOG_LEVEL: 'info' } : PRODUCTION), ...LIMITS },
    root,
  );
  try {
    const products = await (await fetch(`${server.origin}/api/productos?${SHOP_LIST}`)).json();
    const ids = products.map((p) => p.id);
    const categories = [...new Set(products.map((p) => p.categoria.nombre))];
    const home = await fetch(`${server.origin}/`);
    if (!home.ok || !(await home.text()).includes('<div id="root">')) {
      throw new Error('el servidor no sirve la app web en /; ¿falló npm run build?');
    }
    const idle = rssMegabytes(server.child.pid).rss;
    // JIT and the first answer of each query: a shop that has been open a while.
    await autocannon({
      url: server.origin,
      connections: 20,
      duration: WARM_UP_SECONDS,
      requests: shoppingMix(ids, categories, 7),
    });
    const cpuBefore = cpuSeconds(server.child.pid);
    const r = await autocannon({
      url: server.origin,
      connections,
      duration,
      timeout: TIMEOUT_SECONDS,
      requests: shoppingMix(ids, categories, seed),
    });
    const cpu = cpuSeconds(server.child.pid) - cpuBefore;
    // The server's CPU per 1,000 answers: what the load generator spends on the same cores is
    // not in it (it is another process).
    r.cpuPerThousand = (cpu * 1000 * 1000) / Math.max(1, r.requests.total);
    const memory = rssMegabytes(server.child.pid);
    await new Promise((resolve) => setTimeout(resolve, REST_SECONDS * 1000));
    memory.rested = rssMegabytes(server.child.pid).rss;
    memory.idle = idle;
    return { r, memory };
  } finally {
    await stopServer(server.child);
  }
}

function summarise(label, rounds) {
  return {
    label,
    rps: median(rounds.map(({ r }) => r.requests.average)),
    p50: median(rounds.map(({ r }) => r.latency.p50)),
    p99: median(rounds.map(({ r }) => r.latency.p99)),
    cpu: median(rounds.map(({ r }) => r.cpuPerThousand)),
    errors: rounds.reduce((sum, { r }) => sum + r.errors, 0),
    timeouts: rounds.reduce((sum, { r }) => sum + r.timeouts, 0),
    non2xx: rounds.reduce((sum, { r }) => sum + r.non2xx, 0),
    total: rounds.reduce((sum, { r }) => sum + r.requests.total, 0),
    rss: median(rounds.map(({ memory }) => memory.rss)),
    highest: Math.max(...rounds.map(({ memory }) => memory.rss)),
    peak: Math.max(...rounds.map(({ memory }) => memory.peak)),
  };
}

await forEachDatabase(async (database, env) => {
  const rounds = new Map(builds.map((build) => [build, []]));
  for (let i = 0; i < runs; i++) {
    // With a reference the two take turns, first one then the other, so that what the machine
    // does meanwhile falls on both alike; each round starts a server on an empty database.
    for (const build of i % 2 ? [...builds].reverse() : builds) {
      const fresh = freshDatabase(env);
      try {
        const round = await measureRound(fresh.env, build.root, 42 + i);
        rounds.get(build).push(round);
        const { r, memory } = round;
        const failures = Object.entries(r.statusCodeStats ?? {})
          .filter(([status]) => !status.startsWith('2'))
          .map(([status, { count }]) => `${count}×${status}`);
        console.log(
          `  ${database}${build.root ? ' referencia' : ''} ronda ${i + 1}: ${Math.round(r.requests.average)} req/s, ` +
            `p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, ` +
            `CPU ${Math.round(r.cpuPerThousand)} ms por 1.000, ${r.errors} errores, ` +
            `${r.timeouts} timeouts, ${r.non2xx} no-2xx${failures.length ? ` (${failures.join(', ')})` : ''}; RSS ${Math.round(memory.idle)} MB en reposo antes, ` +
            `${Math.round(memory.rss)} MB al terminar, ${Math.round(memory.rested)} MB ${REST_SECONDS} s después`,
        );
      } finally {
        fresh.drop();
      }
    }
  }
  for (const build of builds) {
    summary.push(summarise(`${database}${build.root ? ' ref.' : ''}`, rounds.get(build)));
  }
});

console.log('\nResumen');
for (const s of summary) {
  console.log(
    `  ${s.label.padEnd(11)} ${String(Math.round(s.rps)).padStart(6)} req/s  p50 ${ms(s.p50)}  ` +
      `p99 ${ms(s.p99)}  CPU ${ms(Math.round(s.cpu))} por 1.000  errores ${s.errors}  timeouts ${s.timeouts}  no-2xx ${s.non2xx} ` +
      `(de ${s.total})  RSS al terminar ${Math.round(s.rss)} MB` +
      (runs > 1 ? ` (mediana; la mayor ${Math.round(s.highest)} MB)` : '') +
      `, pico del proceso ${Math.round(s.peak)} MB`,
  );
}
if (reference) {
  console.log(`\nReferencia: ${reference.label}`);
  for (const ref of summary.filter((s) => s.label.endsWith(' ref.'))) {
    const now = summary.find((s) => s.label === ref.label.slice(0, -' ref.'.length));
    if (!now) continue;
    console.log(
      `  ${now.label.padEnd(11)} CPU por 1.000 ×${(now.cpu / ref.cpu).toFixed(2)} de la referencia ` +
        `(${Math.round(now.cpu)} frente a ${Math.round(ref.cpu)} ms), p99 ${now.p99} frente a ${ref.p99} ms, ` +
        `${Math.round(now.rps)} frente a ${Math.round(ref.rps)} req/s`,
    );
  }
}
console.log('  Metas: 0 errores y 0 timeouts en ambas; p99 ≤ 100 ms en PostgreSQL; RSS ≤ 300 MB.');
