// `npm run bench:catalog`: the catalogue at scale. Seeds 100,000 realistic products into a
// throw-away PostgreSQL database (BENCH_PG_URL, created and dropped) and 20,000 into a PGlite in a
// temporary folder, starts the real server on each, and measures every query shape the shop and
// the admin make through HTTP, one request at a time: warm-up, then BENCH_REQUESTS requests per
// shape. Prints p50/p95 per shape and database, and what the X-Total-Count count costs.
// A measurement, not a test.
//
// The shop's shapes are asked anonymously, as the shop does, and never answered from the read
// cache (see request()), so the figures are the database path; a cache hit costs less.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import pg from 'pg';
import { startBenchServer, stopServer } from './lib/server.mjs';

const pgServer = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PG_PRODUCTS = Number(process.env.BENCH_PG_PRODUCTS ?? 100_000);
const PGLITE_PRODUCTS = Number(process.env.BENCH_PGLITE_PRODUCTS ?? 20_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 20);
const ADMIN = { correo: 'admin@duoc.cl', pass: 'admin123' };
const SERVER_ENV = {
  JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0000',
  RATE_LIMIT_MAX: '1000000000',
  MAX_EVENT_LOOP_DELAY_MS: '0',
  ORDER_SWEEP_INTERVAL_SECONDS: '0',
  ADMIN_EMAIL: ADMIN.correo,
  ADMIN_PASSWORD: ADMIN.pass,
};

// ---------------------------------------------------------------------------------------------
// The catalogue: 16 kinds of product × 20 brands × models × variants, over the demo categories,
// with accents and ñ where Chilean shops write them. One in 50 is inactive.

const SEED_SQL = (count) => `
WITH tipos(ti, tipo, cat, descripcion, pmin, pmax) AS (VALUES
 (0, 'Teclado mecánico', 'Periféricos', 'Teclado mecánico con switches {sw}, retroiluminación RGB y cable USB-C desmontable.', 19990, 149990),
 (1, 'Mouse inalámbrico', 'Periféricos', 'Mouse inalámbrico de {dpi} DPI, batería de larga duración y receptor USB.', 7990, 89990),
 (2, 'Mouse gamer', 'Periféricos', 'Mouse gamer con sensor óptico de {dpi} DPI y botones programables.', 9990, 99990),
 (3, 'Ratón ergonómico', 'Periféricos', 'Ratón vertical que reduce la tensión de la muñeca en jornadas largas.', 12990, 59990),
 (4, 'Monitor', 'Monitores', 'Monitor IPS de {hz} Hz con panel antirreflejo y ajuste de altura.', 89990, 599990),
 (5, 'Audífonos gamer', 'Audio', 'Audífonos con micrófono desmontable, sonido envolvente 7.1 y almohadillas de espuma.', 14990, 179990),
 (6, 'Audífonos para niño', 'Audio', 'Audífonos con volumen limitado a 85 dB, livianos y resistentes para niños y niñas.', 9990, 39990),
 (7, 'Notebook', 'Notebooks', 'Notebook con pantalla de 15,6 pulgadas, SSD NVMe y teclado en español con ñ.', 399990, 1899990),
 (8, 'Disco SSD NVMe', 'Almacenamiento', 'Unidad de estado sólido M.2 con lectura de hasta {mbs} MB/s.', 24990, 249990),
 (9, 'Disco duro externo', 'Almacenamiento', 'Disco portátil USB 3.2 con respaldo automático y carcasa resistente a golpes.', 39990, 149990),
 (10, 'Memoria RAM DDR5', 'Componentes', 'Módulo de memoria con disipador de aluminio y perfil XMP.', 29990, 199990),
 (11, 'Tarjeta de video', 'Componentes', 'Tarjeta gráfica con triple ventilador, trazado de rayos y tres salidas DisplayPort.', 249990, 1999990),
 (12, 'Fuente de poder', 'Componentes', 'Fuente modular con certificación 80 Plus Gold y ventilador silencioso.', 49990, 229990),
 (13, 'Placa madre', 'Componentes', 'Placa madre ATX con Wi-Fi 6, dos ranuras M.2 y audio de alta definición.', 89990, 499990),
 (14, 'Router Wi-Fi 6', 'Redes', 'Router de doble banda con cobertura para toda la casa y control parental.', 29990, 199990),
 (15, 'Cámara web', 'Accesorios', 'Cámara web Full HD con micrófono estéreo y corrección automática de luz.', 14990, 99990)
), marcas(mi, marca) AS (
 SELECT ordinality - 1, m FROM unnest(ARRAY['Logitech', 'Razer', 'HyperX', 'Corsair', 'Samsung',
   'Kingston', 'ASUS', 'MSI', 'Gigabyte', 'Redragon', 'Acer', 'Lenovo', 'Western Digital', 'TP-Link',
   'Xiaomi', 'LG', 'BenQ', 'Cooler Master', 'Seagate', 'Crucial']) WITH ORDINALITY AS t(m)
), variantes(vi, variante) AS (
 SELECT ordinality - 1, v FROM unnest(ARRAY['Pro', 'RGB', 'Lite', 'Plus', 'Ultra', 'Max', 'X',
   'Elite', 'Negro', 'Blanco', 'Rosa', 'Edición Ñandú']) WITH ORDINALITY AS t(v)
)
INSERT INTO productos (nombre, descripcion, precio, imagen, stock, activo, categoria_id, created_at)
SELECT
  t.tipo || ' ' || m.marca || ' ' || chr(65 + (g % 26)) || (100 + (g * 7) % 900) || ' ' || v.variante,
  replace(replace(replace(replace(t.descripcion,
    '{sw}', (ARRAY['Red', 'Blue', 'Brown'])[1 + g % 3]),
    '{dpi}', (800 * (1 + g % 30))::text),
    '{hz}', (ARRAY['75', '144', '165', '240'])[1 + (g / 16) % 4]),
    '{mbs}', (3000 + (g % 5) * 1000)::text),
  round((t.pmin + ((g * 7919) % 1000) / 1000.0 * (t.pmax - t.pmin)) / 1000) * 1000 - 10,
  '/img/categorias/perifericos.svg',
  (g * 13) % 120,
  (g % 50) <> 0,
  c.id,
  now() - interval '1 day' - g * interval '1 minute'
FROM generate_series(1, ${count}) AS g
JOIN tipos t ON t.ti = g % 16
JOIN marcas m ON m.mi = (g / 16) % 20
JOIN variantes v ON v.vi = (g / 320) % 12
JOIN categorias c ON c.nombre = t.cat`;

