import { normalizeOrderNumber } from '@nexbyte/shared';
import { useLocation, useParams } from 'react-router';
import { DocumentTitle } from '../../components/ui/document-title';
import { OrderLookup } from '../../features/orders/components/order-lookup';

/** /pedido/{numero}: the confirmation right after buying, and the order's page afterwards. */
export default function OrderConfirmationRoute() {
  const numero = normalizeOrderNumber(useParams().numero ?? '');
  const state = useLocation().state as { justPlaced?: boolean } | null;
  return (
    <div className="container page">
      <DocumentTitle>{`Pedido ${numero}`}</DocumentTitle>
      {/* A new key per order: the form's e-mail and the query start over on another number. */}
      <OrderLookup key={numero} numero={numero} justPlaced={state?.justPlaced === true} />
    </div>
  );
}
