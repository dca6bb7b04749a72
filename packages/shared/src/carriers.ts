import { z } from 'zod';
import { formatCLP } from './format';
import { regionField, comunaField } from './schemas/fields';
import { lineaPedidoInputSchema } from './schemas/orders';

/** Where a home delivery's price came from: a carrier's quote, or the región's table. */
export const ORIGENES_ENVIO = ['TRANSPORTISTA', 'TABLA'] as const;
export type OrigenEnvio = (typeof ORIGENES_ENVIO)[number];

export const CARRIER_MESSAGES = {
  fallback:
    'No pudimos cotizar con el transportista a tiempo: te ofrecemos la tarifa de despacho de tu región.',
  quoteExpired: 'La cotización del envío venció o cambió tu carrito. Vuelve a elegir el envío.',
  quoteRequired: 'Elige un servicio de envío.',
} as const;

/** POST /envios/opciones: the cart (what the parcel holds) and where it goes. */
export const opcionesEnvioRequestSchema = z.object({
  items: z.array(lineaPedidoInputSchema).min(1).max(100),
  region: regionField('Debes seleccionar una región.'),
  comuna: comunaField('Debes seleccionar una comuna.'),
});
export type OpcionesEnvioRequest = z.input<typeof opcionesEnvioRequestSchema>;

/** One way to deliver the cart, with the signed quote the checkout sends back to be charged. */
export const opcionEnvioSchema = z.object({
  /** Signed: the order charges this price only for this comuna and parcel, until it expires. */
  cotizacion: z.string(),
  origen: z.enum(ORIGENES_ENVIO),
  transportista: z.string().nullable(),
  servicio: z.string().nullable(),
  /** 'Chilexpress Día Hábil Siguiente', or 'Despacho a domicilio' for the table. */
  nombre: z.string(),
  precio: z.number(),
  /** YYYY-MM-DD (Chile) the carrier expects to deliver; null when it does not say. */
  llega: z.string().nullable(),
  /** 'Chilexpress Día Hábil Siguiente — $5.490 — llega el martes'. */
  texto: z.string(),
});
export type OpcionEnvio = z.infer<typeof opcionEnvioSchema>;

export const opcionesEnvioSchema = z.object({
  origen: z.enum(ORIGENES_ENVIO),
  opciones: z.array(opcionEnvioSchema),
  /** The box the carrier rated (docs/product.md#parcels). */
  bulto: z.object({
    pesoKg: z.number(),
    largoCm: z.number(),
    anchoCm: z.number(),
    altoCm: z.number(),
  }),
  /** The región's free-shipping threshold, which a carrier's price honours too. */
  envioGratisDesde: z.number().nullable(),
  /** Why the table is offered (the carrier did not answer); null otherwise. */
  mensaje: z.string().nullable(),
});
export type OpcionesEnvio = z.infer<typeof opcionesEnvioSchema>;

const WEEKDAYS = ['domingo', 'lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado'];
const MONTHS = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
];

/** Today's date on Chile's clock, YYYY-MM-DD. */
export function chileToday(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Santiago' }).format(now);
}

/** `days` business days (Monday to Friday; holidays not counted) after `from` (YYYY-MM-DD). */
export function addBusinessDays(from: string, days: number): string {
  const date = new Date(`${from}T12:00:00Z`);
  let left = days;
  while (left > 0) {
    date.setUTCDate(date.getUTCDate() + 1);
    const day = date.getUTCDay();
    if (day !== 0 && day !== 6) left--;
  }
  return date.toISOString().slice(0, 10);
}

/** 'llega el martes' within the week, 'llega el 12 de diciembre' beyond it. */
export function arrivalText(llega: string, today: string): string {
  const date = new Date(`${llega}T12:00:00Z`);
  const days = Math.round((date.getTime() - new Date(`${today}T12:00:00Z`).getTime()) / 86_400_000);
  if (days <= 0) return 'llega hoy';
  if (days === 1) return 'llega mañana';
  if (days < 7) return `llega el ${WEEKDAYS[date.getUTCDay()]}`;
  return `llega el ${date.getUTCDate()} de ${MONTHS[date.getUTCMonth()]}`;
}

/** The option as one line: name — price — arrival. */
export function opcionEnvioTexto(
  nombre: string,
  precio: number,
  llega: string | null,
  today: string,
) {
  return [nombre, formatCLP(precio), llega ? arrivalText(llega, today) : null]
    .filter(Boolean)
    .join(' — ');
}

export const SHIPMENT_MESSAGES = {
  pickup: 'Este pedido se retira en tienda: no lleva envío.',
  notPaid: 'Solo un pedido pagado se envía.',
  noCarrier: 'No hay transportista configurado (CARRIER_API_URL).',
  noLabel: 'Este pedido aún no tiene etiqueta.',
  creating:
    'El envío de este pedido se está creando en otra ventana. Vuelve a intentarlo en un momento.',
} as const;

/** A tracking event as the carrier told it. */
export const eventoEnvioSchema = z.object({
  fecha: z.string(),
  descripcion: z.string(),
  lugar: z.string().nullable(),
});

/** How an order travels: what was accepted at checkout and, once shipped, what tracking says. */
export const envioPedidoSchema = z.object({
  numero: z.string(),
  origen: z.enum(ORIGENES_ENVIO),
  transportista: z.string().nullable(),
  servicio: z.string().nullable(),
  precio: z.number(),
  /** YYYY-MM-DD the carrier expected when quoted. */
  llegaEstimada: z.string().nullable(),
  /** The carrier's transport order, once 'Crear envío' made it. */
  numeroOt: z.string().nullable(),
  seguimientoUrl: z.string().nullable(),
  /** Whether the label's PDF is kept (GET /pedidos/{numero}/etiqueta.pdf, ADMIN). */
  etiqueta: z.boolean(),
  estado: z.string().nullable(),
  eventos: z.array(eventoEnvioSchema),
  enviadoAt: z.string().nullable(),
  entregadoAt: z.string().nullable(),
  /** Shipped more than SHIPMENT_STUCK_DAYS ago and not delivered: the dashboard flags it. */
  atrasado: z.boolean(),
});
export type EnvioPedido = z.infer<typeof envioPedidoSchema>;

/** POST /envios/crear: several paid orders shipped at once from the orders list. */
export const crearEnviosRequestSchema = z.object({
  numeros: z
    .array(z.string().regex(/^NB-\d{6,}$/))
    .min(1)
    .max(50),
});
export const crearEnviosSchema = z.object({
  resultados: z.array(
    z.object({
      numero: z.string(),
      ok: z.boolean(),
      /** The shipment when it was made (or already existed); why not otherwise. */
      envio: envioPedidoSchema.nullable(),
      mensaje: z.string().nullable(),
    }),
  ),
});