/**
 * Bulk load as a shop's import would be done: secondary indexes dropped (those of constraints kept), rows inserted in one
 * statement (the triggers keep the search columns, vocabulary and counts), indexes built again.
 */
async function seedCatalog(query, count) {
  const { rows } = await query(
    // Indexes that back a constraint (the primary key, the unique SKU) stay: the load must keep them.
    `SELECT i.indexname, i.indexdef FROM pg_indexes i
     WHERE i.schemaname = 'public' AND i.tablename = 'productos'
       AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`,
  );
  for (const { indexname } of rows) await query(`DROP INDEX "${indexname}"`);
  await query(SEED_SQL(count));
  for (const { indexdef } of rows) await query(indexdef);
  await query('VACUUM ANALYZE');
  // Write the load's dirty pages now, not while the first shape is being measured.
  await query('CHECKPOINT').catch(() => {});
}

// ---------------------------------------------------------------------------------------------
// The shapes: what the storefront and the admin ask. Each request of a shape differs a little
// (term, category, range), as shoppers' requests do.

const SEARCHES = [
  'teclado mecanico',
  'mouse inalambrico',
  'logitech',
  'audifonos nino',
  'ssd samsung',
  'raton ergonomico',
  'notebook lenovo',
  'monitor 144',
  'tarjeta de video msi',
  'router tp-link',
];
const TYPOS = ['teclado mecanco', 'logitec', 'samsumg ssd', 'audifnos', 'mause gamer', 'notebok'];
const NOTHING = ['parabrisas', 'xilofono', 'zapatilla running', 'qwzx', 'lavadora', 'bicicleta'];
const TYPED = [
  'te',
  'tec',
  'tecla',
  'teclado m',
  'mou',
  'mouse ina',
  'logi',
  'sams',
  'audif',
  'rat',
];

