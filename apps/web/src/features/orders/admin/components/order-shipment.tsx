import { direccionTransportista, type Pedido } from '@nexbyte/shared';
import { useState } from 'react';
import { useToast } from '../../../../components/ui/toast';
import { ApiError } from '../../../../lib/api-client';
import { useOrderShipment } from '../../api/get-order-shipment';
import { ShipmentDetails } from '../../components/shipment-details';
import { openLabel, useCreateShipment } from '../api/create-shipment';

/**
 * docs/product.md#admin-shipping: 'Crear envío' on a paid home delivery makes the carrier's
 * transport order (once, whatever the clicks) and 'Imprimir etiqueta' opens its PDF. Until then
 * the address shows as the carrier will get it (street, number, supplement), so a bad split is
 * seen before the parcel leaves.
 */
export function OrderShipment({ order }: { order: Pedido }) {
  const toast = useToast();
  const shipment = useOrderShipment(order.numero, null, order.entrega.tipo === 'DESPACHO');
  const create = useCreateShipment();
  const [opening, setOpening] = useState(false);
  const envio = shipment.data;
  if (order.entrega.tipo !== 'DESPACHO' || !envio) return null;

  const print = () => {
    // Opened within the click, so the browser does not take it for a pop-up.
    const tab = window.open('', '_blank');
    setOpening(true);
    openLabel(order.numero, tab)
      .catch((error: unknown) => {
        tab?.close();
        toast.show({
          type: 'error',
          title: 'No se pudo abrir la etiqueta',
          message: error instanceof ApiError ? error.message : 'Inténtalo de nuevo.',
        });
      })
      .finally(() => setOpening(false));
  };

  return (
    <section className="admin-order__section" aria-labelledby="admin-order-shipment">
      <h2 id="admin-order-shipment">Envío con transportista</h2>
      <ShipmentDetails envio={envio} className="admin-order__facts" />
      {!envio.numeroOt && <CarrierAddress direccion={order.entrega.direccion} />}
      <div className="actions">
        {!envio.numeroOt && order.estado === 'PAGADO' && (
          <button
            type="button"
            className="button"
            aria-disabled={create.isPending}
            onClick={() => {
              if (create.isPending) return;
              create.mutate(order.numero, {
                onSuccess: ({ envio: made }) =>
                  toast.show({
                    type: 'success',
                    message: `Envío creado: orden de transporte ${made.numeroOt}.`,
                  }),
                onError: (error) =>
                  toast.show({
                    type: 'error',
                    title: 'No se pudo crear el envío',
                    message: error instanceof ApiError ? error.message : 'Inténtalo de nuevo.',
                  }),
              });
            }}
          >
            {create.isPending ? 'Creando envío…' : 'Crear envío'}
          </button>
        )}
        {envio.etiqueta && (
          <button type="button" className="button button--ghost" onClick={print} disabled={opening}>
            Imprimir etiqueta
          </button>
        )}
      </div>
    </section>
  );
}

/** The buyer's one-line address split as the transport order will carry it. */
function CarrierAddress({ direccion }: { direccion: string }) {
  const street = direccionTransportista(direccion);
  return (
    <div role="group" aria-labelledby="admin-order-carrier-address">
      <h3 id="admin-order-carrier-address">Dirección para el transportista</h3>
      <dl className="admin-order__facts">
        <div>
          <dt>Calle</dt>
          <dd>{street.streetName}</dd>
        </div>
        <div>
          <dt>Número</dt>
          <dd>{street.streetNumber === 0 ? '0 (sin número)' : street.streetNumber}</dd>
        </div>
        <div>
          <dt>Complemento</dt>
          <dd>{street.supplement || '—'}</dd>
        </div>
      </dl>
    </div>
  );
}
