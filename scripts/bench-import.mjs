// `npm run bench:import`: the product CSV import on the real server over HTTP, on PGlite and on
// PostgreSQL (BENCH_PG_URL), with production settings (NODE_ENV=production, default logging).
// Each figure is the median of BENCH_RUNS (3) runs.
//
// 1. A 10 MB file (about 81,000 rows; BENCH_IMPORT_MB): while it is imported (created on the first
//    run, every price changed on the next ones), BENCH_IMPORT_READERS (2) shoppers read the public
//    catalogue (GET /api/productos) one request after another; it prints their p99 during the
//    import, how long the import took, and the server's peak RSS during it (read from /proc). The
//    goal: p99 ≤ 200 ms. A large file is answered 202 and followed through its progress endpoint;
//    a server that answers it at once (200) is measured the same way.
// 2. BENCH_IMPORT_ROWS (10,000) rows created, then updated (BENCH_IMPORT_ROWS=0 skips it): under a
//    minute each. A measurement, not a test.
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { forEachDatabase, median } from './lib/bench-databases.mjs';
import { PRODUCTION, startBenchServer, stopServer } from './lib/server.mjs';

const rows = Number(process.env.BENCH_IMPORT_ROWS ?? 10_000);
const runs = Number(process.env.BENCH_RUNS ?? 3);
const bigBytes = Number(process.env.BENCH_IMPORT_MB ?? 10) * 1_000_000;
const readers = Number(process.env.BENCH_IMPORT_READERS ?? 2);
const HEADER = 'sku;nombre;marca;categoria;precio;stock;activo;descripcion;especificaciones';
const CATEGORIES = ['Componentes', 'Almacenamiento', 'Periféricos', 'Monitores'];

const line = (prefix, i, priceShift) =>
  `${prefix}-${i};Producto de carga ${prefix} ${i};Marca ${i % 25};${CATEGORIES[i % 4]};$${(10_000 + i + priceShift).toLocaleString('es-CL')};${i % 40};sí;Producto generado para medir la importación.;Capacidad=${(i % 8) + 1} TB|Interfaz=NVMe`;

