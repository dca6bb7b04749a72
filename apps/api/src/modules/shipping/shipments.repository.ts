import { and, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { CreatedShipment } from './carrier';
import type { AcceptedShipping } from './carrier-quotes';
import { envios } from './shipping.schema';

/** Records, in the order's transaction, the delivery the buyer accepted and its parcel. */
export async function recordShipmentChoice(
  db: Db,
  pedidoId: number,
  accepted: AcceptedShipping,
): Promise<void> {
  const { bulto } = accepted;
  await db.insert(envios).values({
    pedidoId,
    origen: accepted.origen,
    transportista: accepted.transportista,
    servicioCodigo: accepted.servicioCodigo,
    servicioNombre: accepted.servicioNombre,
    precio: accepted.precio.toFixed(2),
    llegaEstimada: accepted.llega,
    cobertura: accepted.cobertura,
    pesoKg: String(bulto.pesoKg),
    largoCm: String(bulto.largoCm),
    anchoCm: String(bulto.anchoCm),
    altoCm: String(bulto.altoCm),
  });
}

export type EnvioRow = typeof envios.$inferSelect;

export async function shipmentOf(db: Db, pedidoId: number): Promise<EnvioRow | null> {
  const [row] = await db.select().from(envios).where(eq(envios.pedidoId, pedidoId));
  return row ?? null;
}

/**
 * Claims the asking of the carrier for one request in any instance, for `leaseMs`: false while
 * another holds it or when the transport order exists. A request that died mid-call frees it
 * when its time runs out.
 */
export async function leaseShipment(db: Db, pedidoId: number, leaseMs: number): Promise<boolean> {
  const rows = await db
    .update(envios)
    .set({ creandoHasta: sql`now() + ${leaseMs}::int * interval '1 millisecond'` })
    .where(
      and(
        eq(envios.pedidoId, pedidoId),
        isNull(envios.numeroOt),
        or(isNull(envios.creandoHasta), lt(envios.creandoHasta, sql`now()`)),
      ),
    )
    .returning({ pedidoId: envios.pedidoId });
  return rows.length > 0;
}

/** Frees the claim after the carrier refused or did not answer, so 'Crear envío' can be retried. */
export async function releaseShipment(db: Db, pedidoId: number): Promise<void> {
  await db.update(envios).set({ creandoHasta: null }).where(eq(envios.pedidoId, pedidoId));
}

/** Keeps the transport order only if the order has none yet; null when another got there first. */
export async function claimShipment(
  db: Db,
  pedidoId: number,
  transportista: string,
  created: CreatedShipment,
): Promise<EnvioRow | null> {
  const [row] = await db
    .update(envios)
    .set({
      transportista,
      numeroOt: created.number,
      etiquetaPdf: created.labelPdf,
      seguimientoUrl: created.trackingUrl,
      estadoTransportista: 'Orden de transporte creada',
      enviadoAt: sql`now()`,
      creandoHasta: null,
    })
    .where(and(eq(envios.pedidoId, pedidoId), isNull(envios.numeroOt)))
    .returning();
  return row ?? null;
}

/** Shipments with a transport order and no delivery yet, with their order's number. */
export async function shipmentsInTransit(db: Db) {
  const rows = await db
    .select()
    .from(envios)
    .where(and(isNotNull(envios.numeroOt), isNull(envios.entregadoAt)));
  return rows.map((r) => ({ ...r, numero: numeroOf(r.pedidoId) }));
}

export async function stuckShipments(db: Db, days: number) {
  const rows = await db
    .select()
    .from(envios)
    .where(
      and(
        isNotNull(envios.numeroOt),
        isNull(envios.entregadoAt),
        sql`${envios.enviadoAt} < now() - ${days}::int * interval '1 day'`,
      ),
    );
  return rows.map((r) => ({ ...r, numero: numeroOf(r.pedidoId) }));
}

export async function saveTracking(
  db: Db,
  pedidoId: number,
  estado: string,
  eventos: EnvioRow['eventos'],
): Promise<void> {
  await db
    .update(envios)
    .set({ estadoTransportista: estado.slice(0, 60), eventos, consultadoAt: sql`now()` })
    .where(eq(envios.pedidoId, pedidoId));
}

/** True for the one call that marks it delivered. */
export async function markDelivered(db: Db, pedidoId: number): Promise<boolean> {
  const rows = await db
    .update(envios)
    .set({ entregadoAt: sql`now()` })
    .where(and(eq(envios.pedidoId, pedidoId), isNull(envios.entregadoAt)))
    .returning({ pedidoId: envios.pedidoId });
  return rows.length > 0;
}

/** 'NB-000123' of an order id, as the database derives it. */
const numeroOf = (id: number) => `NB-${String(id).padStart(6, '0')}`;
