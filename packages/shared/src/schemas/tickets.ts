import { z } from 'zod';
import { EQUIPOS, PRIORIDADES, SERVICIOS } from '../enums';
import { ESTADOS_TICKET, TIPOS_TICKET } from '../repairs';
import { ignoreInvalid, pagingQueryShape } from './paging';
import { solicitudSoporteSchema } from './records';
import { MAX_MESSAGE, optionalText, requiredText } from './fields';
import { isoDateField } from './support';

// The repair desk (decision 023): a support request is a ticket with a number, a state, a history
// and quotes. The desk (ADMIN, VENDOR) works it under /soporte/{id}; the customer follows it by the
// private link (/soporte/seguimiento#{token}, the token sent to the API in the `soporte-acceso`
// header), or from /cuenta when logged in.

export const TICKET_NOTE_MAX = 1000;
export const QUOTE_DIAGNOSIS_MIN = 10;
export const QUOTE_DIAGNOSIS_MAX = 2000;
export const QUOTE_LINES_MAX = 30;
export const QUOTE_LINE_QTY_MAX = 10;
export const QUOTE_PRICE_MAX = 10_000_000;
export const QUOTE_REASON_MAX = 500;

export const TICKET_MESSAGES = {
  notFound: 'Solicitud no encontrada.',
  trackingNotFound:
    'Este enlace no abre ninguna solicitud: cada correo trae un enlace nuevo que reemplaza al anterior, y vencen un tiempo después de cerrada la solicitud. Usa el enlace de nuestro correo más reciente.',
  tooManyRequests: (max: number) =>
    `Ya recibimos ${max} solicitudes de este correo en la última hora. Espera un momento antes de enviar otra.`,
  estado: 'Elige un estado válido.',
  nota: `La nota debe tener entre 1 y ${TICKET_NOTE_MAX} caracteres.`,
  diagnostico: `El diagnóstico debe tener entre ${QUOTE_DIAGNOSIS_MIN} y ${QUOTE_DIAGNOSIS_MAX} caracteres.`,
  lineas: `La cotización necesita entre 1 y ${QUOTE_LINES_MAX} líneas.`,
  servicio: 'Elige un servicio.',
  producto: 'Elige un producto del catálogo.',
  cantidad: `La cantidad debe estar entre 1 y ${QUOTE_LINE_QTY_MAX}.`,
  precio: 'El precio debe ser un número entero de pesos, 0 o más.',
  validaHasta: 'Indica hasta cuándo vale la cotización.',
  validUntilPast: 'La cotización debe valer al menos hasta hoy.',
  decision: 'Elige aceptar o rechazar la cotización.',
  noPendingQuote: 'Esta solicitud no tiene una cotización pendiente.',
  quoteExpired: 'Esta cotización ya venció. Escríbenos y te enviamos una nueva.',
  quoteAlreadyRejected: 'Esta cotización ya fue rechazada.',
  quoteAlreadyAccepted: 'Esta cotización ya fue aceptada.',
  quoteAccepted: 'Cotización aceptada. Comenzaremos la reparación y te avisaremos por correo.',
  quoteRejected: 'Cotización rechazada. Te avisaremos cuando tu equipo esté listo para retiro.',
  outOfStock: (nombre: string) =>
    `No hay stock suficiente de ${nombre} para esta cotización. Te contactaremos con una alternativa.`,
  productUnavailable: 'Uno de los productos ya no está disponible.',
  notQuotableState: 'Solo se cotiza una solicitud en diagnóstico, cotizada o rechazada.',
  repairsOnly: 'Las solicitudes de garantía no se cotizan.',
} as const;
const m = TICKET_MESSAGES;

const noteField = optionalText(TICKET_NOTE_MAX);

/** One line of a quote as the desk writes it: labour (a service) or a part from the catalogue. */
export const lineaCotizacionInputSchema = z.discriminatedUnion(
  'tipo',
  [
    z.object({
      tipo: z.literal('SERVICIO'),
      servicio: z.enum(SERVICIOS, { error: m.servicio }),
      /** Shown instead of the service's name when given (e.g. 'Cambio de pasta térmica'). */
      descripcion: optionalText(200),
      /** IVA included; the form suggests SUGGESTED_SERVICE_PRICES. */
      precioUnitario: z
        .number({ error: m.precio })
        .int({ error: m.precio })
        .min(0, { error: m.precio })
        .max(QUOTE_PRICE_MAX, { error: m.precio }),
      cantidad: z
        .number({ error: m.cantidad })
        .int({ error: m.cantidad })
        .min(1, { error: m.cantidad })
        .max(QUOTE_LINE_QTY_MAX, { error: m.cantidad }),
    }),
    z.object({
      tipo: z.literal('REPUESTO'),
      /** The catalogue's price at the time of the quote is used (the server reads it). */
      productoId: z
        .number({ error: m.producto })
        .int({ error: m.producto })
        .positive({ error: m.producto }),
      cantidad: z
        .number({ error: m.cantidad })
        .int({ error: m.cantidad })
        .min(1, { error: m.cantidad })
        .max(QUOTE_LINE_QTY_MAX, { error: m.cantidad }),
    }),
  ],
  { error: m.lineas },
);
export type LineaCotizacionInput = z.input<typeof lineaCotizacionInputSchema>;

