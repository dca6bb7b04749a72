import {
  EQUIPO_LABELS,
  ESTADO_TICKET_LABELS,
  TICKET_STATES_BY_KIND,
  formatDate,
  formatDateTime,
  QUOTE_REASON_MAX,
  TIPO_TICKET_LABELS,
  type CotizacionTicket,
  type EstadoTicket,
  type TicketPublico,
} from '@nexbyte/shared';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { FormField } from '../../../components/ui/form-field';
import { ModalDialog } from '../../../components/ui/modal-dialog';
import { QueryError, QueryLoading } from '../../../components/ui/query-state';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { useAnswerQuote } from '../api/answer-quote';
import { useTicket } from '../api/get-ticket';
import type { TicketSource } from '../api/ticket-source';
import { QuoteLines } from './quote-lines';
import { formatDay } from './ticket-dates';
import { TicketStateBadge } from './ticket-state-badge';
import '../tracking.css';

export const LOAD_TICKET_ERROR = 'No se pudo cargar tu solicitud.';
export const ANSWER_FAILED_MESSAGE = 'No pudimos registrar tu respuesta. Inténtalo de nuevo.';

/** States that end a ticket off its road: told plainly instead of as a step. */
const OFF_ROAD: readonly EstadoTicket[] = ['CANCELADA', 'RECHAZADA'];

/**
 * The customer's view of a ticket, by its private link or from their account: where it is on its
 * road, what happened (with the desk's notes to them) and the quote to answer.
 */
export function TicketTracking({ source }: { source: TicketSource }) {
  const ticket = useTicket(source);
  if (ticket.isPending) return <QueryLoading>Cargando tu solicitud…</QueryLoading>;
  if (ticket.isError) {
    if (ticket.error instanceof ApiError && ticket.error.status === 404) {
      return (
        <div className="ticket-not-found">
          <h1>Solicitud no encontrada</h1>
          <Alert tone="warning">{ticket.error.message}</Alert>
          <p>
            <Link to="/soporte">Enviar una nueva solicitud</Link>
          </p>
        </div>
      );
    }
    return (
      <>
        <h1>Tu solicitud</h1>
        <QueryError message={LOAD_TICKET_ERROR} onRetry={() => void ticket.refetch()} />
      </>
    );
  }
  return <TicketView ticket={ticket.data} source={source} />;
}

export function TicketView({ ticket, source }: { ticket: TicketPublico; source: TicketSource }) {
  return (
    <article className="ticket" aria-labelledby="ticket-titulo">
      <div className="ticket__header">
        <h1 id="ticket-titulo">Solicitud {ticket.numero}</h1>
        <TicketStateBadge estado={ticket.estado} />
      </div>
      <p className="ticket__greeting">
        Hola {ticket.nombre}, aquí ves cómo va tu solicitud. Te avisamos por correo con cada cambio.
      </p>
      <dl className="ticket__facts">
        <div>
          <dt>Tipo</dt>
          <dd>{TIPO_TICKET_LABELS[ticket.tipo]}</dd>
        </div>
        <div>
          <dt>Equipo</dt>
          <dd>{EQUIPO_LABELS[ticket.equipo]}</dd>
        </div>
        {ticket.serviciosRequeridos.length > 0 && (
          <div>
            <dt>Servicios</dt>
            <dd>{ticket.serviciosRequeridos.join(', ')}</dd>
          </div>
        )}
        <div>
          <dt>Enviada</dt>
          <dd>
            <time dateTime={ticket.fechaCreacion}>{formatDate(ticket.fechaCreacion)}</time>
          </dd>
        </div>
      </dl>

      <TicketSteps ticket={ticket} />
      {ticket.cotizacion && (
        <QuoteSection
          key={ticket.cotizacion.id}
          quote={ticket.cotizacion}
          open={ticket.estado === 'COTIZADA'}
          source={source}
        />
      )}
      <TicketHistory ticket={ticket} />
    </article>
  );
}

function TicketSteps({ ticket }: { ticket: TicketPublico }) {
  if (OFF_ROAD.includes(ticket.estado)) {
    return (
      <section className="ticket__section" aria-labelledby="ticket-estado">
        <h2 id="ticket-estado">Estado</h2>
        <p className="ticket__plain-state">
          Tu solicitud está <strong>{ESTADO_TICKET_LABELS[ticket.estado].toLowerCase()}</strong>.
        </p>
      </section>
    );
  }
  const road = TICKET_STATES_BY_KIND[ticket.tipo].filter((estado) => !OFF_ROAD.includes(estado));
  const current = road.indexOf(ticket.estado);
  return (
    <section className="ticket__section" aria-labelledby="ticket-estado">
      <h2 id="ticket-estado">Estado</h2>
      <ol className="ticket-steps">
        {road.map((estado, index) => {
          const done = index < current;
          const isCurrent = index === current;
          return (
            <li
              key={estado}
              className={`ticket-steps__step${done ? ' is-done' : ''}${isCurrent ? ' is-current' : ''}`}
              aria-current={isCurrent ? 'step' : undefined}
            >
              <span className="ticket-steps__marker" aria-hidden="true">
                {done ? '✓' : index + 1}
              </span>
              <span>{ESTADO_TICKET_LABELS[estado]}</span>
              {done && <span className="visually-hidden"> (completado)</span>}
            </li>
          );
        })}
      </ol>
    </section>
  );
}

