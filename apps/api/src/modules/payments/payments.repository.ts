import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pagoEventos, pagos } from './payments.schema';

export type PagoRow = typeof pagos.$inferSelect;
export type EstadoPagoFila = 'PENDIENTE' | 'PAGADO' | 'RECHAZADO' | 'ANULADO' | 'REEMBOLSADO';

export interface PaymentEvent {
  tipo: string;
  /** Who: 'comprador', 'sistema', or an admin in words. */
  por: string;
  respuesta?: Record<string, unknown> | null;
}

/** Writes a new attempt and its first event; answers its id. */
export async function insertPayment(
  tx: Db,
  row: typeof pagos.$inferInsert,
  event: PaymentEvent,
): Promise<number> {
  const [created] = await tx.insert(pagos).values(row).returning({ id: pagos.id });
  await addPaymentEvent(tx, created!.id, event);
  return created!.id;
}

export async function addPaymentEvent(tx: Db, pagoId: number, event: PaymentEvent) {
  await tx.insert(pagoEventos).values({ pagoId, ...event, respuesta: event.respuesta ?? null });
}

/** Attempts so far for an order (the next buy order counts on from them). */
export async function countPayments(tx: Db, pedidoId: number): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(pagos)
    .where(eq(pagos.pedidoId, pedidoId));
  return row?.n ?? 0;
}

/** The attempt a provider's token names (no lock: the order is locked first, then the attempt). */
export async function findPaymentByToken(db: Db, proveedor: string, token: string) {
  const [row] = await db
    .select({ id: pagos.id, pedidoId: pagos.pedidoId })
    .from(pagos)
    .where(and(eq(pagos.proveedor, proveedor), eq(pagos.token, token)));
  return row ?? null;
}

/** The attempt a provider's token names, locked: one return at a time settles it. */
export async function lockPaymentByToken(tx: Db, proveedor: string, token: string) {
  const [row] = await tx
    .select()
    .from(pagos)
    .where(and(eq(pagos.proveedor, proveedor), eq(pagos.token, token)))
    .for('update');
  return row ?? null;
}

export async function lockPayment(tx: Db, id: number) {
  const [row] = await tx.select().from(pagos).where(eq(pagos.id, id)).for('update');
  return row ?? null;
}

/** An order's attempts, oldest first. */
export async function paymentsOf(db: Db, pedidoId: number): Promise<PagoRow[]> {
  return db.select().from(pagos).where(eq(pagos.pedidoId, pedidoId)).orderBy(asc(pagos.id));
}

/** An attempt as `paymentsColumn` gives it: timestamps as ISO text. */
type PagoJson = Omit<PagoRow, 'autorizadoAt' | 'reembolsadoAt' | 'createdAt' | 'updatedAt'> & {
  autorizadoAt: string | null;
  reembolsadoAt: string | null;
  createdAt: string;
  updatedAt: string;
};

/**
 * The attempts of the order in the row being read (`pedidos` in the statement), oldest first, as
 * one JSON column: the order's view reads them in its own statement. Decimals travel as text,
 * as Drizzle gives them; `paymentRowsOf` turns the column back into rows.
 */
export const paymentsColumn = sql<PagoJson[]>`(
  select coalesce(json_agg(json_build_object(
    'id', p.id, 'pedidoId', p.pedido_id, 'proveedor', p.proveedor, 'token', p.token,
    'url', p.url, 'ordenCompra', p.orden_compra, 'monto', p.monto::text, 'estado', p.estado,
    'codigoAutorizacion', p.codigo_autorizacion, 'ultimos4', p.ultimos4,
    'tipoPago', p.tipo_pago, 'cuotas', p.cuotas, 'codigoRespuesta', p.codigo_respuesta,
    'montoAutorizado', p.monto_autorizado::text, 'autorizadoAt', p.autorizado_at,
    'motivo', p.motivo, 'reembolsoTipo', p.reembolso_tipo,
    'reembolsoMonto', p.reembolso_monto::text, 'reembolsadoAt', p.reembolsado_at,
    'createdAt', p.created_at, 'updatedAt', p.updated_at
  ) order by p.id), '[]'::json)
  from pagos p where p.pedido_id = pedidos.id)`;

const dateOrNull = (value: string | null) => (value === null ? null : new Date(value));

export function paymentRowsOf(column: readonly PagoJson[]): PagoRow[] {
  return column.map((p) => ({
    ...p,
    autorizadoAt: dateOrNull(p.autorizadoAt),
    reembolsadoAt: dateOrNull(p.reembolsadoAt),
    createdAt: new Date(p.createdAt),
    updatedAt: new Date(p.updatedAt),
  }));
}

/** The newest attempt of an order still waiting for the buyer, if any. */
export async function pendingPaymentOf(db: Db, pedidoId: number): Promise<PagoRow | null> {
  const [row] = await db
    .select()
    .from(pagos)
    .where(and(eq(pagos.pedidoId, pedidoId), eq(pagos.estado, 'PENDIENTE')))
    .orderBy(desc(pagos.id))
    .limit(1);
  return row ?? null;
}

/** The attempts still pending among these orders (the expiry sweep asks the provider about them). */
export async function pendingPaymentsOf(db: Db, pedidoIds: number[]): Promise<PagoRow[]> {
  if (pedidoIds.length === 0) return [];
  return db
    .select()
    .from(pagos)
    .where(and(inArray(pagos.pedidoId, pedidoIds), eq(pagos.estado, 'PENDIENTE')))
    .orderBy(asc(pagos.id));
}

export async function updatePayment(
  tx: Db,
  id: number,
  changes: Partial<Omit<typeof pagos.$inferInsert, 'id' | 'pedidoId' | 'createdAt'>>,
): Promise<void> {
  await tx
    .update(pagos)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(pagos.id, id));
}

/** Events of one payment, oldest first (tests and the admin's history). */
export async function paymentEventsOf(db: Db, pagoId: number) {
  return db
    .select()
    .from(pagoEventos)
    .where(eq(pagoEventos.pagoId, pagoId))
    .orderBy(asc(pagoEventos.id));
}
