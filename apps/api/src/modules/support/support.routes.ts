import {
  buildDomainSchemas,
  cambioEstadoTicketInputSchema,
  cotizacionTicketInputSchema,
  errorResponseSchema,
  ticketIdFromNumber,
  isHoneypotFilled,
  LIST_LIMIT_DEFAULT,
  notaInternaInputSchema,
  formatTicketNumber,
  resolvePage,
  respuestaCotizacionInputSchema,
  respuestaCotizacionSchema,
  soporteAccesoHeadersSchema,
  soporteCreadoSchema,
  soporteListaQuerySchema,
  soporteResumenSchema,
  TICKET_ACCESS_HEADER,
  TICKET_MESSAGES,
  ticketClienteSchema,
  ticketPublicoSchema,
  ticketResumenSchema,
  ticketSchema,
  ticketTrackingPath,
} from '@nexbyte/shared';
import { max } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { RateLimiterRes } from 'rate-limiter-flexible';
import { z } from 'zod';
import { solicitudesSoporte } from './support.schema';
import { customerEmailKey } from '../../customer-email';
import { HttpError, notFound } from '../../http-errors';
import { windowCounter } from '../auth/counters';
import { PAGE_HEADERS_DESCRIPTION, sendPageHeaders } from '../paging';
import { idParams, MAX_ID, staffOnly } from '../params';
import { findTicketRow, randomTrackingToken, ticketIdByToken } from './support.repository';
import type { Outcome } from './ticket-change';
import { addInternalNote, changeState, createTicket } from './ticket-moves';
import { answerAsCustomer, sendQuote } from './ticket-quotes';
import {
  customerTickets,
  deskSummary,
  findTicket,
  listDeskTickets,
  loadPublicTicket,
  toResumen,
} from './ticket-views';

export const SUPPORT_RECEIVED = 'Solicitud enviada. Te contactaremos con una cotización estimada.';

/** OpenAPI security of the customer's own routes (any logged-in account). */
const loggedIn = [{ bearerAuth: [] }];
const numeroParams = z.object({ numero: z.string().max(20) });
const deskErrors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};
const customerErrors = {
  400: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};
const HOUR_SECONDS = 3600;

const supportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { soporte } = buildDomainSchemas(app.config.allowedEmailDomains);
  const tags = ['soporte'];
  const trackingUrl = (token: string) => app.mailer.link(ticketTrackingPath(token));
  const { linkDaysAfterClose, maxPerEmailHour } = app.config.support;
  /** The tickets whose link still opens: open ones, and those closed after this instant. */
  const closedAfter = () => new Date(Date.now() - linkDaysAfterClose * 86_400_000);
  const ticketIdOf = (token: string | undefined) =>
    token ? ticketIdByToken(app.db, token, closedAfter()) : Promise.resolve(null);
  // Every request e-mails the address it names: a few an hour per mailbox, whoever sends them.
  const perRecipient = windowCounter(
    app.redis,
    `${app.config.redisPrefix}:support-email`,
    maxPerEmailHour,
    HOUR_SECONDS,
  );
  // Guessing tokens is held to the forms' pace, like the look-ups of guests' orders.
  const lookupLimit = {
    rateLimit: { max: app.config.rateLimit.formsMax, timeWindow: '1 minute' },
  };
  /** A change's value (its events were recorded in its transaction). */
  const committed = <T>(outcome: Outcome<T>) => outcome.value;
  const record = app.events.record;

  app.post(
    '/soporte',
    {
      config: { rateLimit: { max: app.config.rateLimit.formsMax, timeWindow: '1 minute' } },
      schema: {
        tags,
        description: `Crea la solicitud (ticket RECIBIDA) y envía al cliente su enlace de seguimiento, que también va en la respuesta. El correo confirma el número y trae el enlace, nunca el texto de la solicitud. Con una sesión válida, el ticket queda en la cuenta del cliente. Un campo \`empresa\` no vacío (honeypot) recibe la misma respuesta, con un enlace que no abre nada, y no se guarda nada. Hasta ${maxPerEmailHour} solicitudes por hora para un mismo correo (sin puntos ni +etiqueta en Gmail); después, 429 con \`Retry-After\`.`,
        body: soporte,
        response: {
          201: soporteCreadoSchema,
          400: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const { empresa, ...solicitud } = request.body;
      try {
        await perRecipient.consume(customerEmailKey(solicitud.emailCliente));
      } catch (err) {
        // Redis down is handled by the counter's memory fallback; anything else is a real error.
        if (!(err instanceof RateLimiterRes)) throw err;
        throw new HttpError(429, TICKET_MESSAGES.tooManyRequests(maxPerEmailHour), undefined, {
          'retry-after': String(Math.max(1, Math.ceil(err.msBeforeNext / 1000))),
        });
      }
      const common = {
        nombreCliente: solicitud.nombreCliente,
        emailCliente: solicitud.emailCliente,
        telefonoCliente: solicitud.telefonoCliente ?? null,
        region: solicitud.region,
        comuna: solicitud.comuna,
        direccion: solicitud.direccion ?? null,
        equipo: solicitud.equipo,
        prioridad: solicitud.prioridad,
        serviciosRequeridos: solicitud.serviciosRequeridos,
        descripcionProblema: solicitud.descripcionProblema,
      };
      const warranty = solicitud.tipo === 'GARANTIA';
      const extra = {
        tipo: solicitud.tipo,
        comprobante: warranty ? (solicitud.comprobante ?? null) : null,
        fechaCompra: warranty ? (solicitud.fechaCompra ?? null) : null,
      };
      if (isHoneypotFilled(empresa)) {
        request.log.info('solicitud de soporte descartada por el honeypot');
        // The same answer as a real one: the next number, and a link that opens nothing.
        const [last] = await app.db
          .select({ id: max(solicitudesSoporte.id) })
          .from(solicitudesSoporte);
        const id = Math.min((last?.id ?? 0) + 1, MAX_ID);
        return reply.status(201).send({
          id,
          fechaCreacion: new Date().toISOString(),
          ...common,
          message: SUPPORT_RECEIVED,
          numero: formatTicketNumber(id),
          tipo: extra.tipo,
          estado: 'RECIBIDA',
          seguimientoUrl: trackingUrl(randomTrackingToken()),
        });
      }
      const user = await app.currentUser(request);
      const { row, token } = committed(
        await createTicket(app.db, record, { ...common, ...extra, usuarioId: user?.id ?? null }),
      );
      const resumen = toResumen(row);
      return reply.status(201).send({
        ...resumen,
        message: SUPPORT_RECEIVED,
        seguimientoUrl: trackingUrl(token),
      });
    },
  );

  app.get(
    '/soporte',
    {
      onRequest: app.requireStaff,
      schema: {
        tags,
        security: staffOnly,
        description: `Tickets de la más nueva a la más antigua (ADMIN o VENDOR), ${LIST_LIMIT_DEFAULT} por página sin \`limite\`. Filtros: \`estado\`, \`tipo\`, \`prioridad\`, \`q\` (número ST-000123, nombre, correo, teléfono o palabras del problema) y \`atrasado\` (diagnóstico pendiente pasadas 48 horas hábiles). ${PAGE_HEADERS_DESCRIPTION}`,
        querystring: soporteListaQuerySchema,
        response: {
          200: z.array(ticketResumenSchema),
          401: errorResponseSchema,
          403: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const { pagina, limite, offset } = resolvePage(request.query);
      const { estado, tipo, prioridad, q, atrasado } = request.query;
      const { items, total } = await listDeskTickets(
        app.db,
        { estado, tipo, prioridad, q, atrasado },
        { limit: limite, offset },
      );
      sendPageHeaders(request, reply, { pagina, limite, total });
      return items;
    },
  );

  app.get(
    '/soporte/resumen',
    {
      onRequest: app.requireStaff,
      schema: {
        tags,
        security: staffOnly,
        description: 'Para el tablero del mesón (ADMIN o VENDOR): tickets por estado y atrasados.',
        response: { 200: soporteResumenSchema, 401: errorResponseSchema, 403: errorResponseSchema },
      },
    },
    async () => deskSummary(app.db),
  );

  app.get(
    '/soporte/seguimiento',
    {
      config: lookupLimit,
      schema: {
        tags,
        description: `Lo que ve el cliente con el enlace privado de su correo más reciente (\`/soporte/seguimiento#<token>\`; la página envía el token en la cabecera \`${TICKET_ACCESS_HEADER}\`, nunca en la dirección): estado, historial con las notas para él y la cotización vigente. Nunca notas internas, nombres del personal ni datos de contacto. Un token desconocido, reemplazado por el de un correo más nuevo, o de una solicitud cerrada hace más de ${linkDaysAfterClose} días responde 404.`,
        headers: soporteAccesoHeadersSchema,
        response: { 200: ticketPublicoSchema, 404: errorResponseSchema },
      },
    },
    async (request) => {
      const id = await ticketIdOf(request.headers[TICKET_ACCESS_HEADER]);
      const row = id === null ? null : await findTicketRow(app.db, id);
      if (!row) throw notFound(TICKET_MESSAGES.trackingNotFound);
      return loadPublicTicket(app.db, row);
    },
  );

  app.post(
    '/soporte/seguimiento/cotizacion',
    {
      config: lookupLimit,
      schema: {
        tags,
        description: `El cliente acepta (reserva los repuestos) o rechaza la cotización pendiente, con el token del enlace en la cabecera \`${TICKET_ACCESS_HEADER}\`. Aceptar dos veces responde 200 y no cambia nada. Su respuesta no cambia el enlace.`,
        headers: soporteAccesoHeadersSchema,
        body: respuestaCotizacionInputSchema,
        response: { 200: respuestaCotizacionSchema, ...customerErrors },
      },
    },
    async (request) => {
      const id = await ticketIdOf(request.headers[TICKET_ACCESS_HEADER]);
      const { decision, motivo } = request.body;
      const outcome =
        id === null ? null : await answerAsCustomer(app.db, record, id, decision, motivo ?? null);
      if (!outcome) throw notFound(TICKET_MESSAGES.trackingNotFound);
      return answered(decision, committed(outcome));
    },
  );

  app.get(
    '/soporte/:id',
    {
      onRequest: app.requireStaff,
      schema: {
        tags,
        security: staffOnly,
        description:
          'El ticket completo para el mesón (ADMIN o VENDOR): historial con notas internas y cotizaciones.',
        params: idParams,
        response: { 200: ticketSchema, ...deskErrors },
      },
    },
    async (request) => {
      const ticket = await findTicket(app.db, request.params.id);
      if (!ticket) throw notFound(TICKET_MESSAGES.notFound);
      return ticket;
    },
  );

  app.post(
    '/soporte/:id/estado',
    {
      onRequest: app.requireStaff,
      schema: {
        tags,
        security: staffOnly,
        description:
          'Mueve el ticket según sus transiciones (409 si no se permite; COTIZADA se alcanza enviando una cotización). APROBADA o RECHAZADA registran la respuesta del cliente dada por teléfono. Cancelar un ticket aprobado devuelve los repuestos al stock. El cliente recibe un correo con la nota para él; la nota interna no sale del mesón.',
        params: idParams,
        body: cambioEstadoTicketInputSchema,
        response: { 200: ticketSchema, ...deskErrors, 409: errorResponseSchema },
      },
    },
    async (request) => {
      const { estado, nota, notaInterna } = request.body;
      const outcome = await changeState(
        app.db,
        record,
        request.params.id,
        { estado, nota: nota ?? null, notaInterna: notaInterna ?? null },
        { kind: 'staff', user: request.user! },
      );
      if (!outcome) throw notFound(TICKET_MESSAGES.notFound);
      return committed(outcome);
    },
  );

  app.post(
    '/soporte/:id/notas',
    {
      onRequest: app.requireStaff,
      schema: {
        tags,
        security: staffOnly,
        description: 'Una nota interna: solo la ve el mesón, nunca el cliente.',
        params: idParams,
        body: notaInternaInputSchema,
        response: { 201: ticketSchema, ...deskErrors },
      },
    },
    async (request, reply) => {
      const ticket = await addInternalNote(app.db, request.params.id, request.body.nota, {
        kind: 'staff',
        user: request.user!,
      });
      if (!ticket) throw notFound(TICKET_MESSAGES.notFound);
      return reply.status(201).send(ticket);
    },
  );

  app.post(
    '/soporte/:id/cotizacion',
    {
      onRequest: app.requireStaff,
      schema: {
        tags,
        security: staffOnly,
        description:
          'Envía una cotización (solo reparaciones en diagnóstico, cotizadas o rechazadas): los repuestos al precio y nombre del catálogo de ahora, la mano de obra al precio indicado, total con IVA incluido. Reemplaza la anterior pendiente o rechazada; el ticket queda COTIZADA y el cliente recibe el detalle por correo.',
        params: idParams,
        body: cotizacionTicketInputSchema,
        response: { 201: ticketSchema, ...deskErrors, 409: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const outcome = await sendQuote(app.db, record, request.params.id, request.body, {
        kind: 'staff',
        user: request.user!,
      });
      if (!outcome) throw notFound(TICKET_MESSAGES.notFound);
      return reply.status(201).send(committed(outcome));
    },
  );

  app.get(
    '/cuenta/soporte',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security: loggedIn,
        description:
          'Las solicitudes de soporte del cliente con sesión, de la más nueva a la más antigua.',
        response: { 200: z.array(ticketClienteSchema), 401: errorResponseSchema },
      },
    },
    async (request) => customerTickets(app.db, request.user!.id),
  );

  /** The user's own ticket by its number, or null (another's answers like a missing one). */
  const ownTicketId = async (numero: string, usuarioId: number) => {
    const id = ticketIdFromNumber(numero);
    if (id === null || id > MAX_ID) return null;
    const row = await findTicketRow(app.db, id);
    return row && row.usuarioId === usuarioId ? row : null;
  };

  app.get(
    '/cuenta/soporte/:numero',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security: loggedIn,
        description: 'Una solicitud propia, como la ve el cliente. La de otro responde 404.',
        params: numeroParams,
        response: { 200: ticketPublicoSchema, 401: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request) => {
      const row = await ownTicketId(request.params.numero, request.user!.id);
      if (!row) throw notFound(TICKET_MESSAGES.notFound);
      return loadPublicTicket(app.db, row);
    },
  );

  app.post(
    '/cuenta/soporte/:numero/cotizacion',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security: loggedIn,
        description: 'Como la ruta del enlace de seguimiento, para una solicitud propia.',
        params: numeroParams,
        body: respuestaCotizacionInputSchema,
        response: { 200: respuestaCotizacionSchema, 401: errorResponseSchema, ...customerErrors },
      },
    },
    async (request) => {
      const row = await ownTicketId(request.params.numero, request.user!.id);
      const { decision, motivo } = request.body;
      const outcome =
        row && (await answerAsCustomer(app.db, record, row.id, decision, motivo ?? null));
      if (!outcome) throw notFound(TICKET_MESSAGES.notFound);
      return answered(decision, committed(outcome));
    },
  );
};

const answered = <T>(decision: 'ACEPTAR' | 'RECHAZAR', ticket: T) => ({
  message: decision === 'ACEPTAR' ? TICKET_MESSAGES.quoteAccepted : TICKET_MESSAGES.quoteRejected,
  ticket,
});

export default supportRoutes;
