// `npm run bench:catalog`: the catalogue at scale. Seeds 100,000 realistic products into a
// throw-away PostgreSQL database (BENCH_PG_URL, created and dropped) and 20,000 into a PGlite in a
// temporary folder, starts the real server on each, and asks it, one request at a time, what
// shoppers and the admin ask: queries drawn at random, class by class, from the seeded
// catalogue's own vocabulary (words as they are, misspelled, unknown, numbers, model codes,
// random text; with and without accents, filters and each order; pages up to the last). A seeded
// generator draws them (BENCH_SEED repeats a run; the seed is printed), so every run asks new
// ones and no list can be tuned to. Prints p50/p95/max per class and database, the slowest ten
// requests with the plan of their slowest statement (PostgreSQL), and what counting costs.
// A measurement, not a test.
//
// `npm run bench:catalog postgres` (or `pglite`) measures one database. BENCH_PG_DB names a
// PostgreSQL database to keep: created and seeded when missing, measured as it is otherwise;
// BENCH_REQUESTS and BENCH_WARMUP set the requests per class, BENCH_CLASSES (a regular
// expression) picks classes by name, and BENCH_ALL names a file to write every request's time to
// (JSON, slowest first).
//
// The shop's classes are asked anonymously, as the shop does, and never answered from the read
// cache (see request()), so the figures are the database path; a cache hit costs less.
import { randomInt } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
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
const PG_DB = process.env.BENCH_PG_DB;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 150);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 10);
/** Only the classes whose name matches this regular expression (all when unset). */
const CLASSES = new RegExp(process.env.BENCH_CLASSES ?? '', 'i');
const SEED = process.env.BENCH_SEED ? Number(process.env.BENCH_SEED) : randomInt(2 ** 31);
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
// with accents and ñ where Chilean shops write them, a brand and two specifications each. One in
// 50 is inactive.

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
INSERT INTO productos (nombre, descripcion, precio, imagen, stock, activo, categoria_id, created_at,
  marca, especificaciones, componente)
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
  now() - interval '1 day' - g * interval '1 minute',
  m.marca,
  jsonb_build_array(
    jsonb_build_object('nombre', 'Garantía', 'valor', (ARRAY['6 meses', '1 año', '2 años'])[1 + g % 3]),
    jsonb_build_object('nombre', 'Conexión',
      'valor', (ARRAY['USB', 'USB-C', 'Inalámbrica', 'Bluetooth'])[1 + (g / 7) % 4])),
  -- The PC parts' typed specifications, for the builder's steps (decision 032).
  CASE t.ti
    WHEN 8 THEN jsonb_build_object('tipo', 'ALMACENAMIENTO',
      'interfaz', (ARRAY['NVMe PCIe 3.0', 'NVMe PCIe 4.0', 'SATA'])[1 + (g / 16) % 3],
      'formato', CASE WHEN (g / 16) % 3 = 2 THEN '2.5"' ELSE 'M.2 2280' END,
      'capacidadGb', (ARRAY[500, 1000, 2000])[1 + (g / 48) % 3], 'consumoW', 5)
    WHEN 10 THEN jsonb_build_object('tipo', 'MEMORIA',
      'tipoMemoria', (ARRAY['DDR4', 'DDR5'])[1 + (g / 16) % 2],
      'modulos', (ARRAY[1, 2, 4])[1 + (g / 32) % 3], 'capacidadGb', (ARRAY[16, 32, 64])[1 + (g / 32) % 3],
      'velocidadMhz', (ARRAY[3200, 5600, 6000])[1 + (g / 16) % 3], 'consumoW', 8)
    WHEN 11 THEN jsonb_build_object('tipo', 'TARJETA_VIDEO', 'chip', 'GeForce RTX 4070',
      'memoriaGb', 12, 'consumoW', 115 + ((g / 16) % 8) * 40, 'largoMm', 200 + ((g / 16) % 15) * 10)
    WHEN 12 THEN jsonb_build_object('tipo', 'FUENTE', 'potenciaW', 450 + ((g / 16) % 8) * 100,
      'certificacion', '80 PLUS Gold', 'modular', (g / 16) % 2 = 0)
    WHEN 13 THEN jsonb_build_object('tipo', 'PLACA_MADRE',
      'socket', (ARRAY['AM4', 'AM5', 'LGA1700', 'LGA1851'])[1 + (g / 16) % 4], 'chipset', 'B650',
      'formato', (ARRAY['ATX', 'Micro-ATX', 'Mini-ITX'])[1 + (g / 64) % 3],
      'tipoMemoria', (ARRAY['DDR4', 'DDR5'])[1 + (g / 192) % 2],
      'ranurasMemoria', 2 + 2 * ((g / 16) % 2), 'ranurasM2', (g / 32) % 4, 'consumoW', 40 + g % 30)
  END
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
// The queries: drawn at random, class by class, from what the seeded catalogue holds.

