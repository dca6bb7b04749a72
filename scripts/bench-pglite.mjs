// `npm run bench:pglite`: what the embedded database costs and promises, measured.
//  1. Commits per second of PGlite as it ships (fsync off) and as we run it (fsync on every
//     commit), and, when strace is installed, the fsync(2) calls PostgreSQL really made.
//  2. The real server on PGlite in a fresh DATA_DIR under BENCH_CONNECTIONS (200) connections of a
//     mix that reaches the database (product by id, searches with varied q and min so no cache can
//     answer, contact messages), BENCH_SECONDS (20) per run: requests/s, latency, errors, time-outs,
//     503s, and the server process's own event-loop delay (scripts/lib/event-loop-delay.mjs).
// Every figure is the median of BENCH_RUNS (3) runs. A measurement, not a test.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { startServer, stopServer } from './lib/server-process.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const self = fileURLToPath(import.meta.url);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 200);
const seconds = Number(process.env.BENCH_SECONDS ?? 20);
const runs = Number(process.env.BENCH_RUNS ?? 3);
const commits = Number(process.env.BENCH_COMMITS ?? 500);

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

// ---- 1. Commits per second, in a child process per mode (so strace sees only that one) ----

/** Child: opens PGlite in `dir` the way `mode` says and times `n` single-row commits, `runs` times. */
async function commitChild(mode, dir, n, times) {
  const apiRequire = (await import('node:module')).createRequire(
    path.join(root, 'apps/api/package.json'),
  );
  let pg;
  if (mode === 'durable') {
    const { tsImport } = await import('tsx/esm/api');
    const { openDurablePglite } = await tsImport(
      './apps/api/src/db/pglite-durable-fs.ts',
      pathToFileURL(path.join(root, 'package.json')).href,
    );
    ({ pg } = await openDurablePglite(dir, {}));
  } else {
    const { PGlite } = await import(apiRequire.resolve('@electric-sql/pglite'));
    pg = await PGlite.create(dir);
  }
  await pg.exec('create table if not exists bench (id serial primary key, v text not null)');
  // Under strace, these failed access(2) calls mark where the commits begin and end.
  const mark = (name) => existsSync(`/nexbyte-bench-${name}`);
  mark('begin');
  const perSecond = [];
  for (let t = 0; t < times; t++) {
    const started = performance.now();
    for (let i = 0; i < n; i++) await pg.query('insert into bench (v) values ($1)', [`fila ${i}`]);
    perSecond.push((n / (performance.now() - started)) * 1000);
  }
  mark('end');
  await pg.close();
  process.stdout.write(JSON.stringify({ perSecond }) + '\n');
}

function runCommitChild(mode, dir, n, times, strace) {
  const node = [process.execPath, self, '--commits', mode, dir, String(n), String(times)];
  const traceFile = path.join(tmpdir(), `nexbyte-bench-strace-${process.pid}-${mode}`);
  const traced = 'trace=fsync,fdatasync,access,faccessat,faccessat2';
  const argv = strace ? ['strace', '-f', '-e', traced, '-o', traceFile, ...node] : node;
  const child = spawnSync(argv[0], argv.slice(1), { cwd: root, encoding: 'utf8' });
  if (child.status !== 0) throw new Error(`la medición de commits falló: ${child.stderr}`);
  const { perSecond } = JSON.parse(child.stdout.trim().split('\n').at(-1));
  let syncs;
  if (strace) {
    const trace = readFileSync(traceFile, 'utf8');
    rmSync(traceFile, { force: true });
    // Only between the marks: opening and closing (a checkpoint) sync files too.
    const during = trace.slice(
      trace.indexOf('nexbyte-bench-begin'),
      trace.indexOf('nexbyte-bench-end'),
    );
    const count = (name) => during.match(new RegExp(`\\b${name}\\(`, 'g'))?.length ?? 0;
    syncs = { fsync: count('fsync'), fdatasync: count('fdatasync') };
  }
  return { perSecond, syncs };
}

