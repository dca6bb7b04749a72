import {
  DIAGNOSIS_BUSINESS_HOURS,
  ESTADO_TICKET_LABELS,
  formatCLP,
  IVA_PERCENT,
  ivaIncluded,
  formatTicketNumber,
  ticketTrackingPath,
  type EstadoTicket,
} from '@nexbyte/shared';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { SupportFact, TicketQuoteFact, TicketStateFact } from '../../events';
import { findTicketRow, quotesOf } from '../support/ticket-views';
import {
  renderMail,
  type Block,
  type MailContent,
  type ShopIdentity,
} from './templates/mail-content';

const firstName = (nombre: string) => nombre.trim().split(/\s+/)[0] ?? '';

/** What each state means for the customer, said once in the e-mail of the change. */
const STATE_NEWS: Partial<Record<EstadoTicket, string>> = {
  EN_DIAGNOSTICO: 'Estamos revisando tu equipo. Te enviaremos el diagnóstico y la cotización.',
  APROBADA: 'Recibimos tu aprobación de la cotización. Comenzaremos la reparación.',
  RECHAZADA:
    'Registramos que no aceptaste la cotización. Te avisaremos cuando tu equipo esté listo para retiro.',
  EN_REPARACION: 'Tu equipo está en reparación.',
  LISTA_PARA_RETIRO: 'Tu equipo está listo. Puedes retirarlo en nuestra tienda.',
  ENTREGADA: 'Entregamos tu equipo. ¡Gracias por confiar en Nexbyte!',
  CANCELADA: 'Tu solicitud fue cancelada.',
  EN_FABRICANTE: 'Enviamos tu equipo al fabricante para hacer efectiva la garantía.',
  RESUELTO: 'Tu solicitud de garantía está resuelta.',
};

/**
 * The acknowledgement goes to an address nobody has verified: it says only that the request
 * arrived, its number and its link. Nothing the visitor typed (name, description) is in it, so
 * the form cannot send the shop's mail with someone else's words to anyone.
 */
export function createdContent(
  s: Pick<SupportFact, 'id' | 'emailCliente'>,
  link: string,
): MailContent {
  const numero = formatTicketNumber(s.id);
  return {
    to: s.emailCliente,
    subject: `Recibimos tu solicitud ${numero}`,
    heading: `Recibimos tu solicitud ${numero}`,
    blocks: [
      {
        kind: 'p',
        text: `Nuestro equipo técnico la revisará y te enviará un diagnóstico en un plazo de ${DIAGNOSIS_BUSINESS_HOURS} horas hábiles (lunes a viernes). Si tu equipo necesita una reparación, te enviaremos una cotización para que la aceptes antes de empezar.`,
      },
      {
        kind: 'p',
        text: 'Con este enlace privado puedes seguir tu solicitud; no lo compartas. Cada correo nuestro trae un enlace nuevo que reemplaza al anterior.',
      },
      { kind: 'action', label: 'Seguir mi solicitud', url: link },
      {
        kind: 'p',
        text: 'Si no enviaste esta solicitud, ignora este correo.',
      },
    ],
  };
}

export function stateContent(
  to: string,
  nombre: string,
  f: TicketStateFact,
  link: string | null,
): MailContent {
  const numero = formatTicketNumber(f.id);
  const label = ESTADO_TICKET_LABELS[f.estado];
  const blocks: Block[] = [{ kind: 'p', text: `Tu solicitud ${numero} ahora está: ${label}.` }];
  const news = STATE_NEWS[f.estado];
  if (news) blocks.push({ kind: 'p', text: news });
  if (f.nota) blocks.push({ kind: 'quote', text: f.nota });
  // The customer's own answer leaves their link as it was: it is the one to keep using.
  if (link) blocks.push({ kind: 'action', label: 'Ver mi solicitud', url: link });
  else blocks.push({ kind: 'p', text: 'Puedes seguirla con el mismo enlace de antes.' });
  return {
    to,
    subject: `Tu solicitud ${numero}: ${label.toLowerCase()}`,
    heading: `Hola ${firstName(nombre)}, tu solicitud ${numero} cambió de estado`,
    blocks,
  };
}

