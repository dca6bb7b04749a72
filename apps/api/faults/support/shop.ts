// What a shopper and the admin do over HTTP in the fault scenarios: log in, place a guest order,
// write to the shop, and read a whole list page by page.
import { randomBytes } from 'node:crypto';
import { call, type Answer } from './http';

/**
 * The owner of the servers under test. Production refuses the demo password, so the scenarios
 * run with one of an operator's own (the demo seed creates the admin with ADMIN_PASSWORD).
 */
export const ADMIN = { correo: 'admin@duoc.cl', pass: 'Fallas-Operador-2026' } as const;
export const CLIENT = { correo: 'cliente@gmail.com', pass: 'cliente123' } as const;

const GUEST = {
  nombre: 'Josefa Muñoz',
  run: '7.654.321-6',
  telefono: '9 1234 5678',
  region: 'Metropolitana de Santiago',
  comuna: 'Providencia',
  direccion: 'Los Leones 456',
};

export interface Line {
  productoId: number;
  qty: number;
}

export interface OrderAttempt {
  key: string;
  items: Line[];
  correo: string;
  answer: Answer;
}

/** A run-unique tag, so a retry or a lookup can never match another run's rows. */
export const runTag = () => randomBytes(4).toString('hex');

export async function login(origin: string, who: { correo: string; pass: string }) {
  const res = await call(origin, 'POST', '/api/auth/login', { body: who });
  if (res.status !== 200)
    throw new Error(`login ${who.correo}: ${res.status} ${JSON.stringify(res.body)}`);
  return (res.body as { token: string }).token;
}

/** The body of a guest's checkout for these lines. */
export function guestOrderBody(attempt: Omit<OrderAttempt, 'answer' | 'key'>) {
  return { ...GUEST, correo: attempt.correo, items: attempt.items };
}

/** A guest's order with an Idempotency-Key: sending the same attempt again is a safe retry. */
export function guestOrder(
  origin: string,
  attempt: Omit<OrderAttempt, 'answer'>,
  timeoutMs = 10_000,
) {
  return call(origin, 'POST', '/api/pedidos', {
    body: guestOrderBody(attempt),
    headers: { 'idempotency-key': attempt.key },
    timeoutMs,
  });
}

export function contactMessage(origin: string, mensaje: string, timeoutMs = 10_000) {
  return call(origin, 'POST', '/api/contactos', {
    body: { nombre: 'Prueba de fallas', email: 'fallas@gmail.com', mensaje },
    timeoutMs,
  });
}

/**
 * Every row of a list the API pages (`pagina`, `limite`, X-Total-Count); a list that does not page
 * yet answers everything on the first call.
 */
export async function fetchAll<T>(origin: string, url: string, token?: string): Promise<T[]> {
  const rows: T[] = [];
  const sep = url.includes('?') ? '&' : '?';
  for (let pagina = 1; ; pagina++) {
    const res = await call(origin, 'GET', `${url}${sep}limite=100&pagina=${pagina}`, { token });
    if (res.status !== 200)
      throw new Error(`GET ${url}: ${res.status} ${JSON.stringify(res.body)}`);
    const page = res.body as T[];
    rows.push(...page);
    const total = res.headers.get('x-total-count');
    if (total === null || page.length === 0 || rows.length >= Number(total)) return rows;
  }
}
