import type { Db } from '../../db/client';
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