const pick = (list, i) => list[i % list.length];
const enc = encodeURIComponent;

function shapes(categoryIds) {
  const shop = 'estado=activos';
  return [
    ['primera página', () => `/api/productos?${shop}&pagina=1&limite=50`],
    ['búsqueda', (i) => `/api/productos?${shop}&q=${enc(pick(SEARCHES, i))}&limite=50`],
    [
      'categoría + precio + orden',
      (i) =>
        `/api/productos?${shop}&categoria=${pick(categoryIds, i)}&min=${20000 + (i % 5) * 10000}` +
        `&max=${150000 + (i % 7) * 50000}&orden=${i % 2 ? 'precio_asc' : 'precio_desc'}&limite=50`,
    ],
    ['página profunda (500)', (i) => `/api/productos?${shop}&pagina=${500 + (i % 3)}`],
    ['sin resultados', (i) => `/api/productos?${shop}&q=${enc(pick(NOTHING, i))}`],
    ['error de tipeo', (i) => `/api/productos?${shop}&q=${enc(pick(TYPOS, i))}&limite=50`],
    ['sugerencias', (i) => `/api/productos/sugerencias?q=${enc(pick(TYPED, i))}`],
    ['admin: primera página', () => `/api/productos?pagina=1&limite=50`, 'admin'],
    // The floor: the same HTTP and a kept answer, no catalogue work.
    ['piso: /api/categorias', () => '/api/categorias'],
  ];
}

function percentile(sorted, p) {
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? 0;
}

// A shopper's shape is asked anonymously, as the shop does, with a parameter the API ignores
// and a new value each time, so the read cache never answers it: the figures are the cold path
// (validation, the queries, serialization). The admin's shape carries the ADMIN token, which
// skips the cache anyway.
let seq = 0;
function request(origin, url, who, token) {
  const accept = { accept: 'application/json' };
  if (who === 'admin')
    return fetch(origin + url, { headers: { ...accept, authorization: `Bearer ${token}` } });
  if (url === '/api/categorias') return fetch(origin + url, { headers: accept });
  const sep = url.includes('?') ? '&' : '?';
  return fetch(`${origin}${url}${sep}sin_cache=${++seq}`, { headers: accept });
}

async function measure(origin, token, categoryIds) {
  const results = [];
  // One pass over every shape first: right after the bulk load the first shape measured would
  // otherwise pay for reading the new indexes into memory.
  for (const [, url, who] of shapes(categoryIds)) {
    for (let i = 0; i < WARMUP; i++)
      await (await request(origin, url(i), who, token)).arrayBuffer();
  }
  for (const [name, url, who] of shapes(categoryIds)) {
    const times = [];
    let total = '';
    for (let i = 0; i < WARMUP + REQUESTS; i++) {
      const started = performance.now();
      const res = await request(origin, url(i), who, token);
      await res.arrayBuffer();
      const ms = performance.now() - started;
      if (res.status !== 200) throw new Error(`${url(i)}: ${res.status}`);
      if (i >= WARMUP) times.push(ms);
      if (i === WARMUP) total = res.headers.get('x-total-count') ?? '';
    }
    times.sort((a, b) => a - b);
    results.push({ name, p50: percentile(times, 50), p95: percentile(times, 95), total });
  }
  return results;
}