function TicketHistory({ ticket }: { ticket: TicketPublico }) {
  return (
    <section className="ticket__section" aria-labelledby="ticket-historial">
      <h2 id="ticket-historial">Historial</h2>
      <ol className="ticket-history">
        {ticket.historial.map((paso, index) => (
          <li key={`${paso.fecha}-${index}`}>
            <time dateTime={paso.fecha}>{formatDateTime(paso.fecha)}</time>{' '}
            <strong>{ESTADO_TICKET_LABELS[paso.estado]}</strong>
            {paso.nota && <p className="ticket-history__note">{paso.nota}</p>}
          </li>
        ))}
      </ol>
    </section>
  );
}

/**
 * What a quote that can no longer be answered says instead of the buttons. Only a ticket waiting
 * for the answer (COTIZADA) takes one: a cancelled request keeps its last quote, unanswered.
 */
function answeredText(quote: CotizacionTicket, open: boolean): string | null {
  const when = quote.fechaRespuesta ? ` el ${formatDate(quote.fechaRespuesta)}` : '';
  if (quote.estado === 'ACEPTADA') return `Aceptaste esta cotización${when}.`;
  if (quote.estado === 'RECHAZADA') {
    return `Rechazaste esta cotización${when}.${quote.motivoRechazo ? ` Motivo: ${quote.motivoRechazo}` : ''}`;
  }
  if (quote.vencida) {
    return `Esta cotización venció el ${formatDay(quote.validaHasta)}. Escríbenos y te enviamos una nueva.`;
  }
  if (!open) return 'Esta cotización ya no está vigente.';
  return null;
}

function QuoteSection({
  quote,
  open,
  source,
}: {
  quote: CotizacionTicket;
  /** The ticket waits for the customer's answer. */
  open: boolean;
  source: TicketSource;
}) {
  const answer = useAnswerQuote(source);
  const ticket = useTicket(source);
  // A second click lands before the re-render that disables the button: the ref stops it.
  const inFlight = useRef(false);
  const [rejecting, setRejecting] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const reasonId = useId();
  const [motivo, setMotivo] = useState('');
  const closed = answeredText(quote, open);

  const send = (decision: 'ACEPTAR' | 'RECHAZAR') => {
    if (inFlight.current) return;
    inFlight.current = true;
    setRefused(null);
    answer.mutate(
      { decision, motivo: decision === 'RECHAZAR' ? motivo : null },
      {
        onSuccess: (result) => {
          setRejecting(false);
          setDone(result.message);
        },
        onError: (error) => {
          setRejecting(false);
          setRefused(errorMessage(error, ANSWER_FAILED_MESSAGE));
          // A 409 means the quote changed meanwhile (answered, expired, replaced): show it as it is.
          if (error instanceof ApiError && error.status === 409) void ticket.refetch();
        },
        onSettled: () => {
          inFlight.current = false;
        },
      },
    );
  };

  const reject = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    send('RECHAZAR');
  };

  return (
    <section className="ticket__section ticket-quote" aria-labelledby="ticket-cotizacion">
      <h2 id="ticket-cotizacion">Cotización</h2>
      <QuoteLines quote={quote} />
      <div aria-live="polite">{done && <Alert tone="success">{done}</Alert>}</div>
      {refused && <Alert tone="danger">{refused}</Alert>}
      {closed ? (
        <p className="ticket-quote__state">{closed}</p>
      ) : (
        quote.estado === 'PENDIENTE' && (
          <div className="actions">
            <button
              type="button"
              className="button"
              disabled={answer.isPending}
              onClick={() => send('ACEPTAR')}
            >
              {answer.isPending && answer.variables?.decision === 'ACEPTAR'
                ? 'Enviando…'
                : 'Aceptar cotización'}
            </button>
            <button
              type="button"
              className="button button--ghost"
              disabled={answer.isPending}
              onClick={() => setRejecting(true)}
            >
              Rechazar
            </button>
          </div>
        )
      )}
      <ModalDialog
        open={rejecting}
        onClose={() => setRejecting(false)}
        aria-labelledby="ticket-rechazo"
      >
        <form onSubmit={reject}>
          <h2 id="ticket-rechazo">Rechazar la cotización</h2>
          <p>Te avisaremos cuando tu equipo esté listo para retiro.</p>
          <FormField label="Motivo" optional hint={`Hasta ${QUOTE_REASON_MAX} caracteres.`}>
            <textarea
              id={reasonId}
              rows={3}
              maxLength={QUOTE_REASON_MAX}
              value={motivo}
              onChange={(event) => setMotivo(event.target.value)}
            />
          </FormField>
          <div className="actions">
            <button
              type="button"
              className="button button--ghost"
              disabled={answer.isPending}
              onClick={() => setRejecting(false)}
            >
              Volver
            </button>
            <button type="submit" className="button button--danger" disabled={answer.isPending}>
              {answer.isPending ? 'Enviando…' : 'Rechazar cotización'}
            </button>
          </div>
        </form>
      </ModalDialog>
    </section>
  );
}