async function measureCommits() {
  const hasStrace = spawnSync('strace', ['-V'], { stdio: 'ignore' }).status === 0;
  console.log(
    `\n1. Commits de una fila, uno tras otro (${commits} por corrida, mediana de ${runs})`,
  );
  const results = {};
  for (const mode of ['default', 'durable']) {
    const dir = mkdtempSync(path.join(tmpdir(), `nexbyte-bench-commits-${mode}-`));
    try {
      const { perSecond } = runCommitChild(mode, dir, commits, runs, false);
      const syncs = hasStrace ? runCommitChild(mode, dir, commits, 1, true).syncs : undefined;
      results[mode] = { perSecond: median(perSecond), syncs };
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  const label = {
    default: 'PGlite de fábrica (-F, fsync off)',
    durable: 'Nexbyte (fsync on, wal_sync_method=fsync)',
  };
  for (const [mode, r] of Object.entries(results)) {
    const syncs = r.syncs
      ? `   strace: ${r.syncs.fsync} fsync + ${r.syncs.fdatasync} fdatasync en ${commits} commits`
      : '   (strace no instalado: sin conteo de fsync)';
    console.log(
      `   ${label[mode].padEnd(42)} ${String(Math.round(r.perSecond)).padStart(6)} commits/s${syncs}`,
    );
  }
}

// ---- 2. The server under load -------------------------------------------------------------

const WORDS = [
  'mouse',
  'teclado',
  'monitor',
  'ssd',
  'notebook',
  'audifonos',
  'gamer',
  'rgb',
  'usb',
  'hdmi',
  'memoria',
  'ram',
  'fuente',
  'gabinete',
  'placa',
  'procesador',
  'disco',
  'webcam',
  'parlante',
  'cable',
  'logitech',
  'kingston',
  'samsung',
  'inalambrico',
  'mecanico',
];
const pick = (list) => list[Math.floor(Math.random() * list.length)];
let sent = 0;

/** 40 % product by id, 45 % a search no cache has seen, 15 % a contact message. */
function nextRequest(req) {
  const roll = Math.random();
  if (roll < 0.4) {
    return { ...req, method: 'GET', path: `/api/productos/${1 + Math.floor(Math.random() * 45)}` };
  }
  if (roll < 0.85) {
    const min = Math.floor(Math.random() * 50_000);
    return { ...req, method: 'GET', path: `/api/productos?q=${pick(WORDS)}&min=${min}` };
  }
  sent++;
  return {
    ...req,
    method: 'POST',
    path: '/api/contactos',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      nombre: 'Carga de prueba',
      email: 'carga@gmail.com',
      mensaje: `Mensaje ${sent} de la medición`,
    }),
  };
}

/**
 * The server from its sources with the event-loop probe loaded before it (the probe answers over
 * IPC), as this measurement has always run it: no V8 flags of decision 025.
 */
const serverOn = (dataDir) =>
  startServer(
    {
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'error',
      RATE_LIMIT_MAX: '100000000',
      RATE_LIMIT_FORMS_MAX: '100000000',
    },
    {
      source: true,
      nodeFlags: [],
      preload: ['./scripts/lib/event-loop-delay.mjs'],
      ipc: true,
      stderr: 'inherit',
    },
  );

function loopDelay(child) {
  return new Promise((resolve) => {
    const onMessage = (message) => {
      if (message?.type !== 'loop-delay') return;
      child.off('message', onMessage);
      resolve(message);
    };
    child.on('message', onMessage);
    child.send('loop-delay:read');
  });
}

/**
 * An idle Node process measuring its own event loop meanwhile: what the machine alone does to a
 * loop (other processes, autocannon), to read the server's figure against.
 */