async function login(origin) {
  const res = await fetch(`${origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  if (res.status !== 200) throw new Error(`login: ${res.status}`);
  return (await res.json()).token;
}

/** What counting costs, straight on the database (median of 30, in ms). */
async function countCosts(query) {
  const median = async (sql) => {
    const times = [];
    for (let i = 0; i < 30; i++) {
      const started = performance.now();
      await query(sql);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    return times[15];
  };
  const tsq = "to_tsquery('simple', '(teclado:*) & (mecanico:*)')";
  return [
    ['count(*) de los activos', await median('SELECT count(*) FROM productos WHERE activo')],
    [
      'productos_conteo (lo que se usa)',
      await median('SELECT sum(n) FROM productos_conteo WHERE activo'),
    ],
    [
      "búsqueda 'teclado mecanico': solo la página",
      await median(
        `SELECT id FROM productos WHERE activo AND busqueda @@ ${tsq} ORDER BY created_at DESC, id DESC LIMIT 50`,
      ),
    ],
    [
      "búsqueda 'teclado mecanico': página + conteo (ventana)",
      await median(
        `SELECT id, count(*) OVER () FROM productos WHERE activo AND busqueda @@ ${tsq} ORDER BY created_at DESC, id DESC LIMIT 50`,
      ),
    ],
  ];
}

function report(title, results, costs, seededMs) {
  const fmt = (ms) => `${ms.toFixed(1).padStart(6)} ms`;
  // Other work on the machine moves every figure: say how busy it was.
  const load = loadavg()[0].toFixed(1);
  console.log(
    `\n${title} (carga de datos: ${(seededMs / 1000).toFixed(1)} s; carga de la máquina: ${load})`,
  );
  console.log(`  ${'forma'.padEnd(28)} ${'p50'.padStart(9)} ${'p95'.padStart(9)}  X-Total-Count`);
  for (const r of results) {
    console.log(`  ${r.name.padEnd(28)} ${fmt(r.p50)} ${fmt(r.p95)}  ${r.total}`);
  }
  console.log('  costo del conteo, directo en la base (mediana):');
  for (const [name, ms] of costs) console.log(`    ${name.padEnd(52)} ${fmt(ms)}`);
}

async function categoryIdsOf(query) {
  const { rows } = await query('SELECT id FROM categorias ORDER BY id');
  return rows.map((r) => r.id);
}

async function benchPostgres() {
  const db = `nexbyte_bench_catalog_${process.pid}`;
  const admin = new pg.Client({ connectionString: pgServer });
  try {
    await admin.connect();
  } catch {
    console.log(`PostgreSQL no disponible en ${pgServer} (BENCH_PG_URL); se omite.`);
    return;
  }
  await admin.query(`CREATE DATABASE ${db}`);
  const url = new URL(pgServer);
  url.pathname = `/${db}`;
  let server;
  const client = new pg.Client({ connectionString: url.toString() });
  try {
    // The server migrates and loads the demo data (categories, accounts) on its first start.
    server = await startBenchServer({ ...SERVER_ENV, DATABASE_URL: url.toString() });
    await client.connect();
    const query = (sql) => client.query(sql);
    const started = performance.now();
    await seedCatalog(query, PG_PRODUCTS);
    const seededMs = performance.now() - started;
    const token = await login(server.origin);
    const results = await measure(server.origin, token, await categoryIdsOf(query));
    report(
      `PostgreSQL, ${PG_PRODUCTS.toLocaleString('es-CL')} productos`,
      results,
      await countCosts(query),
      seededMs,
    );
  } finally {
    await client.end().catch(() => {});
    if (server) await stopServer(server.child);
    await admin.query(`DROP DATABASE IF EXISTS ${db} WITH (FORCE)`);
    await admin.end();
  }
}

async function benchPglite() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'nexbyte-bench-catalog-'));
  const env = { ...SERVER_ENV, DATA_DIR: dataDir };
  let server;
  try {
    // First start: migrations and demo data. PGlite is one process's: stop it to load the rest.
    server = await startBenchServer(env);
    await stopServer(server.child);
    server = undefined;
    const started = performance.now();
    const lite = await PGlite.create(path.join(dataDir, 'pglite'), {
      extensions: { unaccent, pg_trgm },
    });
    const query = (sql) => lite.query(sql);
    await seedCatalog(query, PGLITE_PRODUCTS);
    const categoryIds = await categoryIdsOf(query);
    await lite.close();
    const seededMs = performance.now() - started;

    server = await startBenchServer(env);
    const token = await login(server.origin);
    const results = await measure(server.origin, token, categoryIds);
    await stopServer(server.child);
    server = undefined;
    const again = await PGlite.create(path.join(dataDir, 'pglite'), {
      extensions: { unaccent, pg_trgm },
    });
    const costs = await countCosts((sql) => again.query(sql));
    await again.close();
    report(
      `PGlite, ${PGLITE_PRODUCTS.toLocaleString('es-CL')} productos`,
      results,
      costs,
      seededMs,
    );
  } finally {
    if (server) await stopServer(server.child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const which = process.argv[2];
if (which !== 'pglite') await benchPostgres();
if (which !== 'postgres') await benchPglite();
