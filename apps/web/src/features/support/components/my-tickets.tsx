import { EQUIPO_LABELS, formatDate } from '@nexbyte/shared';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { QueryState } from '../../../components/ui/query-state';
import { useMyTickets } from '../api/get-my-tickets';
import { TicketStateBadge } from './ticket-state-badge';
import '../tracking.css';

export const LOAD_MY_TICKETS_ERROR = 'No se pudieron cargar tus solicitudes de soporte.';

/** /cuenta: the customer's support tickets, newest first, each to its own page. */
export function MyTickets({ viewer }: { viewer: number }) {
  return (
    <QueryState
      query={useMyTickets(viewer)}
      loading="Cargando tus solicitudes…"
      errorMessage={LOAD_MY_TICKETS_ERROR}
    >
      {(tickets) =>
        tickets.length === 0 ? (
          <p>
            Aún no tienes solicitudes de soporte.{' '}
            <Link to="/soporte">Solicitar soporte técnico</Link>
          </p>
        ) : (
          <ul className="my-tickets">
            {tickets.map((ticket) => (
              <li key={ticket.numero} className="my-tickets__row">
                <Link to={`/cuenta/soporte/${ticket.numero}`}>{ticket.numero}</Link>
                <span>{EQUIPO_LABELS[ticket.equipo]}</span>
                <TicketStateBadge estado={ticket.estado} />
                <time dateTime={ticket.fechaCreacion}>{formatDate(ticket.fechaCreacion)}</time>
                {ticket.cotizacionPendiente && (
                  <Badge tone="warning">Cotización por responder</Badge>
                )}
              </li>
            ))}
          </ul>
        )
      }
    </QueryState>
  );
}
