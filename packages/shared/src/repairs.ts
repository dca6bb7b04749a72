/**
 * The repair desk's vocabulary and rules, free of zod so the browser and the API share them:
 * ticket kinds, states and the moves between them, the suggested price of each service, the ticket
 * number, and the business-hours clock behind the diagnosis promise (SPEC: 24 to 48 business hours).
 */
import { SERVICIOS, type Servicio } from './enums';

export const TIPOS_TICKET = ['REPARACION', 'GARANTIA'] as const;
export type TipoTicket = (typeof TIPOS_TICKET)[number];
export const TIPO_TICKET_LABELS: Record<TipoTicket, string> = {
  REPARACION: 'Reparación o mantención',
  GARANTIA: 'Garantía',
};

export const ESTADOS_TICKET = [
  'RECIBIDA',
  'EN_DIAGNOSTICO',
  'COTIZADA',
  'APROBADA',
  'RECHAZADA',
  'EN_REPARACION',
  'LISTA_PARA_RETIRO',
  'ENTREGADA',
  'CANCELADA',
  'EN_FABRICANTE',
  'RESUELTO',
] as const;
export type EstadoTicket = (typeof ESTADOS_TICKET)[number];
export const ESTADO_TICKET_LABELS: Record<EstadoTicket, string> = {
  RECIBIDA: 'Recibida',
  EN_DIAGNOSTICO: 'En diagnóstico',
  COTIZADA: 'Cotizada',
  APROBADA: 'Aprobada',
  RECHAZADA: 'Rechazada',
  EN_REPARACION: 'En reparación',
  LISTA_PARA_RETIRO: 'Lista para retiro',
  ENTREGADA: 'Entregada',
  CANCELADA: 'Cancelada',
  EN_FABRICANTE: 'En fabricante',
  RESUELTO: 'Resuelto',
};

/** The states a kind of ticket goes through, in the order the desk's board shows them. */
export const TICKET_STATES_BY_KIND: Record<TipoTicket, readonly EstadoTicket[]> = {
  REPARACION: [
    'RECIBIDA',
    'EN_DIAGNOSTICO',
    'COTIZADA',
    'APROBADA',
    'RECHAZADA',
    'EN_REPARACION',
    'LISTA_PARA_RETIRO',
    'ENTREGADA',
    'CANCELADA',
  ],
  GARANTIA: ['RECIBIDA', 'EN_DIAGNOSTICO', 'EN_FABRICANTE', 'RESUELTO', 'CANCELADA'],
};

/**
 * Every move a ticket may make. COTIZADA is reached only by sending a quote (which may also replace
 * a pending or rejected one); APROBADA and RECHAZADA are the answer to a pending quote, given by the
 * customer through the tracking link or by the desk on the customer's behalf (a phone call). A
 * rejected repair goes back to the customer (LISTA_PARA_RETIRO) or gets a new quote. CANCELADA is
 * possible from any state before the repair starts; a warranty claim may be withdrawn before it
 * goes to the manufacturer, or resolved by the shop itself after the diagnosis.
 */
export const TRANSICIONES_TICKET: Record<
  TipoTicket,
  Partial<Record<EstadoTicket, readonly EstadoTicket[]>>
> = {
  REPARACION: {
    RECIBIDA: ['EN_DIAGNOSTICO', 'CANCELADA'],
    EN_DIAGNOSTICO: ['COTIZADA', 'CANCELADA'],
    COTIZADA: ['COTIZADA', 'APROBADA', 'RECHAZADA', 'CANCELADA'],
    APROBADA: ['EN_REPARACION', 'CANCELADA'],
    RECHAZADA: ['COTIZADA', 'LISTA_PARA_RETIRO', 'CANCELADA'],
    EN_REPARACION: ['LISTA_PARA_RETIRO'],
    LISTA_PARA_RETIRO: ['ENTREGADA'],
  },
  GARANTIA: {
    RECIBIDA: ['EN_DIAGNOSTICO', 'CANCELADA'],
    EN_DIAGNOSTICO: ['EN_FABRICANTE', 'RESUELTO', 'CANCELADA'],
    EN_FABRICANTE: ['RESUELTO'],
  },
};

/** The states a ticket ends in: nothing moves out of them. */
export const FINAL_TICKET_STATES: readonly EstadoTicket[] = ['ENTREGADA', 'CANCELADA', 'RESUELTO'];

/** The moves the desk makes with `POST /soporte/{id}/estado` (COTIZADA needs a quote instead). */
export function nextTicketStates(tipo: TipoTicket, estado: EstadoTicket): readonly EstadoTicket[] {
  return TRANSICIONES_TICKET[tipo][estado] ?? [];
}

export function canMoveTicket(tipo: TipoTicket, desde: EstadoTicket, hacia: EstadoTicket): boolean {
  return nextTicketStates(tipo, desde).includes(hacia);
}

