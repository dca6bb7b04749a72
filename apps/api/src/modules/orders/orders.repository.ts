import {
  ESTADOS_VENDIDOS,
  ivaIncluded,
  type DatosTransferencia,
  type EstadoPedido,
  type MetodoEntrega,
  type MetodoPago,
  type Pedido,
  type PedidoResumen,
  type TipoDocumento,
} from '@nexbyte/shared';
import { and, asc, count, desc, eq, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { customerEmailKey } from '../../customer-email';
import type { Db } from '../../db/client';
import { idIn } from '../../db/id-list';
import { rowsOf } from '../../db/rows';
import { pedidoEventos, pedidoItems, pedidos } from './orders.schema';
import {
  cobroFrom,
  paymentRowsOf,
  paymentsColumn,
  type PagoRow,
} from '../payments/payments.service';

export type PedidoRow = typeof pedidos.$inferSelect;

// numeric(12,2) arrives as a string so that no cent is lost on the way.
const pesos = (value: string) => Number(value);

export type NewOrder = Omit<
  typeof pedidos.$inferInsert,
  | 'id'
  | 'numero'
  | 'estado'
  | 'expiresAt'
  | 'correoNormalizado'
  | 'enlacesEnviados'
  | 'enlacesDesde'
> & {
  /** Computed by the database's clock. */
  expiresAt: SQL;
};
export type NewOrderLine = Omit<typeof pedidoItems.$inferInsert, 'id' | 'pedidoId'>;

export interface StatusEvent {
  de: EstadoPedido | null;
  a: EstadoPedido;
  usuarioId: number | null;
  por: string;
}

/**
 * Writes an order, its lines (in the cart's order) and its first event in one statement, so the
 * order's transaction makes one round trip for them; answers its id and number.
 */
export async function insertOrder(
  tx: Db,
  order: NewOrder,
  lines: NewOrderLine[],
  first: StatusEvent,
): Promise<{ id: number; numero: string }> {
  const created = tx
    .insert(pedidos)
    .values({ ...order, correoNormalizado: customerEmailKey(order.clienteCorreo) })
    .returning({ id: pedidos.id, numero: pedidos.numero });
  const items = JSON.stringify(lines);
  const [row] = rowsOf<{ id: number; numero: string }>(
    await tx.execute(sql`
      with creado as (${created.getSQL()}),
      lineas as (
        insert into pedido_items (pedido_id, producto_id, nombre, precio, qty)
        select creado.id, (l.v ->> 'productoId')::int, l.v ->> 'nombre',
               (l.v ->> 'precio')::numeric, (l.v ->> 'qty')::int
          from creado, jsonb_array_elements(${items}::jsonb) with ordinality as l(v, n)
         order by l.n
      ),
      evento as (
        insert into pedido_eventos (pedido_id, de, a, usuario_id, por)
        select creado.id, ${first.de}::varchar, ${first.a}::varchar, ${first.usuarioId}::int,
               ${first.por}::text
          from creado
      )
      select id, numero from creado`),
  );
  return { id: Number(row!.id), numero: row!.numero };
}

/** The order an Idempotency-Key already placed, if any. */
export async function findByIdempotencyKey(tx: Db, scope: string, key: string) {
  const [row] = await tx
    .select({ id: pedidos.id, numero: pedidos.numero, requestHash: pedidos.requestHash })
    .from(pedidos)
    .where(and(eq(pedidos.idempotencyScope, scope), eq(pedidos.idempotencyKey, key)));
  return row ?? null;
}

/** Locks an order's row for a status change. */
export async function lockOrder(tx: Db, numero: string) {
  const [row] = await tx
    .select({ id: pedidos.id, estado: pedidos.estado })
    .from(pedidos)
    .where(eq(pedidos.numero, numero))
    .for('update');
  return row ? { id: row.id, estado: row.estado as EstadoPedido } : null;
}

/** An order's status and the figures its payment depends on. */
export interface OrderPaymentTerms {
  id: number;
  numero: string;
  estado: EstadoPedido;
  metodoPago: MetodoPago;
  subtotal: number;
  descuento: number;
  descuentoPago: number;
  envio: number;
  total: number;
}

/** Locks an order (by number or id) to pay it, settle a payment of it, or switch its method. */
export async function lockOrderForPayment(
  tx: Db,
  where: { numero: string } | { id: number },
): Promise<OrderPaymentTerms | null> {
  const [row] = await tx
    .select()
    .from(pedidos)
    .where('id' in where ? eq(pedidos.id, where.id) : eq(pedidos.numero, where.numero))
    .for('update');
  if (!row) return null;
  return {
    id: row.id,
    numero: row.numero,
    estado: row.estado as EstadoPedido,
    metodoPago: row.metodoPago as MetodoPago,
    subtotal: pesos(row.subtotal),
    descuento: pesos(row.descuento),
    descuentoPago: pesos(row.descuentoPago),
    envio: pesos(row.envio),
    total: pesos(row.total),
  };
}

/** Switches an unpaid order's payment method, with the discount and total that go with it. */
export async function setPaymentTerms(
  tx: Db,
  id: number,
  terms: { metodoPago: MetodoPago; descuentoPago: number; total: number },
): Promise<void> {
  await tx
    .update(pedidos)
    .set({
      metodoPago: terms.metodoPago,
      descuentoPago: terms.descuentoPago.toFixed(2),
      total: terms.total.toFixed(2),
      updatedAt: sql`now()`,
    })
    .where(eq(pedidos.id, id));
}

/** Up to `limit` unpaid orders past their time, without locking them (a first look). */
export async function dueOrderIds(db: Db, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: pedidos.id })
    .from(pedidos)
    .where(and(eq(pedidos.estado, 'PENDIENTE_PAGO'), lte(pedidos.expiresAt, sql`now()`)))
    .orderBy(asc(pedidos.id))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** Locks up to `limit` unpaid orders past their time, skipping rows someone else is changing. */
