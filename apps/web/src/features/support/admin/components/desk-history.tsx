import { ESTADO_TICKET_LABELS, formatDateTime, type Ticket } from '@nexbyte/shared';
import { Badge } from '../../../../components/ui/badge';
import '../support-desk.css';

/** The ticket's history: each move and note, who made it, and the notes for the customer and staff. */
export function DeskHistory({ ticket }: { ticket: Ticket }) {
  return (
    <section className="desk-ticket__section" aria-labelledby="desk-historial">
      <h2 id="desk-historial">Historial</h2>
      <ol className="desk-history">
        {ticket.historial.map((paso) => (
          <li key={paso.id}>
            <p className="desk-history__head">
              <time dateTime={paso.fecha}>{formatDateTime(paso.fecha)}</time> · {paso.autor}
              {' · '}
              {paso.estado
                ? paso.estadoAnterior
                  ? `${ESTADO_TICKET_LABELS[paso.estadoAnterior]} → ${ESTADO_TICKET_LABELS[paso.estado]}`
                  : ESTADO_TICKET_LABELS[paso.estado]
                : 'Nota'}
            </p>
            {paso.notaCliente && (
              <p className="desk-history__note">
                <span className="desk-history__tag">Para el cliente:</span> {paso.notaCliente}
              </p>
            )}
            {paso.notaInterna && (
              <p className="desk-history__note desk-history__note--internal">
                <Badge tone="secondary">Interna</Badge> {paso.notaInterna}
              </p>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
