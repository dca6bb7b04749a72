// `npm run bench:api`: GET /api/productos as the shop asks for it (the list page of the demo
// catalogue, 45 products, with a browser's Accept-Encoding), loaded with autocannon against the
// real server and, side by side in the same run, against a bare node:http server that sends the
// very same bytes and headers. On PGlite and, when it answers, on PostgreSQL. Prints requests per
// second and the server's CPU time per request (medians of BENCH_RUNS runs) and the ratios
// real / bare; on a shared machine the CPU ratio is the steadier of the two. Not a test.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { forEachDatabase, median } from './lib/bench-databases.mjs';
import { startBenchServer, stopServer } from './lib/server.mjs';

const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const duration = Number(process.env.BENCH_SECONDS ?? 10);
const runs = Number(process.env.BENCH_RUNS ?? 3);
const PATH = '/api/productos?pagina=1&limite=100&estado=activos';
/** What a browser sends; BENCH_ACCEPT_ENCODING='' measures the plain JSON instead. */
const acceptEncoding = process.env.BENCH_ACCEPT_ENCODING ?? 'gzip, deflate, br, zstd';
const requestHeaders = {
  accept: 'application/json',
  ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}),
};
/** Limits that would turn the load away instead of measuring it. */
const UNLIMITED = { RATE_LIMIT_MAX: '1000000000', MAX_EVENT_LOOP_DELAY_MS: '0' };
/** Set by node:http itself on every answer. */
const PER_CONNECTION = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

async function startBare(fixture) {
  const dir = mkdtempSync(path.join(tmpdir(), 'nexbyte-bare-'));
  const file = path.join(dir, 'fixture.json');
  writeFileSync(file, JSON.stringify(fixture));
  const child = spawn(
    process.execPath,
    [new URL('./lib/bare-server.mjs', import.meta.url).pathname, file],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const port = await new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      const match = /listening (\d+)/.exec(String(chunk));
      if (match) resolve(Number(match[1]));
    });
    child.on('exit', (code) => reject(new Error(`el servidor básico terminó con código ${code}`)));
  });
  return {
    origin: `http://127.0.0.1:${port}`,
    pid: child.pid,
    stop: async () => {
      await stopServer(child);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The real server's answer as it is on the wire (fetch would decode br), to be copied. */
function capture(origin) {
  return new Promise((resolve, reject) => {
    get(origin + PATH, { headers: requestHeaders }, (response) => {
      const chunks = [];
      response.on('data', (c) => chunks.push(c));
      response.on('end', () =>
        resolve({
          status: response.statusCode,
          headers: Object.fromEntries(
            Object.entries(response.headers).filter(([name]) => !PER_CONNECTION.has(name)),
          ),
          body: Buffer.concat(chunks).toString('base64'),
        }),
      );
    }).on('error', reject);
  });
}

/** CPU time (user + system) the process has used so far, in microseconds. */
function cpuMicros(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1e6) / CLOCK_TICKS;
}

/**
 * Requests per second, and the server's CPU time per request: on a shared machine the first
 * depends on what else runs, the second much less, so both are printed.
 */
async function load(url, pid) {
  const before = cpuMicros(pid);
  const r = await autocannon({ url, connections, duration, headers: requestHeaders });
  const failed = r.errors + r.timeouts + r.non2xx;
  if (failed > 0)
    console.log(`    (${r.errors} errores, ${r.timeouts} timeouts, ${r.non2xx} no-2xx en ${url})`);
  return {
    rps: r.requests.average,
    p99: r.latency.p99,
    cpu: (cpuMicros(pid) - before) / r.requests.total,
  };
}

// USER_HZ: 100 on Linux (`getconf CLK_TCK`).
const CLOCK_TICKS = 100;
const fmt = (n) => String(Math.round(n)).padStart(7);
const summary = [];

console.log(
  `GET ${PATH}, Accept-Encoding: ${acceptEncoding || '(ninguno)'}; ` +
    `${connections} conexiones, ${duration} s por medición, mediana de ${runs}`,
);

await forEachDatabase(async (label, env) => {
  const server = await startBenchServer({ ...env, ...UNLIMITED });
  let bare;
  try {
    const fixture = await capture(server.origin);
    const bytes = Buffer.from(fixture.body, 'base64').length;
    console.log(
      `${label}: ${fixture.status}, ${bytes} bytes` +
        `${fixture.headers['content-encoding'] ? ` (${fixture.headers['content-encoding']})` : ''}, ` +
        `X-Total-Count ${fixture.headers['x-total-count']}`,
    );
    bare = await startBare(fixture);
    const realUrl = server.origin + PATH;
    const bareUrl = bare.origin + PATH;
    // Warm-up: the server's JIT and cache, and the bare one's JIT.
    await autocannon({ url: realUrl, connections: 10, duration: 2, headers: requestHeaders });
    await autocannon({ url: bareUrl, connections: 10, duration: 2, headers: requestHeaders });
    const real = [];
    const plain = [];
    for (let i = 0; i < runs; i++) {
      const r = await load(realUrl, server.child.pid);
      const b = await load(bareUrl, bare.pid);
      real.push(r);
      plain.push(b);
      console.log(
        `  ronda ${i + 1}: servidor ${fmt(r.rps)} req/s (p99 ${r.p99} ms, ${Math.round(r.cpu)} µs CPU/sol.)` +
          `   node:http ${fmt(b.rps)} req/s (p99 ${b.p99} ms, ${Math.round(b.cpu)} µs CPU/sol.)`,
      );
    }
    const rps = { real: median(real.map((r) => r.rps)), bare: median(plain.map((b) => b.rps)) };
    const cpu = { real: median(real.map((r) => r.cpu)), bare: median(plain.map((b) => b.cpu)) };
    summary.push({ label, rps, cpu });
  } finally {
    await bare?.stop();
    await stopServer(server.child);
  }
});

console.log('\nResumen (medianas)');
for (const { label, rps, cpu } of summary) {
  const ratio = rps.real / rps.bare;
  console.log(
    `  ${label.padEnd(11)} servidor ${fmt(rps.real)} req/s   node:http ${fmt(rps.bare)} req/s   ` +
      `razón ${ratio.toFixed(2)}× ${ratio >= 0.6 ? '(meta ≥ 0,6× cumplida)' : '(meta ≥ 0,6× NO cumplida)'}` +
      `   CPU por solicitud ${Math.round(cpu.real)} µs / ${Math.round(cpu.bare)} µs = ` +
      `${(cpu.bare / cpu.real).toFixed(2)}×`,
  );
}
