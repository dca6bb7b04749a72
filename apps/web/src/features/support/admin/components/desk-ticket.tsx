import {
  EQUIPO_LABELS,
  formatDateTime,
  TIPO_TICKET_LABELS,
  type EstadoTicket,
  type Ticket,
} from '@nexbyte/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../../components/ui/alert';
import { Badge } from '../../../../components/ui/badge';
import { DocumentTitle } from '../../../../components/ui/document-title';
import { QueryState } from '../../../../components/ui/query-state';
import { ApiError } from '../../../../lib/api-client';
import { formatDay } from '../../components/ticket-dates';
import { TicketStateBadge } from '../../components/ticket-state-badge';
import { useDeskTicket } from '../api/get-ticket';
import { DeskHistory } from './desk-history';
import { InternalNoteForm } from './desk-note-form';
import { QuotesList } from './desk-quotes';
import { StateForm } from './desk-state-form';
import { PriorityBadge } from './priority-badge';
import { QuoteEditor } from './quote-editor';
import '../support-desk.css';

export const LOAD_TICKET_ERROR = 'No se pudo cargar la solicitud.';

/** The states in which the desk writes a quote (a repair only). */
const QUOTABLE: readonly EstadoTicket[] = ['EN_DIAGNOSTICO', 'COTIZADA', 'RECHAZADA'];

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

      <div className="desk-ticket__columns">
        <section className="desk-ticket__section" aria-labelledby="desk-contacto">
          <h2 id="desk-contacto">Contacto</h2>
          <dl className="desk-ticket__facts">
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
        <section className="desk-ticket__section" aria-labelledby="desk-solicitud">
          <h2 id="desk-solicitud">Solicitud</h2>
          <dl className="desk-ticket__facts">
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
        <section className="desk-ticket__section" aria-labelledby="desk-cotizar">
          <h2 id="desk-cotizar">Nueva cotización</h2>
          <QuoteEditor ticketId={ticket.id} />
        </section>
      )}
      <QuotesList ticket={ticket} />
      <DeskHistory ticket={ticket} />
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