export async function lockDueOrders(tx: Db, limit: number) {
  return tx
    .select({ id: pedidos.id, numero: pedidos.numero })
    .from(pedidos)
    .where(and(eq(pedidos.estado, 'PENDIENTE_PAGO'), lte(pedidos.expiresAt, sql`now()`)))
    .orderBy(asc(pedidos.id))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/** What the admin recorded about the parcel when shipping (both optional). */
export interface Tracking {
  transportista?: string | undefined;
  numeroSeguimiento?: string | undefined;
}

/** Moves orders to a status and records the move in each one's history. */
export async function setStatus(
  tx: Db,
  ids: number[],
  event: StatusEvent,
  tracking: Tracking = {},
): Promise<void> {
  await tx
    .update(pedidos)
    .set({
      estado: event.a,
      updatedAt: sql`now()`,
      ...(event.a === 'PAGADO' ? { pagadoAt: sql`now()` } : {}),
      ...(event.a === 'ENVIADO'
        ? {
            transportista: tracking.transportista ?? null,
            numeroSeguimiento: tracking.numeroSeguimiento ?? null,
          }
        : {}),
    })
    .where(idIn(pedidos.id, ids));
  await tx.insert(pedidoEventos).values(ids.map((pedidoId) => ({ ...event, pedidoId })));
}

/**
 * Deletes an order with its lines, history, coupon use and payment attempts (they cascade). Only
 * for an order nobody was told of: checkout's undoing of one whose payment could not be opened.
 */
export async function deleteOrder(tx: Db, id: number): Promise<void> {
  await tx.delete(pedidos).where(eq(pedidos.id, id));
}

/** The units the given orders hold, per product. */
export async function unitsOf(tx: Db, ids: number[]) {
  return tx
    .select({ productoId: pedidoItems.productoId, qty: sql<number>`sum(${pedidoItems.qty})::int` })
    .from(pedidoItems)
    .where(idIn(pedidoItems.pedidoId, ids))
    .groupBy(pedidoItems.productoId);
}

/**
 * What the guest orders under one e-mail key (customerEmailKey) that still wait for their payment
 * hold together: how many, their units and their total in pesos.
 */
export async function unpaidGuestHoldings(
  tx: Db,
  correoNormalizado: string,
): Promise<{ orders: number; units: number; total: number }> {
  const [row] = await tx
    .select({
      orders: sql<number>`count(*)::int`,
      units: sql<number>`coalesce(sum((select sum(i.qty) from pedido_items i where i.pedido_id = pedidos.id)), 0)::int`,
      total: sql<string>`coalesce(sum(${pedidos.total}), 0)`,
    })
    .from(pedidos)
    .where(
      and(
        eq(pedidos.invitado, true),
        eq(pedidos.estado, 'PENDIENTE_PAGO'),
        eq(pedidos.correoNormalizado, correoNormalizado),
      ),
    );
  return { orders: row?.orders ?? 0, units: row?.units ?? 0, total: pesos(row?.total ?? '0') };
}

/**
 * Sets how long an unpaid order holds its stock from now, for the payment method it has now:
 * `hours` from now, never past `maxHours` after it was placed (a new Webpay attempt cannot keep
 * stock longer than a transfer would). An order no longer waiting is left alone.
 */
export async function setStockHold(
  db: Db,
  numero: string,
  hours: number,
  maxHours: number,
): Promise<void> {
  await db
    .update(pedidos)
    .set({
      expiresAt: sql`least(${pedidos.createdAt} + ${maxHours}::float8 * interval '1 hour', now() + ${hours}::float8 * interval '1 hour')`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(pedidos.numero, numero), eq(pedidos.estado, 'PENDIENTE_PAGO')));
}

/**
 * Gives a guest's order a new access token (its hash) when `correo` is the order's (without case)
 * and it has links left this hour (`maxPerHour`); answers whether it did, and then the link sent
 * before no longer opens it. It is one UPDATE of the order's row whatever the e-mail: a wrong one
 * costs the database the same work as the right one, so the answer's timing tells nothing.
 */
export async function renewAccessToken(
  db: Db,
  numero: string,
  correo: string,
  hash: string,
  maxPerHour: number,
): Promise<boolean> {
  const own = sql`(${pedidos.invitado} and lower(${pedidos.clienteCorreo}) = lower(${correo}))`;
  const newHour = sql`(${pedidos.enlacesDesde} is null or ${pedidos.enlacesDesde} <= now() - interval '1 hour')`;
  const send = sql`(${own} and (${newHour} or ${pedidos.enlacesEnviados} < ${maxPerHour}::int))`;
  const rows = await db
    .update(pedidos)
    .set({
      tokenHash: sql`case when ${send} then ${hash}::varchar else ${pedidos.tokenHash} end`,
      enlacesEnviados: sql`case when not ${send} then ${pedidos.enlacesEnviados} when ${newHour} then 1 else ${pedidos.enlacesEnviados} + 1 end`,
      enlacesDesde: sql`case when ${send} and ${newHour} then now() else ${pedidos.enlacesDesde} end`,
    })
    .where(eq(pedidos.numero, numero))
    .returning({ sent: sql<boolean>`coalesce(${pedidos.tokenHash} = ${hash}::varchar, false)` });
  return rows[0]?.sent === true;
}

export async function findOrderRow(db: Db, numero: string): Promise<PedidoRow | null> {
  const [row] = await db.select().from(pedidos).where(eq(pedidos.numero, numero));
  return row ?? null;
}

export interface OrderViewOptions {
  bank: DatosTransferencia;
  /** Only an admin learns who changed a status. */
  showActors: boolean;
}

/** An order's lines and history as the database gives them in JSON (decimals as text). */
interface OrderDetails {
  lineas: { productoId: number; nombre: string; precio: string; qty: number }[];
  eventos: { de: string | null; a: string; por: string; at: string }[];
}

/**
 * The lines (in the cart's order) and the events (oldest first) of the order in the row being
 * read, as two columns of the same statement: one round trip instead of one per table. Written
 * out, as Drizzle leaves a lone table's columns unqualified and the subqueries must name
 * pedidos' own id.
 */
const orderDetails = {
  lineas: sql<OrderDetails['lineas']>`(
    select coalesce(json_agg(json_build_object(
      'productoId', i.producto_id, 'nombre', i.nombre, 'precio', i.precio::text, 'qty', i.qty
    ) order by i.id), '[]'::json)
    from pedido_items i where i.pedido_id = pedidos.id)`,
  eventos: sql<OrderDetails['eventos']>`(
    select coalesce(json_agg(json_build_object(
      'de', e.de, 'a', e.a, 'por', e.por, 'at', e.created_at
    ) order by e.created_at, e.id), '[]'::json)
    from pedido_eventos e where e.pedido_id = pedidos.id)`,
};

/** The order as the API answers it: its lines, its history and how to pay it. */
export async function loadOrder(
  db: Db,
  row: PedidoRow,
  options: OrderViewOptions,
): Promise<Pedido> {
  const [details] = await db
    .select({ ...orderDetails, pagos: paymentsColumn })
    .from(pedidos)
    .where(eq(pedidos.id, row.id));
  return toPedido(row, details!, paymentRowsOf(details!.pagos), options);
}

/**
 * findOrderRow and loadOrder in one: the order with its lines, history and payments in one
 * statement, so the answer takes one round trip.
 */
export async function findOrderView(
  db: Db,
  numero: string,
  options: OrderViewOptions,
): Promise<Pedido | null> {
  const [found] = await db
    .select({ row: pedidos, ...orderDetails, pagos: paymentsColumn })
    .from(pedidos)
    .where(eq(pedidos.numero, numero));
  return found ? toPedido(found.row, found, paymentRowsOf(found.pagos), options) : null;
}

function toPedido(
  row: PedidoRow,
  details: OrderDetails,
  attempts: readonly PagoRow[],
  options: OrderViewOptions,
): Pedido {
  const estado = row.estado as EstadoPedido;
  const metodoPago = row.metodoPago as MetodoPago;
  const total = pesos(row.total);
  return {
    numero: row.numero,
    estado,
    createdAt: row.createdAt.toISOString(),
    expiresAt: estado === 'PENDIENTE_PAGO' ? row.expiresAt.toISOString() : null,
    invitado: row.invitado,
    cliente: {
      nombre: row.clienteNombre,
      correo: row.clienteCorreo,
      run: row.clienteRun,
      telefono: row.clienteTelefono,
    },
    entrega: {
      tipo: row.entrega as MetodoEntrega,
      region: row.region,
      comuna: row.comuna,
      direccion: row.direccion,
      horario: row.retiroHorario,
    },
    metodoPago,
    cobro: cobroFrom({ estado, metodoPago }, attempts),
    cupon: row.cupon ? { codigo: row.cupon, label: row.cuponLabel ?? row.cupon } : null,
    lineas: details.lineas.map((i) => {
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
    descuentoPago: pesos(row.descuentoPago),
    envio: pesos(row.envio),
    total,
    iva: ivaIncluded(total),
    eventos: details.eventos.map((e) => ({
      de: e.de as EstadoPedido | null,
      a: e.a as EstadoPedido,
      por: options.showActors ? e.por : null,
      at: new Date(e.at).toISOString(),
    })),
    transferencia: options.bank,
    seguimiento:
      row.transportista || row.numeroSeguimiento
        ? { transportista: row.transportista, numero: row.numeroSeguimiento }
        : null,
    documentoTipo: row.documentoTipo as TipoDocumento,
    facturaEmpresa: row.facturaEmpresa ?? null,
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
        invitado: pedidos.invitado,
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
      invitado: r.invitado,
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
