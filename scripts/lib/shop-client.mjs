// What the queue benchmarks do to the shop over HTTP: the owner's login, the demo catalogue's
// products with stock, a guest's order and a contact message, and every row of a paged list.
import { spawnSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { PRODUCTION } from './server.mjs';

/**
 * The limits a benchmark puts out of its way: a few hundred guest orders and forms a minute from
 * one address are its load, not an abuse to refuse.
 */
export const GENEROUS_LIMITS = {
  RATE_LIMIT_FORMS_MAX: '100000000',
  ORDER_GUEST_UNPAID_MAX: '1000000',
  ORDER_GUEST_UNPAID_MAX_UNITS: '1000000',
  ORDER_GUEST_UNPAID_MAX_TOTAL: '10000000000',
};

const GUEST = {
  nombre: 'Comprador de prueba',
  run: '7.654.321-6',
  telefono: '9 1234 5678',
  region: 'Metropolitana de Santiago',
  comuna: 'Providencia',
  direccion: 'Los Leones 456',
};

/** One call that never throws: { status, body, ms } (status 0: no answer). */
export async function call(
  origin,
  method,
  url,
  { body, token, headers = {}, timeoutMs = 30_000 } = {},
) {
  const started = performance.now();
  try {
    const res = await fetch(`${origin}${url}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await res.text();
    let parsed = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // Not JSON: kept as text.
    }
    return {
      status: res.status,
      headers: res.headers,
      body: parsed,
      ms: performance.now() - started,
    };
  } catch (err) {
    return {
      status: 0,
      headers: new Headers(),
      body: String(err),
      ms: performance.now() - started,
    };
  }
}

/**
 * Asks again while the answer is the shop's 503 (it says when to: Retry-After), up to `attempts`
 * times a second apart, as a client should; resolves the last answer and how many 503s came first.
 */
export async function retrying503(ask, attempts = 10) {
  let answer = await ask();
  let unavailable = 0;
  while (answer.status === 503 && unavailable < attempts) {
    unavailable++;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    answer = await ask();
  }
  return Object.assign(answer, { unavailable });
}

export async function login(origin) {
  const res = await call(origin, 'POST', '/api/auth/login', {
    body: { correo: 'admin@duoc.cl', pass: PRODUCTION.ADMIN_PASSWORD },
  });
  if (res.status !== 200) throw new Error(`login: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.token;
}

/** Every row of a list the API pages (`pagina`, `limite`, X-Total-Count). */
export async function fetchAll(origin, url, token) {
  const rows = [];
  const sep = url.includes('?') ? '&' : '?';
  for (let pagina = 1; ; pagina++) {
    const res = await call(origin, 'GET', `${url}${sep}limite=100&pagina=${pagina}`, { token });
    if (res.status !== 200)
      throw new Error(`GET ${url}: ${res.status} ${JSON.stringify(res.body)}`);
    rows.push(...res.body);
    const total = res.headers.get('x-total-count');
    if (total === null || res.body.length === 0 || rows.length >= Number(total)) return rows;
  }
}

/** The active products of the catalogue with stock, as { id, stock }. */
export async function productsWithStock(origin) {
  const all = await fetchAll(origin, '/api/productos');
  return all
    .filter((p) => p.activo !== false && p.stock > 0)
    .map((p) => ({ id: p.id, stock: p.stock }));
}

/** A guest's order of one unit, with its own buyer address and Idempotency-Key. */
export function guestOrder(origin, { key, correo, productoId, qty = 1, pago }) {
  return call(origin, 'POST', '/api/pedidos', {
    body: { ...GUEST, correo, items: [{ productoId, qty }], ...(pago ? { metodoPago: pago } : {}) },
    headers: { 'idempotency-key': key },
  });
}

export function contactMessage(origin, mensaje) {
  return call(origin, 'POST', '/api/contactos', {
    body: { nombre: 'Cliente de prueba', email: 'cliente.prueba@gmail.com', mensaje },
  });
}

/** Runs `task(i)` for i in [0, count) with at most `concurrency` at once. */
export async function pool(count, concurrency, task) {
  const results = new Array(count);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < count; i = next++) results[i] = await task(i);
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
  return results;
}

/** One SQL statement through psql on a PostgreSQL database; its rows as text lines. */
export function psql(url, sql) {
  const out = spawnSync('psql', [url, '-qAtc', sql], { encoding: 'utf8' });
  if (out.status !== 0) throw new Error(`psql: ${out.stderr}`);
  return out.stdout.trim();
}

export const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