export function quoteContent(
  to: string,
  nombre: string,
  numero: string,
  q: {
    diagnostico: string;
    total: number;
    iva: number;
    validaHasta: string;
    lineas: { descripcion: string; cantidad: number; precioUnitario: number }[];
  },
  link: string,
): MailContent {
  const [y, mo, d] = q.validaHasta.split('-');
  return {
    to,
    subject: `Cotización de tu solicitud ${numero}`,
    heading: `Hola ${firstName(nombre)}, tu cotización está lista`,
    blocks: [
      { kind: 'p', text: 'Este es el diagnóstico de tu equipo:' },
      { kind: 'quote', text: q.diagnostico },
      {
        kind: 'facts',
        rows: [
          ...q.lineas.map((l): [string, string] => [
            `${l.cantidad} × ${l.descripcion}`,
            formatCLP(l.cantidad * l.precioUnitario),
          ]),
          ['Total', `${formatCLP(q.total)} (IVA incluido)`],
          [`IVA ${IVA_PERCENT} %`, formatCLP(q.iva)],
          ['Válida hasta', `${d}-${mo}-${y}`],
        ],
      },
      {
        kind: 'p',
        text: 'Si la aceptas, reservamos los repuestos y comenzamos la reparación. Si no, te devolvemos tu equipo.',
      },
      { kind: 'action', label: 'Ver y aceptar la cotización', url: link },
    ],
  };
}

/**
 * Tells the customer about their ticket: received, each change of state, each quote. Each e-mail
 * but the answer to the customer's own click carries a new tracking link, which replaces the one
 * before (decision 023). Internal notes are never in the events, so they cannot reach an e-mail.
 */
type TicketNotice =
  | { que: 'recibida'; solicitud: SupportFact }
  | { que: 'estado'; cambio: TicketStateFact }
  | { que: 'cotizacion'; cotizacion: TicketQuoteFact };

async function supportMails(app: FastifyInstance) {
  const shop: ShopIdentity = {
    name: 'Nexbyte',
    tagline: 'Tecnología y mantención de PC',
    url: app.config.publicUrl,
  };
  const link = (token: string) => app.mailer.link(ticketTrackingPath(token));
  const compose = async (notice: TicketNotice): Promise<MailContent | null> => {
    switch (notice.que) {
      case 'recibida':
        return createdContent(notice.solicitud, link(notice.solicitud.acceso));
      case 'estado': {
        const f = notice.cambio;
        const row = await findTicketRow(app.db, f.id);
        return (
          row &&
          stateContent(row.emailCliente, row.nombreCliente, f, f.acceso ? link(f.acceso) : null)
        );
      }
      case 'cotizacion': {
        const f = notice.cotizacion;
        const [row, quotes] = await Promise.all([
          findTicketRow(app.db, f.id),
          quotesOf(app.db, f.id),
        ]);
        const quote = quotes.find((q) => q.id === f.cotizacionId);
        if (!row || !quote) return null;
        return quoteContent(
          row.emailCliente,
          row.nombreCliente,
          formatTicketNumber(row.id),
          { ...quote, iva: ivaIncluded(quote.total) },
          link(f.acceso),
        );
      }
    }
  };
  const enqueue = app.mailer.kind<TicketNotice>('soporte', async (notice) => {
    const content = await compose(notice);
    return content && renderMail(content, shop);
  });
  // The label is shown to the owner and logged: it names the ticket, never its token.
  const label = (id: number, what: string) => `soporte ${formatTicketNumber(id)} (${what})`;

  app.events.on('soporte.creado', (solicitud, tx) =>
    enqueue(tx, label(solicitud.id, 'recibida'), { que: 'recibida', solicitud }),
  );
  app.events.on('soporte.estado', (cambio, tx) =>
    enqueue(tx, label(cambio.id, cambio.estado), { que: 'estado', cambio }),
  );
  app.events.on('soporte.cotizado', (cotizacion, tx) =>
    enqueue(tx, label(cotizacion.id, 'cotización'), { que: 'cotizacion', cotizacion }),
  );
}

export default fp(supportMails, {
  name: 'support-mails',
  dependencies: ['core', 'events', 'mailer'],
});