/** mulberry32: a small seeded generator, so that BENCH_SEED repeats a run's queries. */
function generator(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min, max) => min + Math.floor(next() * (max - min + 1));
  const pick = (list) => list[Math.floor(next() * list.length)];
  return { next, int, pick, chance: (p) => next() < p };
}

/** As the database normalizes text (busqueda_normalizar): no accents, lower case, a-z0-9. */
const normalize = (text) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/** Real Spanish words; those any catalogue word starts with are left out when the run starts. */
const SPANISH =
  `árbol bicicleta camión dinosaurio elefante fútbol girasol helado iglesia jardín limón
  manzana naranja océano paraguas queso río sandía tortuga ventana zapato abogado bosque cebolla
  dentista escalera frutilla gallina hormiga invierno jirafa lechuga mariposa nube oveja pájaro
  quinoa relámpago sombrero tenedor umbral violín yegua zanahoria empanada sopaipilla cordillera
  volcán terremoto chaleco pantalón calcetín cuchara plátano durazno ciruela aceituna palta choclo
  poroto lenteja garbanzo harina azúcar vinagre pimienta canela orégano albahaca cilantro perejil
  tomate pepino berenjena calabaza espinaca brócoli coliflor rábano jengibre mayonesa montaña
  playa desierto glaciar laguna península bahía faro barco velero avión helicóptero tren autobús
  taxi carretera puente túnel semáforo vereda plaza parque museo hospital farmacia panadería
  carnicería zapatería peluquería lavandería ferretería juguetería mueblería parabrisas xilófono
  lavadora guitarra mantequilla hipopótamo cerveza almohada acordeón trompeta`.split(/\s+/);

const LETTERS = 'abcdefghijklmnopqrstuvwxyzáéíóúñ';
const ALNUM = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** One or two edits (delete, insert, substitute, swap neighbours), never the word itself. */
function misspell(rng, word) {
  let w = word;
  const edits = rng.int(1, 2);
  for (let i = 0; i < edits; i++) {
    const chars = [...w];
    const at = rng.int(0, chars.length - 1);
    const kind = chars.length > 3 ? rng.int(0, 3) : rng.int(1, 3);
    if (kind === 0) chars.splice(at, 1);
    else if (kind === 1) chars.splice(at, 0, rng.pick([...LETTERS]));
    else if (kind === 2) chars[at] = rng.pick([...LETTERS]);
    else if (at + 1 < chars.length) [chars[at], chars[at + 1]] = [chars[at + 1], chars[at]];
    else chars[at] = rng.pick([...LETTERS]);
    w = chars.join('');
  }
  return normalize(w) === normalize(word) ? misspell(rng, word) : w;
}

const randomText = (rng, length) => Array.from({ length }, () => rng.pick([...ALNUM])).join('');