/** The message of a refused move (409). */
export const invalidTicketMoveMessage = (desde: EstadoTicket, hacia: EstadoTicket) =>
  `Una solicitud ${ESTADO_TICKET_LABELS[desde].toLowerCase()} no puede pasar a ${ESTADO_TICKET_LABELS[hacia].toLowerCase()}.`;

/** What the desk suggests for each service, IVA included, in CLP; the quote may change it. */
export const SUGGESTED_SERVICE_PRICES: Record<Servicio, number> = {
  Diagnóstico: 15000,
  'Mantención preventiva': 25000,
  'Instalación/Upgrade': 20000,
  'Respaldo de datos': 18000,
  'Formateo/OS limpio': 22000,
};
export const SERVICIOS_SOPORTE: readonly Servicio[] = SERVICIOS;

/** ST-000123: the number the customer and the desk speak of (the id, six digits at least). */
export function formatTicketNumber(id: number): string {
  return `ST-${String(id).padStart(6, '0')}`;
}

/** The id behind `ST-000123` (or a bare `123`), or null for anything else. */
export function ticketIdFromNumber(raw: string): number | null {
  const match = /^(?:ST-?)?(\d{1,12})$/i.exec(raw.trim());
  if (!match) return null;
  const id = Number(match[1]);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** The diagnosis promise (SPEC: 24 to 48 business hours): past it, the desk's board flags the ticket. */
export const DIAGNOSIS_BUSINESS_HOURS = 48;
/** Until the diagnosis is done (the quote is sent, or a warranty claim leaves EN_DIAGNOSTICO). */
export const AWAITING_DIAGNOSIS_STATES: readonly EstadoTicket[] = ['RECIBIDA', 'EN_DIAGNOSTICO'];

const SHOP_TIME_ZONE = 'America/Santiago';
// Built on first use: a formatter with a time zone costs a page that never counts hours (the
// support form imports this module) tens of milliseconds of a phone's main thread.
let weekdayFormat: Intl.DateTimeFormat | undefined;
const HOUR_MS = 3_600_000;

/** Whether the hour from `t`, a whole UTC hour, is on a business day (Monday to Friday) in Chile. */
function isBusinessHour(t: number): boolean {
  weekdayFormat ??= new Intl.DateTimeFormat('en-US', {
    timeZone: SHOP_TIME_ZONE,
    weekday: 'short',
  });
  const day = weekdayFormat.format(new Date(t));
  return day !== 'Sat' && day !== 'Sun';
}

/** Chile's offset is a whole number of hours: its days begin on a whole UTC hour. */
const hourStart = (t: number) => t - (((t % HOUR_MS) + HOUR_MS) % HOUR_MS);

/**
 * Hours between two instants that fall on a business day (Monday to Friday in Chile): a request
 * sent on Friday evening has used few of its 48 hours by Monday morning. Holidays are not known
 * here and count as business days.
 */
export function businessHoursBetween(desde: Date, hasta: Date): number {
  const from = desde.getTime();
  const to = hasta.getTime();
  let ms = 0;
  for (let h = hourStart(from); h < to; h += HOUR_MS) {
    if (isBusinessHour(h)) ms += Math.min(h + HOUR_MS, to) - Math.max(h, from);
  }
  return ms / HOUR_MS;
}

/**
 * The instant before which a ticket received has waited more than the promised business hours at
 * `now`: received before it, a ticket still waiting for its diagnosis is overdue; at or after it,
 * it is not. One instant, so the desk's lists filter on it in SQL (`fecha_creacion < …`) and agree
 * with `isDiagnosisOverdue`.
 */
export function diagnosisOverdueBefore(now: Date = new Date()): Date {
  let left = DIAGNOSIS_BUSINESS_HOURS * HOUR_MS;
  let end = now.getTime();
  let cutoff: number;
  for (let h = hourStart(end); ; end = h, h -= HOUR_MS) {
    if (!isBusinessHour(h)) continue;
    if (end - h >= left) {
      cutoff = end - left;
      break;
    }
    left -= end - h;
  }
  // Received during the weekend just before it, a ticket has waited exactly the promise: not more.
  while (cutoff % HOUR_MS === 0 && !isBusinessHour(cutoff - HOUR_MS)) cutoff -= HOUR_MS;
  return new Date(cutoff);
}

/** Whether the diagnosis of a ticket in `estado`, received at `recibida`, is overdue at `ahora`. */
export function isDiagnosisOverdue(
  estado: EstadoTicket,
  recibida: Date,
  ahora: Date = new Date(),
): boolean {
  return (
    AWAITING_DIAGNOSIS_STATES.includes(estado) &&
    recibida.getTime() < diagnosisOverdueBefore(ahora).getTime()
  );
}
