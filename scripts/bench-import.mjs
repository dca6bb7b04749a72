// `npm run bench:import`: how long POST /api/productos/importar takes for BENCH_IMPORT_ROWS
// (10,000) generated rows, on the real server over HTTP, on PGlite and on PostgreSQL
// (BENCH_PG_URL). Each figure is the median of BENCH_RUNS (3) runs: creating that many new
// products (new SKUs each run), then updating them all (a new price each run). The issue asks for
// under a minute. A measurement, not a test.
import { performance } from 'node:perf_hooks';
import { forEachDatabase, median } from './lib/bench-databases.mjs';
import { startBenchServer, stopServer } from './lib/server.mjs';

const rows = Number(process.env.BENCH_IMPORT_ROWS ?? 10_000);
const runs = Number(process.env.BENCH_RUNS ?? 3);
const HEADER = 'sku;nombre;marca;categoria;precio;stock;activo;descripcion;especificaciones';
const CATEGORIES = ['Componentes', 'Almacenamiento', 'Periféricos', 'Monitores'];

/** A file as Excel in Chile saves it: BOM, ';', CRLF, prices as $12.990. */
function generatedCsv(prefix, priceShift) {
  const lines = [HEADER];
  for (let i = 0; i < rows; i++) {
    const precio = (10_000 + i + priceShift).toLocaleString('es-CL');
    lines.push(
      `${prefix}-${i};Producto de carga ${prefix} ${i};Marca ${i % 25};${CATEGORIES[i % 4]};$${precio};${i % 40};sí;Producto generado para medir la importación.;Capacidad=${(i % 8) + 1} TB|Interfaz=NVMe`,
    );
  }
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
}

async function login(origin) {
  const res = await fetch(`${origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ correo: 'admin@duoc.cl', pass: 'admin123' }),
  });
  if (!res.ok) throw new Error(`login: ${res.status}`);
  return (await res.json()).token;
}

async function timedImport(origin, token, csv) {
  const started = performance.now();
  const res = await fetch(`${origin}/api/productos/importar`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
    body: csv,
  });
  const report = await res.json();
  const seconds = (performance.now() - started) / 1000;
  if (!res.ok || report.errores > 0)
    throw new Error(`importación: ${res.status} ${JSON.stringify(report).slice(0, 300)}`);
  return { seconds, report };
}

const results = [];
await forEachDatabase(async (label, env) => {
  const { child, origin } = await startBenchServer({
    ...env,
    IMPORT_MAX_BYTES: String(50 * 1024 * 1024),
  });
  try {
    const token = await login(origin);
    const create = [];
    const update = [];
    for (let run = 0; run < runs; run++) {
      const prefix = `BENCH${run}`;
      const created = await timedImport(origin, token, generatedCsv(prefix, 0));
      if (created.report.creadas !== rows) throw new Error(`se esperaban ${rows} nuevas`);
      create.push(created.seconds);
      const updated = await timedImport(origin, token, generatedCsv(prefix, 1));
      if (updated.report.actualizadas !== rows)
        throw new Error(`se esperaban ${rows} actualizadas`);
      update.push(updated.seconds);
      console.log(
        `${label} ronda ${run + 1}: crear ${created.seconds.toFixed(2)} s, actualizar ${updated.seconds.toFixed(2)} s`,
      );
    }
    results.push({ label, create: median(create), update: median(update) });
  } finally {
    await stopServer(child);
  }
});

const size = generatedCsv('BENCH0', 0).length;
console.log(
  `\n${rows.toLocaleString('es-CL')} filas (${(size / 1024 / 1024).toFixed(1)} MB), mediana de ${runs}:`,
);
console.log('base de datos  crear (s)  actualizar (s)');
for (const r of results) {
  console.log(
    `${r.label.padEnd(13)}  ${r.create.toFixed(2).padStart(9)}  ${r.update.toFixed(2).padStart(14)}`,
  );
}
