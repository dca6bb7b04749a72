import { useLocation } from 'react-router';
import { DocumentTitle } from '../../components/ui/document-title';
import { StockAlertsUnsubscribePanel } from '../../features/stock-alerts/components/unsubscribe-panel';

/**
 * /alertas/baja#{token}: the signed token of a back-in-stock e-mail's link is read from the
 * fragment, which the browser never sends to a server.
 */
export default function StockAlertsUnsubscribeRoute() {
  const token = useLocation().hash.replace(/^#/, '');
  return (
    <div className="container page">
      <DocumentTitle>Dejar de recibir avisos de stock</DocumentTitle>
      <meta name="referrer" content="no-referrer" />
      <h1>Avisos de stock</h1>
      <StockAlertsUnsubscribePanel token={token} />
    </div>
  );
}