function startReference() {
  return spawn(
    process.execPath,
    ['--import', './scripts/lib/event-loop-delay.mjs', '-e', 'setInterval(() => {}, 60_000)'],
    { cwd: root, stdio: ['ignore', 'ignore', 'inherit', 'ipc'] },
  );
}

async function measureServer() {
  console.log(
    `\n2. Servidor en PGlite: ${connections} conexiones, ${seconds} s por corrida, ` +
      `mediana de ${runs} (40 % producto por id, 45 % búsqueda, 15 % contacto)`,
  );
  const dataDir = mkdtempSync(path.join(tmpdir(), 'nexbyte-bench-pglite-'));
  const started = performance.now();
  const { child, origin } = await serverOn(dataDir);
  const reference = startReference();
  console.log(
    `   servidor listo en ${((performance.now() - started) / 1000).toFixed(1)} s (base nueva)`,
  );
  const load = (duration, conns) =>
    autocannon({
      url: origin,
      connections: conns,
      duration,
      timeout: 10,
      requests: [{ setupRequest: nextRequest }],
    });
  const rows = [];
  try {
    // Warm-up at full load: JIT, PostgreSQL's caches, the heap grown to its working size.
    await load(5, connections);
    for (let run = 0; run < runs; run++) {
      child.send('loop-delay:reset');
      reference.send('loop-delay:reset');
      const r = await load(seconds, connections);
      const [delay, idle] = await Promise.all([loopDelay(child), loopDelay(reference)]);
      const unavailable = r.statusCodeStats?.['503']?.count ?? 0;
      const row = {
        reqPerSec: Math.round(r.requests.average),
        p50: r.latency.p50,
        p99: r.latency.p99,
        ok: r['2xx'],
        unavailable,
        otherNon2xx: r.non2xx - unavailable,
        errors: r.errors,
        timeouts: r.timeouts,
        loopP50: delay.p50,
        loopP99: delay.p99,
        loopMax: delay.max,
        busy: delay.busy,
        idleP99: idle.p99,
        load: os.loadavg()[0],
      };
      rows.push(row);
      console.log(
        `   corrida ${run + 1}: ${row.reqPerSec} req/s, latencia p50 ${row.p50} ms p99 ${row.p99} ms; ` +
          `${row.ok} 2xx, ${row.unavailable} 503, ${row.otherNon2xx} otros no-2xx, ` +
          `${row.errors} errores (${row.timeouts} time-outs)\n` +
          `              event loop p50 ${row.loopP50} ms, p99 ${row.loopP99} ms, máx ${row.loopMax} ms, ` +
          `ocupado ${row.busy} %; proceso Node inactivo p99 ${row.idleP99} ms; carga ${row.load.toFixed(1)}`,
      );
    }
  } finally {
    reference.kill();
    await stopServer(child);
    rmSync(dataDir, { recursive: true, force: true });
  }
  const m = (key) => median(rows.map((row) => row[key]));
  console.log(
    `   mediana: ${m('reqPerSec')} req/s, latencia p50 ${m('p50')} ms p99 ${m('p99')} ms, ` +
      `${m('unavailable')} 503, ${m('errors')} errores (${m('timeouts')} time-outs); ` +
      `event loop p99 ${m('loopP99')} ms (objetivo ≤ 100 ms), máx ${m('loopMax')} ms, ` +
      `ocupado ${m('busy')} %; proceso Node inactivo p99 ${m('idleP99')} ms`,
  );
}

if (process.argv[2] === '--commits') {
  const [mode, dir, n, times] = process.argv.slice(3);
  await commitChild(mode, dir, Number(n), Number(times));
} else {
  // BENCH_PARTS=server measures only the server (e.g. an older checkout, to compare).
  const parts = (process.env.BENCH_PARTS ?? 'commits,server').split(',');
  console.log('PGlite: durabilidad y respuesta bajo carga');
  if (parts.includes('commits')) await measureCommits();
  if (parts.includes('server')) await measureServer();
}
