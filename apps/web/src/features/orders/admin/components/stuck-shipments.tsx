import type { EnvioPedido } from '@nexbyte/shared';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Alert } from '../../../../components/ui/alert';
import { apiFetch } from '../../../../lib/api-client';
import { adminOrderKeys } from '../api/query-keys';

/**
 * docs/product.md#tracking: shipments the carrier has not delivered SHIPMENT_STUCK_DAYS after
 * they left, on the dashboard; nothing when there are none.
 */
export function StuckShipments() {
  const stuck = useQuery({
    queryKey: [...adminOrderKeys.all, 'envios-atrasados'],
    queryFn: ({ signal }) => apiFetch<EnvioPedido[]>('/envios/atrasados', { signal }),
  });
  const list = stuck.data ?? [];
  if (list.length === 0) return null;
  return (
    <section aria-labelledby="stuck-shipments">
      <Alert tone="warning">
        <h2 id="stuck-shipments">
          {list.length === 1 ? '1 envío atrasado' : `${list.length} envíos atrasados`}
        </h2>
        <ul>
          {list.map((envio) => (
            <li key={envio.numero}>
              <Link to={`/admin/pedidos/${envio.numero}`}>{envio.numero}</Link>: OT {envio.numeroOt}
              {envio.estado ? `, ${envio.estado}` : ''}
            </li>
          ))}
        </ul>
      </Alert>
    </section>
  );
}