/** What the catalogue holds, read from the seeded database. */
async function readVocabulary(query) {
  const rows = async (sql) => (await query(sql)).rows;
  const words = (
    await rows(
      `SELECT palabra FROM busqueda_palabras WHERE palabra ~ '^[a-z]{3,}$' ORDER BY palabra`,
    )
  ).map((r) => r.palabra);
  const codes = (
    await rows(
      `SELECT palabra FROM busqueda_palabras WHERE palabra ~ '[a-z]' AND palabra ~ '[0-9]'
     ORDER BY random() LIMIT 2000`,
    )
  ).map((r) => r.palabra);
  const numbers = (
    await rows(
      `SELECT palabra FROM busqueda_palabras WHERE palabra ~ '^[0-9]+$' ORDER BY random() LIMIT 2000`,
    )
  ).map((r) => r.palabra);
  // The words as the catalogue writes them (accents, ñ, capitals), by their normal form.
  const written = new Map();
  const texts = await rows(
    `(SELECT nombre AS t FROM categorias) UNION ALL
     (SELECT concat_ws(' ', nombre, descripcion) FROM productos ORDER BY random() LIMIT 2000)`,
  );
  for (const { t } of texts) {
    for (const token of t.split(/[^\p{L}\p{N}]+/u)) {
      const plain = normalize(token);
      if (plain && !plain.includes(' ') && token.toLowerCase() !== plain)
        written.set(plain, token.toLowerCase());
    }
  }
  const known = new Set(words);
  const startsAWord = (w) => words.some((v) => v.startsWith(w)) || known.has(w);
  const unknown = SPANISH.filter((w) => !startsAWord(normalize(w)));
  const categories = await rows('SELECT id, nombre FROM categorias ORDER BY id');
  const brands = (
    await rows('SELECT DISTINCT marca FROM productos WHERE marca IS NOT NULL ORDER BY marca')
  ).map((r) => r.marca);
  const specs = (
    await rows(`SELECT DISTINCT nombre, valor FROM especificaciones_conteo ORDER BY nombre, valor`)
  ).map((r) => `${r.nombre}:${r.valor}`);
  const {
    rows: [price],
  } = await query('SELECT min(precio)::float8 AS min, max(precio)::float8 AS max FROM productos');
  // A few hundred parts of each kind on sale, to choose builds from.
  const parts = Object.fromEntries(
    (
      await rows(
        `SELECT componente->>'tipo' AS tipo, (array_agg(id ORDER BY random()))[1:300] AS ids
         FROM productos WHERE componente IS NOT NULL AND activo AND stock > 0 GROUP BY 1`,
      )
    ).map((r) => [r.tipo, r.ids]),
  );
  return { words, codes, numbers, written, unknown, categories, brands, specs, price, parts };
}

const ORDERS = [undefined, 'relevancia', 'recientes', 'precio_asc', 'precio_desc'];

