import { ticketIdFromNumber, formatTicketNumber } from '@nexbyte/shared';
import { Link, Navigate, useParams } from 'react-router';
import { DocumentTitle } from '../../components/ui/document-title';
import { TicketTracking } from '../../features/support/components/ticket-tracking';
import { useSession } from '../../lib/use-session';

/** /cuenta/soporte/{numero}: one of the logged-in customer's tickets, as its private link shows it. */
export default function AccountTicketRoute() {
  const session = useSession();
  const raw = useParams().numero ?? '';
  const id = ticketIdFromNumber(raw);
  const numero = id === null ? raw : formatTicketNumber(id);
  if (!session) {
    const next = new URLSearchParams({ next: `/cuenta/soporte/${raw}` });
    return <Navigate to={`/login?${next}`} replace />;
  }
  return (
    <div className="container page">
      <DocumentTitle>{`Solicitud ${numero}`}</DocumentTitle>
      <p>
        <Link to="/cuenta">
          <span aria-hidden="true">←&nbsp;</span>Volver a mi cuenta
        </Link>
      </p>
      <TicketTracking key={`${session.user.id}-${numero}`} source={{ kind: 'cuenta', numero }} />
    </div>
  );
}
