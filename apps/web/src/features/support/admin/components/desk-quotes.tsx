import { formatDateTime, type Ticket } from '@nexbyte/shared';
import { Badge } from '../../../../components/ui/badge';
import { QuoteLines } from '../../components/quote-lines';
import '../support-desk.css';

const QUOTE_STATE_LABELS = {
  PENDIENTE: 'Pendiente',
  ACEPTADA: 'Aceptada',
  RECHAZADA: 'Rechazada',
  REEMPLAZADA: 'Reemplazada',
} as const;

/** Every quote the ticket has had, newest first, with its state and answer. */
export function QuotesList({ ticket }: { ticket: Ticket }) {
  if (ticket.cotizaciones.length === 0) return null;
  return (
    <section className="desk-ticket__section" aria-labelledby="desk-cotizaciones">
      <h2 id="desk-cotizaciones">Cotizaciones</h2>
      {ticket.cotizaciones.map((quote) => (
        <article
          key={quote.id}
          className="desk-quote"
          aria-label={`Cotización del ${formatDateTime(quote.fechaCreacion)}`}
        >
          <p className="desk-quote__state">
            <Badge
              tone={
                quote.estado === 'ACEPTADA'
                  ? 'success'
                  : quote.estado === 'RECHAZADA'
                    ? 'danger'
                    : quote.estado === 'PENDIENTE'
                      ? 'warning'
                      : 'neutral'
              }
            >
              {QUOTE_STATE_LABELS[quote.estado]}
            </Badge>
            {quote.vencida && <Badge tone="danger">Vencida</Badge>}{' '}
            <span className="muted">
              Enviada el{' '}
              <time dateTime={quote.fechaCreacion}>{formatDateTime(quote.fechaCreacion)}</time>
              {quote.fechaRespuesta && (
                <>
                  {' '}
                  · respondida el{' '}
                  <time dateTime={quote.fechaRespuesta}>
                    {formatDateTime(quote.fechaRespuesta)}
                  </time>
                </>
              )}
            </span>
          </p>
          {quote.motivoRechazo && <p>Motivo del rechazo: {quote.motivoRechazo}</p>}
          <QuoteLines quote={quote} />
        </article>
      ))}
    </section>
  );
}