function queries(vocabulary, seed) {
  const rng = generator(seed);
  const v = vocabulary;
  const cased = (w) => {
    const r = rng.next();
    if (r < 0.7) return w;
    if (r < 0.9) return w.charAt(0).toUpperCase() + w.slice(1);
    return w.toUpperCase();
  };
  /** With accents half the time, where the catalogue writes the word with them. */
  const written = (w) => cased(rng.chance(0.5) ? (v.written.get(w) ?? w) : w);
  const word = {
    correct: () => written(rng.pick(v.words)),
    typo: () =>
      cased(
        misspell(
          rng,
          rng.chance(0.5)
            ? (v.written.get(rng.pick(v.words)) ?? rng.pick(v.words))
            : rng.pick(v.words),
        ),
      ),
    unknown: () => {
      const w = rng.pick(v.unknown);
      return cased(rng.chance(0.5) ? w : normalize(w));
    },
    number: () => (rng.chance(0.5) ? rng.pick(v.numbers) : String(rng.int(0, 10 ** rng.int(1, 7)))),
    code: () => {
      if (rng.chance(0.5)) return cased(rng.pick(v.codes));
      const letters = randomText(
        { ...rng, pick: (l) => rng.pick(l.filter((c) => c > '9')) },
        rng.int(1, 3),
      );
      return cased(
        `${letters}${rng.chance(0.3) ? '-' : ''}${rng.int(10, 99999)}${rng.chance(0.3) ? rng.pick(['x', 'h', 'k', 'ti']) : ''}`,
      );
    },
    random: () => randomText(rng, rng.int(1, 24)),
  };
  const kinds = Object.keys(word);
  const phrase = (kind, min = 1, max = 6) =>
    Array.from({ length: rng.int(min, max) }, () => word[kind ?? rng.pick(kinds)]()).join(' ');
  const filters = () => {
    const p = {};
    if (rng.chance(0.5)) {
      const c = rng.pick(v.categories);
      p.categoria = rng.chance(0.5) ? String(c.id) : c.nombre;
    }
    if (rng.chance(0.3))
      p.marca = Array.from({ length: rng.int(1, 2) }, () => rng.pick(v.brands)).join(',');
    if (rng.chance(0.3)) p.espec = rng.pick(v.specs);
    if (rng.chance(0.4)) {
      const a = rng.int(v.price.min, v.price.max);
      const b = rng.int(a, v.price.max);
      if (rng.chance(0.7)) p.min = String(a);
      if (rng.chance(0.7)) p.max = String(b);
    }
    const orden = rng.pick(ORDERS);
    if (orden) p.orden = orden;
    return p;
  };
  const limite = () => rng.pick(['24', '50']);
  const shop = (params) => ({ path: '/api/productos', params: { estado: 'activos', ...params } });
  /** Pages up to the last: the page is chosen once the first page's total is known. */
  const deep = (params) => ({ ...shop(params), deep: rng.next() });
  return [
    [
      'primera página',
      () => shop({ limite: limite(), ...(rng.chance(0.5) ? { orden: rng.pick(ORDERS) } : {}) }),
    ],
    ['filtros sin texto', () => shop({ ...filters(), limite: limite() })],
    ['página profunda', () => deep({ ...filters(), limite: limite() })],
    ['1 palabra correcta', () => shop({ q: phrase('correct', 1, 1), limite: limite() })],
    ['2–6 palabras correctas', () => shop({ q: phrase('correct', 2), limite: limite() })],
    [
      '1–6 palabras, 1 mal escrita',
      () => {
        const words = phrase('correct', 0, 5).split(' ').filter(Boolean);
        words.splice(rng.int(0, words.length), 0, word.typo());
        return shop({ q: words.join(' '), limite: limite() });
      },
    ],
    ['1–6 palabras mal escritas', () => shop({ q: phrase('typo'), limite: limite() })],
    ['palabras desconocidas', () => shop({ q: phrase('unknown'), limite: limite() })],
    [
      'números y códigos',
      () =>
        shop({
          q: Array.from({ length: rng.int(1, 6) }, () =>
            rng.chance(0.5) ? word.number() : word.code(),
          ).join(' '),
          limite: limite(),
        }),
    ],
    ['mezcla de todo', () => shop({ q: phrase(undefined), limite: limite() })],
    // The API ignores a q over 100 characters (the list without text answers), as the shop's schema says.
    [
      'aleatorio (hasta 200)',
      () => {
        const length = rng.int(1, 200);
        let q = randomText(rng, length);
        if (rng.chance(0.5))
          q = q.replace(/(.{1,12})/g, (m) => (rng.chance(0.4) ? `${m} ` : m)).trim();
        return shop({ q, limite: limite() });
      },
    ],
    [
      'texto + filtros + orden',
      () => shop({ q: phrase(undefined, 1, 3), ...filters(), limite: limite() }),
    ],
    [
      'texto, página profunda',
      () =>
        deep({
          q: phrase(rng.pick(['correct', 'typo', undefined]), 1, 3),
          ...filters(),
          limite: limite(),
        }),
    ],
    [
      'sugerencias',
      () => {
        const w = phrase(undefined, 1, 3);
        const q = rng.chance(0.4) ? w.slice(0, rng.int(2, Math.max(2, w.length))) : w;
        return { path: '/api/productos/sugerencias', params: { q } };
      },
    ],
    [
      'admin: búsqueda',
      () => ({
        path: '/api/productos',
        params: { q: phrase(undefined, 1, 3), limite: limite() },
        who: 'admin',
      }),
    ],
    [
      'arma tu pc: paso',
      () => {
        const kinds = Object.keys(v.parts);
        const tipo = rng.pick(kinds);
        const chosen = kinds
          .filter((k) => k !== tipo && rng.chance(0.6))
          .map((k) => rng.pick(v.parts[k]));
        return {
          path: `/api/armados/pasos/${tipo}`,
          params: {
            ...(chosen.length ? { piezas: chosen.join(',') } : {}),
            ...(rng.chance(0.5) ? { incompatibles: '1' } : {}),
          },
        };
      },
    ],
    // The floor: the same HTTP and a kept answer, no catalogue work.
    ['piso: /api/categorias', () => ({ path: '/api/categorias', params: {} })],
  ];
}

