import { NEWSLETTER_MESSAGES } from '@nexbyte/shared';
import { Link } from 'react-router';
import { UnsubscribePanel as Panel } from '../../../components/ui/unsubscribe-panel';
import { useUnsubscribe } from '../api/unsubscribe';
import '../newsletter.css';

/** /newsletter/baja#{token}: takes the link's address off the newsletter. */
export function UnsubscribePanel({ token }: { token: string }) {
  return (
    <Panel
      token={token}
      unsubscribe={useUnsubscribe()}
      question="¿Quieres dejar de recibir el newsletter de Nexbyte en tu correo?"
      buttonLabel="Darme de baja"
      invalidLinkMessage={NEWSLETTER_MESSAGES.invalidUnsubscribeLink}
      doneMessage={NEWSLETTER_MESSAGES.unsubscribed}
      doneDetails={
        <>
          Si cambias de opinión, puedes volver a suscribirte al pie de cualquier página.{' '}
          <Link to="/">Ir al inicio</Link>
        </>
      }
      className="newsletter-panel"
      doneClassName="newsletter-panel--done"
    />
  );
}
