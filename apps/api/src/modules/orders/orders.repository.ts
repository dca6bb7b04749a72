import {
  ESTADOS_VENDIDOS,
  findCoupon,
  ivaIncluded,
  type DatosTransferencia,
  type EstadoPedido,
  type MetodoPago,
  type Pedido,
  type PedidoResumen,
} from '@nexbyte/shared';
import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { productos } from '../../db/schema';
import { pedidoEventos, pedidoItems, pedidos } from '../../db/schema-orders';

export type PedidoRow = typeof pedidos.$inferSelect;

/** The first rows of a query run with db.execute, on either driver. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

// numeric(12,2) arrives as a string so that no cent is lost on the way.
const pesos = (value: string) => Number(value);

export interface ProductoActual {
  id: number;
  nombre: string;
  precio: number;
  stock: number;
  activo: boolean;
  imagen: string | null;
}

/** The products of a cart as the database holds them now, active or not. */
export async function findProductsForCart(db: Db, ids: number[]): Promise<ProductoActual[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      id: productos.id,
      nombre: productos.nombre,
      precio: productos.precio,
      stock: productos.stock,
      activo: productos.activo,
      imagen: productos.imagen,
    })
    .from(productos)
    .where(inArray(productos.id, ids));
  return rows.map((r) => ({ ...r, precio: pesos(r.precio) }));
}

export interface TakenLine {
  productoId: number;
  nombre: string;
  precio: number;
  qty: number;
}

/**
 * Takes `qty` units of a product in one guarded statement: it changes nothing unless the product
 * is active and has them, and answers the price at that moment. Null when it could not.
 */
export async function takeStock(
  db: Db,
  productoId: number,
  qty: number,
): Promise<TakenLine | null> {
  const [row] = await db
    .update(productos)
    .set({ stock: sql`${productos.stock} - ${qty}` })
    .where(
      and(
        eq(productos.id, productoId),
        eq(productos.activo, true),
        sql`${productos.stock} >= ${qty}`,
      ),
    )
    .returning({ nombre: productos.nombre, precio: productos.precio });
  return row ? { productoId, nombre: row.nombre, precio: pesos(row.precio), qty } : null;
}

/**
 * Gives back the units of the given orders, one product at a time in id order: every writer of
 * stock locks product rows in the same order, so two of them can never deadlock.
 */
export async function returnStock(db: Db, pedidoIds: number[]): Promise<void> {
  if (pedidoIds.length === 0) return;
  const units = await db
    .select({ productoId: pedidoItems.productoId, qty: sql<number>`sum(${pedidoItems.qty})::int` })
    .from(pedidoItems)
    .where(inArray(pedidoItems.pedidoId, pedidoIds))
    .groupBy(pedidoItems.productoId)
    .orderBy(asc(pedidoItems.productoId));
  for (const { productoId, qty } of units) {
    await db
      .update(productos)
      .set({ stock: sql`${productos.stock} + ${qty}` })
      .where(eq(productos.id, productoId));
  }
}

export async function findOrderRow(db: Db, numero: string): Promise<PedidoRow | null> {
  const [row] = await db.select().from(pedidos).where(eq(pedidos.numero, numero));
  return row ?? null;
}

export async function findOrderRowById(db: Db, id: number): Promise<PedidoRow | null> {
  const [row] = await db.select().from(pedidos).where(eq(pedidos.id, id));
  return row ?? null;
}

export interface OrderViewOptions {
  bank: DatosTransferencia;
  /** Only an admin learns who changed a status. */
  showActors: boolean;
}

