// Helpers for the orders tests: products read and stocked straight from the database, a guest's
// valid checkout data, and the calls of the module.
import type { Cotizacion, PedidoCreado } from '@nexbyte/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { productos } from '../products/products.schema';
import { bearer, type TestContext } from '../../test/test-app';

export const GUEST = {
  nombre: 'Josefa Muñoz',
  correo: 'josefa.munoz@gmail.com',
  run: '7.654.321-6',
  telefono: '9 1234 5678',
  region: 'Metropolitana de Santiago',
  comuna: 'Providencia',
  direccion: 'Los Leones 456',
};

export const DELIVERY = {
  region: 'Los Ríos',
  comuna: 'Valdivia',
  direccion: 'General Lagos 1020',
};

export async function productNamed(db: Db, nombre: string) {
  const [row] = await db.select().from(productos).where(eq(productos.nombre, nombre));
  if (!row) throw new Error(`no existe el producto ${nombre}`);
  return { ...row, precio: Number(row.precio) };
}

export async function setStock(db: Db, id: number, stock: number, activo = true) {
  await db.update(productos).set({ stock, activo }).where(eq(productos.id, id));
}

export async function stockOf(db: Db, id: number): Promise<number> {
  const [row] = await db
    .select({ stock: productos.stock })
    .from(productos)
    .where(eq(productos.id, id));
  return row!.stock;
}

export interface OrderCall {
  token?: string | undefined;
  key?: string | undefined;
}

export function postOrder(t: TestContext, payload: object, { token, key }: OrderCall = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/pedidos',
    headers: { ...(token ? bearer(token) : {}), ...(key ? { 'idempotency-key': key } : {}) },
    payload,
  });
}

/** A guest's order that must succeed; answers the order. */
export async function guestOrder(
  t: TestContext,
  items: object[],
  extra: object = {},
): Promise<PedidoCreado> {
  const res = await postOrder(t, { ...GUEST, items, ...extra });
  if (res.statusCode !== 201) throw new Error(`pedido: ${res.statusCode} ${res.body}`);
  return res.json<PedidoCreado>();
}

export async function quote(t: TestContext, payload: object) {
  const res = await t.app.inject({ method: 'POST', url: '/api/pedidos/cotizacion', payload });
  return { res, body: res.json<Cotizacion>() };
}

/** GET /pedidos/{numero} with a session's token, a guest order's access token, or neither. */
export function getOrder(
  t: TestContext,
  numero: string,
  { token, acceso }: { token?: string; acceso?: string | null } = {},
) {
  return t.app.inject({
    method: 'GET',
    url: `/api/pedidos/${numero}`,
    headers: { ...(token ? bearer(token) : {}), ...(acceso ? { 'pedido-acceso': acceso } : {}) },
  });
}

/** POST /pedidos/{numero}/enlace: a visitor asks for the link to a guest order again. */
export function askOrderLink(t: TestContext, numero: string, correo: string) {
  return t.app.inject({
    method: 'POST',
    url: `/api/pedidos/${numero}/enlace`,
    payload: { correo },
  });
}

export function setStatus(t: TestContext, numero: string, estado: string, token = t.adminToken) {
  return t.app.inject({
    method: 'PATCH',
    url: `/api/pedidos/${numero}/estado`,
    headers: bearer(token),
    payload: { estado },
  });
}