/** `POST /soporte/{id}/cotizacion`: the ticket becomes COTIZADA and the customer is e-mailed. */
export const cotizacionTicketInputSchema = z.object({
  diagnostico: requiredText(m.diagnostico, { min: QUOTE_DIAGNOSIS_MIN, max: QUOTE_DIAGNOSIS_MAX }),
  lineas: z
    .array(lineaCotizacionInputSchema, { error: m.lineas })
    .min(1, { error: m.lineas })
    .max(QUOTE_LINES_MAX, { error: m.lineas }),
  /** The last day (Chile's calendar) the customer may accept it; today or later. */
  validaHasta: isoDateField(m.validaHasta),
  /** An optional note to the customer, kept in the history. */
  nota: noteField,
});
export type CotizacionTicketInput = z.input<typeof cotizacionTicketInputSchema>;

export const ESTADOS_COTIZACION = ['PENDIENTE', 'ACEPTADA', 'RECHAZADA', 'REEMPLAZADA'] as const;
export type EstadoCotizacion = (typeof ESTADOS_COTIZACION)[number];

export const lineaCotizacionSchema = z.object({
  tipo: z.enum(['SERVICIO', 'REPUESTO']),
  servicio: z.enum(SERVICIOS).nullable(),
  productoId: z.number().int().nullable(),
  /** The service's name (or the desk's wording) or the product's name at the time of the quote. */
  descripcion: z.string(),
  cantidad: z.number().int(),
  precioUnitario: z.number().int(),
  subtotal: z.number().int(),
});
export type LineaCotizacion = z.infer<typeof lineaCotizacionSchema>;

export const cotizacionTicketSchema = z.object({
  id: z.number().int(),
  diagnostico: z.string(),
  lineas: z.array(lineaCotizacionSchema),
  /** IVA included. */
  total: z.number().int(),
  /** The IVA inside the total. */
  iva: z.number().int(),
  validaHasta: z.string(),
  estado: z.enum(ESTADOS_COTIZACION),
  /** PENDIENTE past validaHasta: it can no longer be accepted. */
  vencida: z.boolean(),
  fechaCreacion: z.string(),
  fechaRespuesta: z.string().nullable(),
  /** The customer's reason when rejecting, if they gave one. */
  motivoRechazo: z.string().nullable(),
});
export type CotizacionTicket = z.infer<typeof cotizacionTicketSchema>;

/** One step of the history as the customer reads it (no internal notes, no staff names). */
export const pasoPublicoSchema = z.object({
  estado: z.enum(ESTADOS_TICKET),
  fecha: z.string(),
  nota: z.string().nullable(),
});
export type PasoPublico = z.infer<typeof pasoPublicoSchema>;

/** `GET /soporte/seguimiento/{token}`: what the customer's private link shows. */
export const ticketPublicoSchema = z.object({
  numero: z.string(),
  tipo: z.enum(TIPOS_TICKET),
  estado: z.enum(ESTADOS_TICKET),
  equipo: z.enum(EQUIPOS),
  /** The first name, for the greeting. */
  nombre: z.string(),
  serviciosRequeridos: z.array(z.string()),
  fechaCreacion: z.string(),
  historial: z.array(pasoPublicoSchema),
  /** The latest quote that is not replaced, or null. */
  cotizacion: cotizacionTicketSchema.nullable(),
});
export type TicketPublico = z.infer<typeof ticketPublicoSchema>;

/** One entry of the history as the desk reads it. */
export const pasoTicketSchema = z.object({
  id: z.number().int(),
  estadoAnterior: z.enum(ESTADOS_TICKET).nullable(),
  /** Null for an internal note that changed nothing. */
  estado: z.enum(ESTADOS_TICKET).nullable(),
  fecha: z.string(),
  notaCliente: z.string().nullable(),
  notaInterna: z.string().nullable(),
  /** Who did it: a staff member's name, 'Cliente' (the tracking link) or 'Sistema'. */
  autor: z.string(),
});
export type PasoTicket = z.infer<typeof pasoTicketSchema>;

/** A row of `GET /soporte`: the spec's request plus the ticket's number, kind and state. */
export const ticketResumenSchema = solicitudSoporteSchema.extend({
  numero: z.string(),
  tipo: z.enum(TIPOS_TICKET),
  estado: z.enum(ESTADOS_TICKET),
  comprobante: z.string().nullable(),
  fechaCompra: z.string().nullable(),
  fechaActualizacion: z.string(),
  /** Waiting for its diagnosis past the promised 48 business hours. */
  atrasado: z.boolean(),
});
export type TicketResumen = z.infer<typeof ticketResumenSchema>;