const urlOf = ({ path: p, params }) => {
  const query = new URLSearchParams(params).toString();
  return query ? `${p}?${query}` : p;
};

function percentile(sorted, p) {
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? 0;
}

// A shopper's query is asked anonymously, as the shop does, with a parameter the API ignores
// and a new value each time, so the read cache never answers it: the figures are the cold path
// (validation, the queries, serialization). The admin's carries the ADMIN token, which skips the
// cache anyway.
let seq = 0;
function request(origin, url, who, token) {
  const accept = { accept: 'application/json' };
  if (who === 'admin')
    return fetch(origin + url, { headers: { ...accept, authorization: `Bearer ${token}` } });
  if (url === '/api/categorias') return fetch(origin + url, { headers: accept });
  const sep = url.includes('?') ? '&' : '?';
  return fetch(`${origin}${url}${sep}sin_cache=${++seq}`, { headers: accept });
}

/** A deep page's address: its page drawn up to the last, from the first page's total (not timed). */
async function resolveDeep(origin, token, item) {
  if (item.deep === undefined) return item;
  const res = await request(origin, urlOf(item), item.who, token);
  await res.arrayBuffer();
  const total = Number(res.headers.get('x-total-count') ?? 0);
  const last = Math.max(1, Math.ceil(total / Number(item.params.limite ?? 50)));
  // A third of them the last page itself, the rest anywhere in the second half.
  const pagina =
    item.deep < 1 / 3 ? last : Math.ceil(last / 2 + ((item.deep - 1 / 3) * 1.5 * last) / 2);
  return { ...item, params: { ...item.params, pagina: String(Math.min(last, pagina)) } };
}

