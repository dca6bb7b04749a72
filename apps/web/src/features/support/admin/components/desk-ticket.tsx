import { zodResolver } from '@hookform/resolvers/zod';
import {
  cambioEstadoTicketInputSchema,
  EQUIPO_LABELS,
  ESTADO_TICKET_LABELS,
  formatDateTime,
  notaInternaInputSchema,
  TICKET_NOTE_MAX,
  TIPO_TICKET_LABELS,
  type CambioEstadoTicketInput,
  type EstadoTicket,
  type Ticket,
} from '@nexbyte/shared';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../../components/ui/alert';
import { Badge } from '../../../../components/ui/badge';
import { DocumentTitle } from '../../../../components/ui/document-title';
import { FormField } from '../../../../components/ui/form-field';
import { QueryState } from '../../../../components/ui/query-state';
import { useToast } from '../../../../components/ui/toast';
import { ApiError } from '../../../../lib/api-client';
import { errorMessage } from '../../../../lib/error-message';
import { useServerForm } from '../../../../lib/use-server-form';
import { QuoteLines } from '../../components/quote-lines';
import { formatDay } from '../../components/ticket-dates';
import { TicketStateBadge } from '../../components/ticket-state-badge';
import { useDeskTicket } from '../api/get-ticket';
import { useAddInternalNote, useChangeTicketState } from '../api/update-ticket';
import { PriorityBadge } from './priority-badge';
import { QuoteEditor } from './quote-editor';
import '../support-desk.css';

export const LOAD_TICKET_ERROR = 'No se pudo cargar la solicitud.';
const ACTION_FAILED = 'Inténtalo de nuevo.';

/** The states in which the desk writes a quote (a repair only). */
const QUOTABLE: readonly EstadoTicket[] = ['EN_DIAGNOSTICO', 'COTIZADA', 'RECHAZADA'];

const QUOTE_STATE_LABELS = {
  PENDIENTE: 'Pendiente',
  ACEPTADA: 'Aceptada',
  RECHAZADA: 'Rechazada',
  REEMPLAZADA: 'Reemplazada',
} as const;

function NotFound() {
  return (
    <>
      <h1>Solicitud no encontrada</h1>
      <Alert tone="warning">Solicitud no encontrada.</Alert>
    </>
  );
}

/** /admin/soporte/{id}: the ticket, its history, its quotes and what the desk may do next. */
export function DeskTicket({ id }: { id: number | null }) {
  return (
    <>
      <DocumentTitle>Solicitud de soporte · Administración</DocumentTitle>
      <Link to="/admin/soporte" className="admin-page__back">
        <span aria-hidden="true">←&nbsp;</span>
        Volver a soporte
      </Link>
      {id === null ? <NotFound /> : <DeskTicketLoaded id={id} />}
    </>
  );
}

function DeskTicketLoaded({ id }: { id: number }) {
  const ticket = useDeskTicket(id);
  if (ticket.isError && ticket.error instanceof ApiError && ticket.error.status === 404) {
    return <NotFound />;
  }
  return (
    <QueryState
      query={ticket}
      errorMessage={LOAD_TICKET_ERROR}
      errorHeading={<h1>Solicitud de soporte</h1>}
    >
      {(data) => <TicketView ticket={data} />}
    </QueryState>
  );
}