/** A file as Excel in Chile saves it: BOM, ';', CRLF, prices as $12.990; `count` rows or `bytes`. */
function generatedCsv(prefix, priceShift, { count = Infinity, bytes = Infinity }) {
  const lines = [HEADER];
  let size = 3 + HEADER.length + 2;
  for (let i = 0; i < count; i++) {
    const next = line(prefix, i, priceShift);
    const length = Buffer.byteLength(next) + 2;
    if (size + length > bytes) break;
    size += length;
    lines.push(next);
  }
  return { csv: Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8'), rows: lines.length - 1 };
}

async function login(origin) {
  const res = await fetch(`${origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ correo: 'admin@duoc.cl', pass: PRODUCTION.ADMIN_PASSWORD }),
  });
  if (!res.ok) throw new Error(`login: ${res.status}`);
  return (await res.json()).token;
}

/** POSTs the file and waits for its report: at once (200), or through its job (202). */
async function runImport(origin, token, csv) {
  const started = performance.now();
  const res = await fetch(`${origin}/api/productos/importar`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
    body: csv,
  });
  let body = await res.json();
  if (res.status === 202) {
    while (body.estado === 'en_curso') {
      await sleep(250);
      const poll = await fetch(`${origin}/api/productos/importaciones/${body.id}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      // A 503 while the embedded database writes a batch: ask again.
      if (poll.status === 503) continue;
      body = await poll.json();
    }
    if (body.estado !== 'terminada') throw new Error(`importación: ${JSON.stringify(body.error)}`);
    body = body.informe;
  } else if (!res.ok) {
    throw new Error(`importación: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
  }
  if (body.errores > 0)
    throw new Error(`importación con errores: ${JSON.stringify(body.filas[0])}`);
  return { seconds: (performance.now() - started) / 1000, report: body };
}

/** The server's resident memory now, in MB (Linux). */
const rssMb = (pid) => {
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb === undefined ? 0 : Number(kb) / 1024;
  } catch {
    return 0;
  }
};

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};

/** Shoppers reading the catalogue, and the server's RSS sampled, until `stop()`. */
function watch(origin, pid) {
  let running = true;
  const latencies = [];
  let failures = 0;
  let peakRss = rssMb(pid);
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, rssMb(pid));
  }, 50);
  const shopper = async () => {
    while (running) {
      const started = performance.now();
      try {
        const res = await fetch(`${origin}/api/productos`);
        await res.arrayBuffer();
        if (!res.ok) failures++;
      } catch {
        failures++;
      }
      latencies.push(performance.now() - started);
    }
  };
  const shoppers = Array.from({ length: readers }, shopper);
  return async () => {
    running = false;
    await Promise.all(shoppers);
    clearInterval(sampler);
    peakRss = Math.max(peakRss, rssMb(pid));
    return { p99: percentile(latencies, 99), requests: latencies.length, failures, peakRss };
  };
}

const results = [];
let bigRows = 0;
let bigSize = 0;
await forEachDatabase(async (label, env) => {
  const server = await startBenchServer({ ...env, ...PRODUCTION, LOG_LEVEL: 'info' });
  const { child, origin } = server;
  void server.exited.then((exit) => {
    if (exit.code !== 0 && exit.signal !== 'SIGTERM') {
      console.error(
        `El servidor terminó (${exit.code ?? exit.signal}):`,
        server.output().slice(-3000),
      );
    }
  });
  try {
    const token = await login(origin);
    const big = [];
    for (let run = 0; run < runs; run++) {
      // The first run creates the products; the next ones change every price.
      const { csv, rows: count } = generatedCsv('CARGA', run, { bytes: bigBytes });
      bigRows = count;
      bigSize = csv.length;
      await fetch(`${origin}/api/productos`).then((r) => r.arrayBuffer());
      const stop = watch(origin, child.pid);
      const started = performance.now();
      // An import the server never answers (the connection dropped) is measured all the same.
      const imported = await runImport(origin, token, csv).catch((err) => ({
        seconds: (performance.now() - started) / 1000,
        failed: err.cause?.message ?? err.message,
      }));
      const seen = await stop();
      big.push({ ...seen, seconds: imported.seconds });
      console.log(
        `${label} 10 MB ronda ${run + 1}: importación ${imported.seconds.toFixed(1)} s${imported.failed ? ` (falló: ${imported.failed})` : ''}; catálogo p99 ${seen.p99.toFixed(0)} ms en ${seen.requests} consultas (${seen.failures} fallidas); RSS máx. ${seen.peakRss.toFixed(0)} MB`,
      );
    }

    const create = [];
    const update = [];
    for (let run = 0; rows > 0 && run < runs; run++) {
      const prefix = `BENCH${run}`;
      const created = await runImport(origin, token, generatedCsv(prefix, 0, { count: rows }).csv);
      if (created.report.creadas !== rows) throw new Error(`se esperaban ${rows} nuevas`);
      create.push(created.seconds);
      const updated = await runImport(origin, token, generatedCsv(prefix, 1, { count: rows }).csv);
      if (updated.report.actualizadas !== rows)
        throw new Error(`se esperaban ${rows} actualizadas`);
      update.push(updated.seconds);
      console.log(
        `${label} ${rows} filas ronda ${run + 1}: crear ${created.seconds.toFixed(2)} s, actualizar ${updated.seconds.toFixed(2)} s`,
      );
    }
    results.push({
      label,
      p99: median(big.map((b) => b.p99)),
      seconds: median(big.map((b) => b.seconds)),
      peakRss: median(big.map((b) => b.peakRss)),
      failures: big.reduce((n, b) => n + b.failures, 0),
      create: create.length > 0 ? median(create) : NaN,
      update: update.length > 0 ? median(update) : NaN,
    });
  } finally {
    await stopServer(child);
  }
});

console.log(
  `\nArchivo grande: ${bigRows.toLocaleString('es-CL')} filas (${(bigSize / 1024 / 1024).toFixed(1)} MB), ${readers} lectores del catálogo; mediana de ${runs}:`,
);
console.log('base de datos  catálogo p99 (ms)  importación (s)  RSS máx. (MB)  fallidas');
for (const r of results) {
  console.log(
    `${r.label.padEnd(13)}  ${r.p99.toFixed(0).padStart(17)}  ${r.seconds.toFixed(1).padStart(15)}  ${r.peakRss.toFixed(0).padStart(13)}  ${String(r.failures).padStart(8)}`,
  );
}
if (rows > 0) {
  console.log(`\n${rows.toLocaleString('es-CL')} filas, mediana de ${runs}:`);
  console.log('base de datos  crear (s)  actualizar (s)');
  for (const r of results) {
    console.log(
      `${r.label.padEnd(13)}  ${r.create.toFixed(2).padStart(9)}  ${r.update.toFixed(2).padStart(14)}`,
    );
  }
}
console.log('\nMeta: catálogo p99 ≤ 200 ms durante la importación de 10 MB.');