/** `GET /soporte/{id}`: the whole ticket for the desk. */
export const ticketSchema = ticketResumenSchema.extend({
  usuarioId: z.number().int().nullable(),
  historial: z.array(pasoTicketSchema),
  /** Newest first; the first one not REEMPLAZADA is the current one. */
  cotizaciones: z.array(cotizacionTicketSchema),
  /** The moves the desk may make now with POST /soporte/{id}/estado. */
  siguientesEstados: z.array(z.enum(ESTADOS_TICKET)),
});
export type Ticket = z.infer<typeof ticketSchema>;

/** `POST /soporte` answers the stored request with its ticket number and private link. */
export const soporteCreadoSchema = solicitudSoporteSchema.extend({
  message: z.string(),
  numero: z.string(),
  tipo: z.enum(TIPOS_TICKET),
  estado: z.enum(ESTADOS_TICKET),
  /**
   * `${PUBLIC_URL}/soporte/seguimiento#{token}`: shown once and e-mailed; only its hash is stored.
   * The token rides in the fragment, which the browser never sends, so no server log holds it.
   */
  seguimientoUrl: z.string(),
});
export type SoporteCreado = z.infer<typeof soporteCreadoSchema>;

/** The header that carries a tracking link's token to GET /soporte/seguimiento. */
export const TICKET_ACCESS_HEADER = 'soporte-acceso';

/** The tracking routes read the token from the header; a missing one opens nothing (404). */
export const soporteAccesoHeadersSchema = z.looseObject({
  [TICKET_ACCESS_HEADER]: z.string().trim().max(200).optional().catch(undefined),
});

/** The path of a tracking link inside the shop: the token in the fragment, never in the path. */
export const ticketTrackingPath = (token: string) => `/soporte/seguimiento#${token}`;

/** `POST /soporte/{id}/estado`. */
export const cambioEstadoTicketInputSchema = z.object({
  estado: z.enum(ESTADOS_TICKET, { error: m.estado }),
  /** Shown to the customer (page and e-mail). */
  nota: noteField,
  /** Seen by the desk only. */
  notaInterna: noteField,
});
export type CambioEstadoTicketInput = z.input<typeof cambioEstadoTicketInputSchema>;

/** `POST /soporte/{id}/notas`: an internal note, seen by the desk only. */
export const notaInternaInputSchema = z.object({
  nota: requiredText(m.nota, { max: TICKET_NOTE_MAX }),
});

/** `POST /soporte/seguimiento/{token}/cotizacion` (and the same under /cuenta/soporte/{numero}). */
export const respuestaCotizacionInputSchema = z.object({
  decision: z.enum(['ACEPTAR', 'RECHAZAR'], { error: m.decision }),
  motivo: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
    z
      .string()
      .trim()
      .max(QUOTE_REASON_MAX, { error: MAX_MESSAGE(QUOTE_REASON_MAX) })
      .nullish(),
  ),
});
export type RespuestaCotizacionInput = z.input<typeof respuestaCotizacionInputSchema>;

/** Answer to a decision: the message to show and the ticket as the customer now sees it. */
export const respuestaCotizacionSchema = z.object({
  message: z.string(),
  ticket: ticketPublicoSchema,
});

/** `GET /soporte`: the spec's list, with the desk's filters (a wrong value is ignored). */
export const soporteListaQuerySchema = z.object({
  ...pagingQueryShape(),
  estado: ignoreInvalid(z.enum(ESTADOS_TICKET)),
  tipo: ignoreInvalid(z.enum(TIPOS_TICKET)),
  prioridad: ignoreInvalid(z.enum(PRIORIDADES)),
  /** Number (ST-000123), name, e-mail, phone or words of the problem. */
  q: ignoreInvalid(z.string().trim().min(1).max(100)),
  atrasado: ignoreInvalid(z.enum(['true', 'false']).transform((v) => v === 'true')),
});
export type SoporteListaQuery = z.input<typeof soporteListaQuerySchema>;

/** `GET /soporte/resumen`: the board's counts. */
export const soporteResumenSchema = z.object({
  total: z.number().int(),
  atrasados: z.number().int(),
  porEstado: z.record(z.enum(ESTADOS_TICKET), z.number().int()),
});
export type SoporteResumen = z.infer<typeof soporteResumenSchema>;

/** A row of `GET /cuenta/soporte`: the logged-in customer's own tickets. */
export const ticketClienteSchema = z.object({
  numero: z.string(),
  tipo: z.enum(TIPOS_TICKET),
  estado: z.enum(ESTADOS_TICKET),
  equipo: z.enum(EQUIPOS),
  fechaCreacion: z.string(),
  fechaActualizacion: z.string(),
  /** A quote waiting for the customer's answer. */
  cotizacionPendiente: z.boolean(),
});
export type TicketCliente = z.infer<typeof ticketClienteSchema>;
