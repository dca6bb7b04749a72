import { STOCK_ALERT_MESSAGES } from '@nexbyte/shared';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { ApiError } from '../../../lib/api-client';
import { useUnsubscribeStockAlerts } from '../api/unsubscribe-stock-alerts';
import '../stock-alerts.css';

export const UNSUBSCRIBE_FAILED_MESSAGE = 'No pudimos darte de baja. Inténtalo de nuevo más tarde.';

/**
 * /alertas/baja#{token}: one button, no session needed, then the confirmation. It waits for the
 * click, so a mail scanner that opens the link does not unsubscribe anyone.
 */
export function StockAlertsUnsubscribePanel({ token }: { token: string }) {
  const mutation = useUnsubscribeStockAlerts();

  if (mutation.isSuccess) return <Unsubscribed />;
  if (!token) return <Alert tone="danger">{STOCK_ALERT_MESSAGES.invalidUnsubscribeLink}</Alert>;

  const failure =
    mutation.error instanceof ApiError && mutation.error.status === 404
      ? STOCK_ALERT_MESSAGES.invalidUnsubscribeLink
      : UNSUBSCRIBE_FAILED_MESSAGE;

  return (
    <div className="stock-alert-panel">
      {mutation.isError && <Alert tone="danger">{failure}</Alert>}
      <p>¿Quieres dejar de recibir avisos de productos que vuelven a tener stock?</p>
      <button
        type="button"
        className="button"
        disabled={mutation.isPending}
        onClick={() => mutation.mutate(token)}
      >
        {mutation.isPending ? 'Dándote de baja…' : 'No quiero más avisos'}
      </button>
    </div>
  );
}

function Unsubscribed() {
  const ref = useRef<HTMLDivElement>(null);
  // The button that had the focus is gone: keep keyboard and screen reader users on the news.
  useEffect(() => ref.current?.focus(), []);
  return (
    <div ref={ref} tabIndex={-1} className="stock-alert-panel">
      <Alert tone="success">{STOCK_ALERT_MESSAGES.unsubscribed}</Alert>
      <p>
        Si más adelante pides otro aviso en un producto agotado, te escribiremos de nuevo.{' '}
        <Link to="/productos">Ver productos</Link>
      </p>
    </div>
  );
}
