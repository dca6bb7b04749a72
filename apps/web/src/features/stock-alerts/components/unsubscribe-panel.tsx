import { STOCK_ALERT_MESSAGES } from '@nexbyte/shared';
import { Link } from 'react-router';
import { UnsubscribePanel } from '../../../components/ui/unsubscribe-panel';
import { useUnsubscribeStockAlerts } from '../api/unsubscribe-stock-alerts';
import '../stock-alerts.css';

/** /alertas/baja#{token}: stops the back-in-stock e-mails of the link's address. */
export function StockAlertsUnsubscribePanel({ token }: { token: string }) {
  return (
    <UnsubscribePanel
      token={token}
      unsubscribe={useUnsubscribeStockAlerts()}
      question="¿Quieres dejar de recibir avisos de productos que vuelven a tener stock?"
      buttonLabel="No quiero más avisos"
      invalidLinkMessage={STOCK_ALERT_MESSAGES.invalidUnsubscribeLink}
      doneMessage={STOCK_ALERT_MESSAGES.unsubscribed}
      doneDetails={
        <>
          Si más adelante pides otro aviso en un producto agotado, te escribiremos de nuevo.{' '}
          <Link to="/productos">Ver productos</Link>
        </>
      }
      className="stock-alert-panel"
    />
  );
}
