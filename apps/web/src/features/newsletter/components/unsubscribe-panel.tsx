import { NEWSLETTER_MESSAGES } from '@nexbyte/shared';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { ApiError } from '../../../lib/api-client';
import { useUnsubscribe } from '../api/unsubscribe';
import '../newsletter.css';

export const UNSUBSCRIBE_FAILED_MESSAGE = 'No pudimos darte de baja. Inténtalo de nuevo más tarde.';

/**
 * /newsletter/baja#{token}: one button, no session needed. It waits for the click, so a mail
 * scanner that opens the link does not unsubscribe anyone.
 */
export function UnsubscribePanel({ token }: { token: string }) {
  const mutation = useUnsubscribe();

  if (mutation.isSuccess) return <Unsubscribed />;
  if (!token) return <Alert tone="danger">{NEWSLETTER_MESSAGES.invalidUnsubscribeLink}</Alert>;

  const failure =
    mutation.error instanceof ApiError && mutation.error.status === 404
      ? NEWSLETTER_MESSAGES.invalidUnsubscribeLink
      : UNSUBSCRIBE_FAILED_MESSAGE;

  return (
    <div className="newsletter-panel">
      {mutation.isError && <Alert tone="danger">{failure}</Alert>}
      <p>¿Quieres dejar de recibir el newsletter de Nexbyte en tu correo?</p>
      <button
        type="button"
        className="button"
        disabled={mutation.isPending}
        onClick={() => mutation.mutate(token)}
      >
        {mutation.isPending ? 'Dándote de baja…' : 'Darme de baja'}
      </button>
    </div>
  );
}

function Unsubscribed() {
  const ref = useRef<HTMLDivElement>(null);
  // The button that had the focus is gone: keep keyboard and screen reader users on the news.
  useEffect(() => ref.current?.focus(), []);
  return (
    <div ref={ref} tabIndex={-1} className="newsletter-panel newsletter-panel--done">
      <Alert tone="success">{NEWSLETTER_MESSAGES.unsubscribed}</Alert>
      <p>
        Si cambias de opinión, puedes volver a suscribirte al pie de cualquier página.{' '}
        <Link to="/">Ir al inicio</Link>
      </p>
    </div>
  );
}