/** The order as the API answers it: its lines, its history and how to pay it. */
export async function loadOrder(
  db: Db,
  row: PedidoRow,
  options: OrderViewOptions,
): Promise<Pedido> {
  const [items, eventos] = await Promise.all([
    db
      .select()
      .from(pedidoItems)
      .where(eq(pedidoItems.pedidoId, row.id))
      .orderBy(asc(pedidoItems.id)),
    db
      .select()
      .from(pedidoEventos)
      .where(eq(pedidoEventos.pedidoId, row.id))
      .orderBy(asc(pedidoEventos.createdAt), asc(pedidoEventos.id)),
  ]);
  const coupon = findCoupon(row.cupon);
  const total = pesos(row.total);
  const estado = row.estado as EstadoPedido;
  return {
    numero: row.numero,
    estado,
    createdAt: row.createdAt.toISOString(),
    expiresAt: estado === 'PENDIENTE_PAGO' ? row.expiresAt.toISOString() : null,
    invitado: row.usuarioId === null,
    cliente: {
      nombre: row.clienteNombre,
      correo: row.clienteCorreo,
      run: row.clienteRun,
      telefono: row.clienteTelefono,
    },
    entrega: { region: row.region, comuna: row.comuna, direccion: row.direccion },
    metodoPago: row.metodoPago as MetodoPago,
    cupon: coupon ? { codigo: coupon.code, label: coupon.label } : null,
    lineas: items.map((i) => {
      const precio = pesos(i.precio);
      return {
        productoId: i.productoId,
        nombre: i.nombre,
        precio,
        qty: i.qty,
        subtotal: Math.round(precio * i.qty * 100) / 100,
      };
    }),
    subtotal: pesos(row.subtotal),
    descuento: pesos(row.descuento),
    envio: pesos(row.envio),
    total,
    iva: ivaIncluded(total),
    eventos: eventos.map((e) => ({
      de: e.de as EstadoPedido | null,
      a: e.a as EstadoPedido,
      por: options.showActors ? e.por : null,
      at: e.createdAt.toISOString(),
    })),
    transferencia: options.bank,
  };
}

export interface OrderListFilter {
  usuarioId?: number;
  estado?: EstadoPedido | undefined;
  limit: number;
  offset: number;
}

/** A page of orders, newest first, and the count of all that match. */
export async function listOrders(
  db: Db,
  filter: OrderListFilter,
): Promise<{ items: PedidoResumen[]; total: number }> {
  const conditions: SQL[] = [];
  if (filter.usuarioId !== undefined) conditions.push(eq(pedidos.usuarioId, filter.usuarioId));
  if (filter.estado) conditions.push(eq(pedidos.estado, filter.estado));
  const where = and(...conditions);
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        numero: pedidos.numero,
        estado: pedidos.estado,
        createdAt: pedidos.createdAt,
        total: pedidos.total,
        usuarioId: pedidos.usuarioId,
        nombre: pedidos.clienteNombre,
        correo: pedidos.clienteCorreo,
        // Spelled out: inside a select drizzle leaves columns unqualified, and both tables have an id.
        unidades: sql<number>`(select coalesce(sum(i.qty), 0)::int from pedido_items i where i.pedido_id = pedidos.id)`,
      })
      .from(pedidos)
      .where(where)
      .orderBy(desc(pedidos.createdAt), desc(pedidos.id))
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ total: count() }).from(pedidos).where(where),
  ]);
  return {
    items: rows.map((r) => ({
      numero: r.numero,
      estado: r.estado as EstadoPedido,
      createdAt: r.createdAt.toISOString(),
      total: pesos(r.total),
      unidades: r.unidades,
      invitado: r.usuarioId === null,
      cliente: { nombre: r.nombre, correo: r.correo },
    })),
    total: counted?.total ?? 0,
  };
}

/** The dashboard's figures: orders waiting for payment, and what was paid this month in Chile. */
export async function ordersSummary(db: Db): Promise<{ pendientes: number; ventasMes: number }> {
  const [row] = await db
    .select({
      pendientes: sql<number>`count(*) filter (where ${pedidos.estado} = 'PENDIENTE_PAGO')::int`,
      ventasMes: sql<string>`coalesce(sum(${pedidos.total}) filter (where ${inArray(pedidos.estado, [...ESTADOS_VENDIDOS])} and ${pedidos.pagadoAt} >= date_trunc('month', now() at time zone 'America/Santiago') at time zone 'America/Santiago'), 0)`,
    })
    .from(pedidos);
  return { pendientes: row?.pendientes ?? 0, ventasMes: pesos(row?.ventasMes ?? '0') };
}