async function measure(origin, token, vocabulary, seed) {
  const classes = queries(vocabulary, seed).filter(([name]) => CLASSES.test(name));
  const results = [];
  const all = [];
  // One pass over every class first: right after the bulk load the first class measured would
  // otherwise pay for reading the new indexes into memory.
  for (const [, draw] of classes) {
    for (let i = 0; i < WARMUP; i++) {
      const item = await resolveDeep(origin, token, draw());
      await (await request(origin, urlOf(item), item.who, token)).arrayBuffer();
    }
  }
  for (const [name, draw] of classes) {
    const times = [];
    let searched = 0;
    for (let i = 0; i < REQUESTS; i++) {
      const item = await resolveDeep(origin, token, draw());
      const url = urlOf(item);
      const started = performance.now();
      const res = await request(origin, url, item.who, token);
      await res.arrayBuffer();
      const ms = performance.now() - started;
      if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
      times.push(ms);
      all.push({ name, url, who: item.who, ms, total: res.headers.get('x-total-count') });
      if (item.params.q && item.params.q.trim().length <= 100) searched += 1;
    }
    times.sort((a, b) => a - b);
    results.push({
      name,
      p50: percentile(times, 50),
      p95: percentile(times, 95),
      max: times.at(-1),
      searched,
    });
  }
  all.sort((a, b) => b.ms - a.ms);
  if (process.env.BENCH_ALL) writeFileSync(process.env.BENCH_ALL, JSON.stringify(all, null, 1));
  return { results, slowest: all.slice(0, 10) };
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

function report(title, { results, slowest }, costs, seededMs, plans) {
  const fmt = (ms) => `${ms.toFixed(1).padStart(6)} ms`;
  // Other work on the machine moves every figure: say how busy it was.
  const load = loadavg()[0].toFixed(1);
  console.log(
    `\n${title} (semilla ${SEED}; carga de datos: ${(seededMs / 1000).toFixed(1)} s; ` +
      `carga de la máquina: ${load})`,
  );
  console.log(
    `  ${'clase'.padEnd(30)} ${'p50'.padStart(9)} ${'p95'.padStart(9)} ${'máx'.padStart(9)}  con texto`,
  );
  for (const r of results) {
    console.log(
      `  ${r.name.padEnd(30)} ${fmt(r.p50)} ${fmt(r.p95)} ${fmt(r.max)}  ${r.searched}/${REQUESTS}`,
    );
  }
  console.log('  las diez más lentas:');
  slowest.forEach((s, i) => {
    console.log(
      `   ${fmt(s.ms)}  [${s.name}] ${decodeURIComponent(s.url)}  (total ${s.total ?? '-'})`,
    );
    if (plans?.[i]) console.log(`              ${plans[i]}`);
  });
  if (costs) {
    console.log('  costo del conteo, directo en la base (mediana):');
    for (const [name, ms] of costs) console.log(`    ${name.padEnd(52)} ${fmt(ms)}`);
  }
}

/**
 * The node of a plan (EXPLAIN ANALYZE, JSON) that took the most time itself, as
 * 'Bitmap Heap Scan on productos using … (rows × loops, ms)'.
 */
function mainNode(plan) {
  const own = (n) => n['Actual Total Time'] * (n['Actual Loops'] ?? 1);
  let best = null;
  const walk = (node) => {
    const children = node.Plans ?? [];
    const self = own(node) - children.reduce((sum, c) => sum + own(c), 0);
    if (!best || self > best.self) best = { node, self };
    children.forEach(walk);
  };
  walk(plan);
  const n = best.node;
  return (
    `${n['Node Type']}${n['Relation Name'] ? ` on ${n['Relation Name']}` : ''}` +
    `${n['Index Name'] ? ` using ${n['Index Name']}` : ''}` +
    ` (${n['Actual Rows']} filas × ${n['Actual Loops']}, ${Math.max(0, best.self).toFixed(1)} ms)`
  );
}

/**
 * The plans of the slowest requests: each asked again in this process, through the API's own
 * repository on the same database, its statements recorded on the way to the driver; the slowest
 * of them is explained (ANALYZE) with the same values. Nothing of this is in the server.
 */
async function explainSlowest(databaseUrl, slowest) {
  const { register } = await import('tsx/esm/api');
  register();
  const { openDatabase } = await import('../apps/api/src/db/client.ts');
  const { listProducts, suggestProducts } =
    await import('../apps/api/src/modules/products/products.repository.ts');
  const { productosQuerySchema, sugerenciasQuerySchema } = await import('@nexbyte/shared');
  const database = await openDatabase({ databaseUrl, poolSize: 2 });
  const explainer = new pg.Client({ connectionString: databaseUrl });
  await explainer.connect();
  let recording = null;
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (config, values, callback) {
    if (!recording || this === explainer) return query.call(this, config, values, callback);
    const entry = {
      text: typeof config === 'string' ? config : config.text,
      values: (typeof config === 'string' ? values : (config.values ?? values)) ?? [],
      ms: 0,
    };
    if (typeof entry.values === 'function') entry.values = [];
    recording.push(entry);
    const started = performance.now();
    const done = () => (entry.ms = performance.now() - started);
    // pg-pool passes a callback; a client used directly answers a promise.
    if (typeof values === 'function') {
      return query.call(this, config, (...args) => (done(), values(...args)));
    }
    if (typeof callback === 'function') {
      return query.call(this, config, values, (...args) => (done(), callback(...args)));
    }
    const result = query.call(this, config, values, callback);
    result?.then?.(done, () => {});
    return result;
  };
  const ask = async ({ url, who }) => {
    const { pathname, searchParams } = new URL(url, 'http://bench');
    const params = Object.fromEntries(searchParams);
    if (pathname.endsWith('/sugerencias')) {
      return suggestProducts(database.db, sugerenciasQuerySchema.parse(params).q);
    }
    return listProducts(database.db, productosQuerySchema.parse(params), who === 'admin');
  };
  const plans = [];
  try {
    for (const item of slowest) {
      await ask(item);
      recording = [];
      await ask(item);
      const statements = recording;
      recording = null;
      if (statements.length === 0) {
        plans.push('sin consultas');
        continue;
      }
      const slow = statements.reduce((a, b) => (b.ms > a.ms ? b : a));
      const { rows } = await explainer.query(
        `EXPLAIN (ANALYZE, FORMAT JSON) ${slow.text}`,
        slow.values,
      );
      const [{ Plan }] = rows[0]['QUERY PLAN'];
      plans.push(
        `${statements.length} consultas; la más lenta ${slow.ms.toFixed(1)} ms: ${mainNode(Plan)}`,
      );
    }
  } finally {
    pg.Client.prototype.query = query;
    await explainer.end();
    await database.close();
  }
  return plans;
}

async function benchPostgres() {
  const db = PG_DB ?? `nexbyte_bench_catalog_${process.pid}`;
  const admin = new pg.Client({ connectionString: pgServer });
  try {
    await admin.connect();
  } catch {
    console.log(`PostgreSQL no disponible en ${pgServer} (BENCH_PG_URL); se omite.`);
    return;
  }
  const exists = PG_DB
    ? (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [db])).rowCount > 0
    : false;
  if (!exists) await admin.query(`CREATE DATABASE ${db}`);
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
    if (!exists) await seedCatalog(query, PG_PRODUCTS);
    const seededMs = performance.now() - started;
    const token = await login(server.origin);
    const measured = await measure(server.origin, token, await readVocabulary(query), SEED);
    await stopServer(server.child);
    server = undefined;
    const plans = await explainSlowest(url.toString(), measured.slowest);
    const count = (await query('SELECT count(*)::int AS n FROM productos')).rows[0].n;
    report(
      `PostgreSQL, ${count.toLocaleString('es-CL')} productos`,
      measured,
      await countCosts(query),
      seededMs,
      plans,
    );
  } finally {
    await client.end().catch(() => {});
    if (server) await stopServer(server.child);
    if (!PG_DB) await admin.query(`DROP DATABASE IF EXISTS ${db} WITH (FORCE)`);
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
    const vocabulary = await readVocabulary(query);
    await lite.close();
    const seededMs = performance.now() - started;

    server = await startBenchServer(env);
    const token = await login(server.origin);
    const measured = await measure(server.origin, token, vocabulary, SEED);
    await stopServer(server.child);
    server = undefined;
    const again = await PGlite.create(path.join(dataDir, 'pglite'), {
      extensions: { unaccent, pg_trgm },
    });
    const costs = await countCosts((sql) => again.query(sql));
    await again.close();
    report(
      `PGlite, ${PGLITE_PRODUCTS.toLocaleString('es-CL')} productos`,
      measured,
      costs,
      seededMs,
    );
  } finally {
    if (server) await stopServer(server.child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log(`semilla: ${SEED} (BENCH_SEED=${SEED} repite estas consultas)`);
const which = process.argv[2];
if (which !== 'pglite') await benchPostgres();
if (which !== 'postgres') await benchPglite();
