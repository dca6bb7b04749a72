import type { Pedido } from '@nexbyte/shared';
import { useOrderShipment } from '../api/get-order-shipment';
import { ShipmentDetails } from './shipment-details';

/** The buyer's view of the carrier's tracking, once the order left the shop. */
export function OrderShipmentEvents({ order, access }: { order: Pedido; access: string | null }) {
  const shipped = order.estado === 'ENVIADO' || order.estado === 'ENTREGADO';
  const shipment = useOrderShipment(
    order.numero,
    access,
    shipped && order.entrega.tipo === 'DESPACHO',
  );
  const envio = shipment.data;
  if (!shipped || !envio?.numeroOt) return null;
  return (
    <section className="order__section" aria-labelledby="order-carrier">
      <h2 id="order-carrier">Tu envío con {envio.transportista ?? 'el transportista'}</h2>
      <ShipmentDetails envio={envio} className="order-transfer__data" />
    </section>
  );
}