function TicketView({ ticket }: { ticket: Ticket }) {
  const quotable = ticket.tipo === 'REPARACION' && QUOTABLE.includes(ticket.estado);
  return (
    <>
      <DocumentTitle>{`Solicitud ${ticket.numero} · Administración`}</DocumentTitle>
      <div className="admin-page__header">
        <h1>Solicitud {ticket.numero}</h1>
        <div className="desk-list__badges">
          <TicketStateBadge estado={ticket.estado} />
          {ticket.atrasado && <Badge tone="danger">Atrasada</Badge>}
        </div>
      </div>

      <div className="admin-order__columns">
        <section className="admin-order__section" aria-labelledby="desk-contacto">
          <h2 id="desk-contacto">Contacto</h2>
          <dl className="admin-order__facts">
            <Fact label="Nombre">{ticket.nombreCliente}</Fact>
            <Fact label="Correo">
              <a href={`mailto:${ticket.emailCliente}`}>{ticket.emailCliente}</a>
            </Fact>
            {ticket.telefonoCliente && <Fact label="Teléfono">{ticket.telefonoCliente}</Fact>}
            <Fact label="Dirección">
              {[ticket.direccion, ticket.comuna, ticket.region].filter(Boolean).join(', ')}
            </Fact>
            <Fact label="Cuenta">{ticket.usuarioId ? 'Cliente registrado' : 'Sin cuenta'}</Fact>
          </dl>
        </section>
        <section className="admin-order__section" aria-labelledby="desk-solicitud">
          <h2 id="desk-solicitud">Solicitud</h2>
          <dl className="admin-order__facts">
            <Fact label="Tipo">{TIPO_TICKET_LABELS[ticket.tipo]}</Fact>
            <Fact label="Equipo">{EQUIPO_LABELS[ticket.equipo]}</Fact>
            <Fact label="Prioridad">
              <PriorityBadge prioridad={ticket.prioridad} />
            </Fact>
            {ticket.comprobante && <Fact label="Pedido o boleta">{ticket.comprobante}</Fact>}
            {ticket.fechaCompra && (
              <Fact label="Fecha de compra">{formatDay(ticket.fechaCompra)}</Fact>
            )}
            <Fact label="Servicios">{ticket.serviciosRequeridos.join(', ') || '—'}</Fact>
            <Fact label="Recibida">
              <time dateTime={ticket.fechaCreacion}>{formatDateTime(ticket.fechaCreacion)}</time>
            </Fact>
          </dl>
          <h3 className="desk-subtitle">Problema</h3>
          <p className="desk-text">{ticket.descripcionProblema}</p>
        </section>
      </div>

      <StateForm ticket={ticket} />
      <InternalNoteForm ticket={ticket} />
      {quotable && (
        <section className="admin-order__section" aria-labelledby="desk-cotizar">
          <h2 id="desk-cotizar">Nueva cotización</h2>
          <QuoteEditor ticketId={ticket.id} />
        </section>
      )}
      <QuotesList ticket={ticket} />
      <TicketHistory ticket={ticket} />
    </>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function StateForm({ ticket }: { ticket: Ticket }) {
  const toast = useToast();
  const change = useChangeTicketState(ticket.id);
  const [refused, setRefused] = useState<string | null>(null);
  // A quote is what makes a ticket COTIZADA: that move is the quote editor's.
  const moves = ticket.siguientesEstados.filter((estado) => estado !== 'COTIZADA');
  const form = useServerForm<CambioEstadoTicketInput>({
    resolver: zodResolver(cambioEstadoTicketInputSchema),
    defaultValues: { estado: moves[0] ?? 'RECIBIDA', nota: '', notaInterna: '' },
  });
  const {
    register,
    formState: { errors },
  } = form;

  if (moves.length === 0) {
    return (
      <section className="admin-order__section" aria-labelledby="desk-estado">
        <h2 id="desk-estado">Cambiar estado</h2>
        <p className="muted">
          {ticket.estado === 'COTIZADA'
            ? 'Esperando la respuesta del cliente a la cotización.'
            : `Una solicitud ${ESTADO_TICKET_LABELS[ticket.estado].toLowerCase()} ya no cambia de estado.`}
        </p>
      </section>
    );
  }

  const onSubmit = form.submit((input) => {
    setRefused(null);
    change.mutate(input, {
      onSuccess: (changed) => {
        form.reset({
          estado: changed.siguientesEstados.find((e) => e !== 'COTIZADA') ?? 'RECIBIDA',
          nota: '',
          notaInterna: '',
        });
        toast.show({
          type: 'success',
          message: `Solicitud ${changed.numero}: ${ESTADO_TICKET_LABELS[changed.estado].toLowerCase()}.`,
        });
      },
      onError: (error) => {
        if (!form.showServerErrors(error)) setRefused(errorMessage(error, ACTION_FAILED));
      },
    });
  });

  return (
    <section className="admin-order__section" aria-labelledby="desk-estado">
      <h2 id="desk-estado">Cambiar estado</h2>
      {refused && <Alert tone="danger">{refused}</Alert>}
      <form className="desk-form" noValidate onSubmit={onSubmit}>
        <FormField label="Nuevo estado" error={errors.estado?.message}>
          <select {...register('estado')}>
            {moves.map((estado) => (
              <option key={estado} value={estado}>
                {ESTADO_TICKET_LABELS[estado]}
              </option>
            ))}
          </select>
        </FormField>
        <FormField
          label="Nota para el cliente"
          optional
          hint="La ve el cliente en su enlace y en el correo."
          error={errors.nota?.message}
        >
          <textarea rows={3} maxLength={TICKET_NOTE_MAX} {...register('nota')} />
        </FormField>
        <FormField
          label="Nota interna del cambio"
          optional
          hint="Solo la ve el equipo."
          error={errors.notaInterna?.message}
        >
          <textarea rows={2} maxLength={TICKET_NOTE_MAX} {...register('notaInterna')} />
        </FormField>
        <div className="actions">
          <button type="submit" className="button" disabled={change.isPending}>
            {change.isPending ? 'Guardando…' : 'Cambiar estado'}
          </button>
        </div>
      </form>
    </section>
  );
}

function InternalNoteForm({ ticket }: { ticket: Ticket }) {
  const toast = useToast();
  const add = useAddInternalNote(ticket.id);
  const [refused, setRefused] = useState<string | null>(null);
  const form = useServerForm<{ nota: string }>({
    resolver: zodResolver(notaInternaInputSchema),
    defaultValues: { nota: '' },
  });
  const onSubmit = form.submit((input) => {
    setRefused(null);
    add.mutate(input, {
      onSuccess: () => {
        form.reset({ nota: '' });
        toast.show({ type: 'success', message: 'Nota interna agregada.' });
      },
      onError: (error) => {
        if (!form.showServerErrors(error)) setRefused(errorMessage(error, ACTION_FAILED));
      },
    });
  });
  return (
    <section className="admin-order__section" aria-labelledby="desk-nota">
      <h2 id="desk-nota">Agregar nota interna</h2>
      {refused && <Alert tone="danger">{refused}</Alert>}
      <form className="desk-form" noValidate onSubmit={onSubmit}>
        <FormField
          label="Nota interna"
          hint="Solo la ve el equipo."
          error={form.formState.errors.nota?.message}
        >
          <textarea rows={2} maxLength={TICKET_NOTE_MAX} {...form.register('nota')} />
        </FormField>
        <div className="actions">
          <button type="submit" className="button button--ghost" disabled={add.isPending}>
            Agregar nota interna
          </button>
        </div>
      </form>
    </section>
  );
}

function QuotesList({ ticket }: { ticket: Ticket }) {
  if (ticket.cotizaciones.length === 0) return null;
  return (
    <section className="admin-order__section" aria-labelledby="desk-cotizaciones">
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

function TicketHistory({ ticket }: { ticket: Ticket }) {
  return (
    <section className="admin-order__section" aria-labelledby="desk-historial">
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
