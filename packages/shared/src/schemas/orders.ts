import { z } from 'zod';
import { maxUnitsMessage } from '../cart';
import { formatCLP } from '../format';
import { COUPON_INVALID_MESSAGE, COUPON_KINDS } from '../coupons';
import { NAME_MAX, QTY_MAX, QTY_MIN } from '../constants';
import {
  ESTADOS_COBRO,
  ESTADOS_PEDIDO,
  METODOS_PAGO,
  PROBLEMAS_COTIZACION,
  TIPOS_REEMBOLSO,
} from '../orders';
import { METODOS_ENTREGA, SHIPPING_MESSAGES } from '../shipping';
import { TIPOS_DOCUMENTO } from '../tax-documents';
import { ADDRESS_MAX, REGISTER_MESSAGES } from './auth';
import { documentoSolicitadoSchema, empresaGuardadaSchema, tipoDocumentoField } from './documents';
import {
  comunaField,
  comunaInRegion,
  emailField,
  phoneField,
  regionField,
  requiredPhoneField,
  requiredText,
  runField,
} from './fields';
import { LIST_LIMIT_DEFAULT, LIST_LIMIT_MAX, pagingQueryShape } from './paging';
import { ofertaSchema } from './products';

// Checkout and orders: the quote, the order a shopper places (as a customer or as a guest), the
// order as the API answers it, and the admin's status change. Field rules and messages are the
// registration's wherever the same datum is asked.

/** Longest carrier name or tracking number an admin may record when shipping an order. */
export const TRACKING_TEXT_MAX = 60;

/** Distinct products one order may carry. */
export const ORDER_LINES_MAX = 50;
const INT_MAX = 2_147_483_647;

/** Whose unpaid guest orders a limit counts, as its message says it. */
const GUEST_SCOPE = {
  correo: 'Los pedidos sin pagar de un mismo correo',
  cliente: 'Los pedidos sin pagar hechos desde aquí',
} as const;

export const ORDER_MESSAGES = {
  nombre: 'El nombre es requerido.',
  emptyCart: 'Tu carrito está vacío.',
  tooManyLines: `Un pedido admite hasta ${ORDER_LINES_MAX} productos distintos.`,
  repeatedProduct: 'Cada producto debe aparecer una sola vez en el pedido.',
  producto: 'Producto inválido.',
  cantidad: `La cantidad debe ser un número entero entre ${QTY_MIN} y ${QTY_MAX}.`,
  cupon: COUPON_INVALID_MESSAGE,
  estado: 'Estado inválido.',
  notFound: 'Pedido no encontrado.',
  totalChanged:
    'El total de tu pedido cambió mientras lo revisabas. Revisa el resumen y confirma de nuevo.',
  keyReused: 'Esta solicitud ya se usó para otro pedido. Recarga la página e inténtalo de nuevo.',
  invalidKey: 'La cabecera Idempotency-Key no es válida.',
  accessEmail: 'Ingresa el correo con el que hiciste el pedido.',
  guestUnpaidEmail:
    'Ya tienes varios pedidos sin pagar con este correo. Paga alguno, o espera a que venza, antes de hacer otro.',
  guestUnpaidClient:
    'Hay varios pedidos sin pagar hechos desde aquí. Paga alguno, o espera a que venza, antes de hacer otro.',
  /** What the unpaid orders of one guest e-mail ('correo') or one client ('cliente') may hold. */
  guestUnpaidUnits: (max: number, scope: 'correo' | 'cliente') =>
    `${GUEST_SCOPE[scope]} pueden reservar hasta ${max} unidades en total. Reduce este pedido, paga alguno o espera a que venza.`,
  guestUnpaidTotal: (max: number, scope: 'correo' | 'cliente') =>
    `${GUEST_SCOPE[scope]} pueden sumar hasta ${formatCLP(max)}. Reduce este pedido, paga alguno o espera a que venza.`,
  linkSent:
    'Si ese correo es el del pedido, te enviamos un enlace para verlo. Revisa tu bandeja de entrada.',
  transportista: `El transportista admite hasta ${TRACKING_TEXT_MAX} caracteres.`,
  numeroSeguimiento: `El número de seguimiento admite hasta ${TRACKING_TEXT_MAX} caracteres: letras, números, espacios, puntos, guiones o barras.`,
  trackingOnlyShipped:
    'El transportista y el número de seguimiento se registran al marcar el pedido como enviado.',
} as const;

const m = ORDER_MESSAGES;

const r = REGISTER_MESSAGES;

const productoIdField = z
  .number({ error: m.producto })
  .int({ error: m.producto })
  .min(1, { error: m.producto })
  .max(INT_MAX, { error: m.producto });

/** A cart line as the shopper sends it. `precio` is what the cart showed: compared, never charged. */
export const lineaPedidoInputSchema = z.object({
  productoId: productoIdField,
  qty: z
    .number({ error: m.cantidad })
    .int({ error: m.cantidad })
    .min(QTY_MIN, { error: m.cantidad })
    .max(QTY_MAX, { error: maxUnitsMessage(QTY_MAX) }),
  precio: z.number().min(0).max(1e12).optional(),
});
export type LineaPedidoInput = z.input<typeof lineaPedidoInputSchema>;

const itemsField = z
  .array(lineaPedidoInputSchema, { error: m.emptyCart })
  .min(1, { error: m.emptyCart })
  .max(ORDER_LINES_MAX, { error: m.tooManyLines })
  .refine((items) => new Set(items.map((i) => i.productoId)).size === items.length, {
    error: m.repeatedProduct,
  });

/** Empty means no coupon; whether the code exists is the server's call (an unknown one is a 400). */
const cuponField = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
  z.string({ error: m.cupon }).trim().max(40, { error: m.cupon }).nullish(),
);

const entregaField = z
  .enum(METODOS_ENTREGA, { error: SHIPPING_MESSAGES.entrega })
  .default('DESPACHO');

/** Empty text means "not given": a pickup form sends its hidden address fields empty. */
const blankToUndefined = (v: unknown) =>
  v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v;

export const cotizacionRequestSchema = z.object({
  items: itemsField,
  cupon: cuponField,
  /** How the order would be delivered; RETIRO is free (and refused while pickup is off). */
  entrega: entregaField,
  /** The buyer's región, when known: its fee and threshold; without it, the spec's values. */
  region: z.preprocess(blankToUndefined, regionField(r.region).optional()),
  /** With TRANSFERENCIA the quote carries the transfer discount (`descuentoPago`). */
  metodoPago: z.enum(METODOS_PAGO, { error: 'Método de pago inválido.' }).optional(),
  /** With FACTURA the quote carries the total's neto apart (its IVA is always there). */
  documento: tipoDocumentoField.optional(),
  /** The signed shipping option chosen (POST /envios/opciones): its price is the shipping. */
  envioCotizado: z.string().max(2000).optional(),
});
export type CotizacionRequest = z.input<typeof cotizacionRequestSchema>;

const money = z.number();

/** The coupon the server accepted, with what the cart needs to redo the arithmetic. */
export const cuponAplicadoSchema = z.object({
  codigo: z.string(),
  label: z.string(),
  tipo: z.enum(COUPON_KINDS),
  valor: z.number(),
});
export type CuponAplicado = z.infer<typeof cuponAplicadoSchema>;

/** The shipping rule the quote used: the región's, the spec's, or pickup's (0, never a threshold). */
export const reglaEnvioSchema = z.object({
  precio: z.number(),
  envioGratisDesde: z.number().nullable(),
});

export const lineaCotizadaSchema = z.object({
  productoId: z.number().int(),
  nombre: z.string(),
  imagen: z.string().nullable(),
  /** The price charged now (the offer's while it runs). */
  precio: money,
  /** While an offer runs: the normal price it replaces, and the offer (decision 035). */
  precioNormal: money.nullable().optional(),
  oferta: ofertaSchema.nullable().optional(),
  qty: z.number().int(),
  stock: z.number().int(),
  /** Active and with stock for the whole quantity. */
  disponible: z.boolean(),
  subtotal: money,
});
export type LineaCotizada = z.infer<typeof lineaCotizadaSchema>;

export const problemaCotizacionSchema = z.object({
  productoId: z.number().int(),
  tipo: z.enum(PROBLEMAS_COTIZACION),
  mensaje: z.string(),
  precioAnterior: money.nullable(),
  precioActual: money.nullable(),
  /** Units on sale now (0 for an inactive or unknown product). */
  disponible: z.number().int(),
});
export type ProblemaCotizacionItem = z.infer<typeof problemaCotizacionSchema>;

/** The server's answer to "what would this cart cost now": every number from the database. */
export const cotizacionSchema = z.object({
  lineas: z.array(lineaCotizadaSchema),
  problemas: z.array(problemaCotizacionSchema),
  cupon: cuponAplicadoSchema.nullable(),
  cuponInvalido: z.boolean(),
  /** Why the code was refused ('Cupón inválido.', expired, minimum, limits); null if it was not. */
  cuponMensaje: z.string().nullable(),
  entrega: z.enum(METODOS_ENTREGA),
  reglaEnvio: reglaEnvioSchema,
  subtotal: money,
  descuento: money,
  /** The payment method's discount (transfer), after the coupon and before shipping; 0 if none. */
  descuentoPago: money,
  envio: money,
  total: money,
  iva: money,
  /** The document the quote was asked for (BOLETA unless the request said FACTURA). */
  documento: z.enum(TIPOS_DOCUMENTO),
  /** A factura's neto (total − IVA, ivaBreakdown); null for a boleta, whose prices include IVA. */
  neto: money.nullable(),
});
export type Cotizacion = z.infer<typeof cotizacionSchema>;

/** A phone the courier can call: required for guests, stored in the registration's format. */
const guestPhoneField = requiredPhoneField(r.telefono);

/** Where to deliver: required for DESPACHO, not asked for RETIRO (the store's address is used). */
const entregaFields = {
  entrega: entregaField,
  region: z.preprocess(blankToUndefined, regionField(r.region).optional()),
  comuna: z.preprocess(blankToUndefined, comunaField(r.comuna).optional()),
  direccion: z.preprocess(
    blankToUndefined,
    requiredText(r.direccion, { min: 3, max: ADDRESS_MAX }).optional(),
  ),
};

/** A home delivery needs its región, comuna and address; checked even when other fields fail. */
function addressForDelivery<T extends z.ZodType>(schema: T) {
  const required = { region: r.region, comuna: r.comuna, direccion: r.direccion };
  let checked: z.ZodType = schema;
  for (const [key, message] of Object.entries(required)) {
    checked = checked.refine(
      (value) => {
        // Not an object at all: the object check already said so (this check runs regardless).
        if (typeof value !== 'object' || value === null) return true;
        const v = value as Record<string, unknown>;
        if (v.entrega === 'RETIRO') return true;
        const given = v[key];
        return typeof given === 'string' && given.trim() !== '';
      },
      // `when`: without it zod skips the check as soon as another field fails, and the form
      // would show the address messages only after fixing the rest.
      { path: [key], message, when: () => true },
    );
  }
  return comunaInRegion(checked as T, r.comuna);
}

/** The checkout form of a logged-in customer: where to deliver, and a phone if the account lacks one. */
export const datosClienteSchema = addressForDelivery(
  z.object({ ...entregaFields, telefono: phoneField(r.telefono) }),
);
export type DatosClienteInput = z.input<typeof datosClienteSchema>;

function guestFields(domains: readonly string[]) {
  return {
    nombre: requiredText(m.nombre, { min: 2, max: NAME_MAX }),
    correo: emailField({ format: r.correo }, domains),
    run: runField(r.run),
  };
}

/** The checkout form of a guest: who buys, how to reach them, where to deliver. */
export function buildDatosInvitadoSchema(domains: readonly string[]) {
  return addressForDelivery(
    z.object({ ...guestFields(domains), telefono: guestPhoneField, ...entregaFields }),
  );
}

const orderFields = {
  items: itemsField,
  cupon: cuponField,
  metodoPago: z.enum(METODOS_PAGO, { error: 'Método de pago inválido.' }).default('TRANSFERENCIA'),
  /** The total the checkout showed; when given and different, nothing is bought (409). */
  totalEsperado: z.number().min(0).max(1e12).optional(),
  /** The tax document asked for: a boleta unless a factura with its company is. */
  documento: documentoSolicitadoSchema.default({ tipo: 'BOLETA' }),
  /**
   * The signed shipping option the buyer accepted (POST /envios/opciones): required for a home
   * delivery while a carrier is set up; the order charges its price.
   */
  envioCotizado: z.string().max(2000).optional(),
};

/**
 * POST /pedidos. The guest's fields are optional here because a logged-in customer does not send
 * them; without a token the server checks the body again with buildDatosInvitadoSchema.
 */
export function buildPedidoSchema(domains: readonly string[]) {
  const guest = guestFields(domains);
  return addressForDelivery(
    z.object({
      ...orderFields,
      ...entregaFields,
      telefono: phoneField(r.telefono),
      nombre: guest.nombre.optional(),
      correo: guest.correo.optional(),
      run: guest.run.optional(),
    }),
  );
}

export const datosTransferenciaSchema = z.object({
  banco: z.string(),
  tipoCuenta: z.string(),
  numeroCuenta: z.string(),
  rut: z.string(),
  titular: z.string(),
  correo: z.string(),
});
export type DatosTransferencia = z.infer<typeof datosTransferenciaSchema>;

export const eventoPedidoSchema = z.object({
  de: z.enum(ESTADOS_PEDIDO).nullable(),
  a: z.enum(ESTADOS_PEDIDO),
  /** Who made the change ('sistema', the admin's name and e-mail); only an admin sees it. */
  por: z.string().nullable(),
  at: z.string(),
});
export type EventoPedido = z.infer<typeof eventoPedidoSchema>;

export const lineaPedidoSchema = z.object({
  productoId: z.number().int(),
  nombre: z.string(),
  /** The price when the order was placed. */
  precio: money,
  qty: z.number().int(),
  subtotal: money,
});
export type LineaPedido = z.infer<typeof lineaPedidoSchema>;

/**
 * An order's payment as the buyer and the admin see it. Card data goes no further than the last 4
 * digits.
 */
export const cobroSchema = z.object({
  metodo: z.enum(METODOS_PAGO),
  estado: z.enum(ESTADOS_COBRO),
  /** The approved card payment. */
  detalle: z
    .object({
      codigoAutorizacion: z.string(),
      ultimos4: z.string().nullable(),
      /** In words: 'Débito', 'Crédito', 'Crédito en cuotas', 'Prepago'. */
      tipo: z.string(),
      cuotas: z.number().int(),
      monto: money,
      fecha: z.string(),
    })
    .nullable(),
  /** Why the last attempt did not go through, in Spanish; null when none failed. */
  motivo: z.string().nullable(),
  reembolso: z
    .object({ tipo: z.enum(TIPOS_REEMBOLSO), monto: money, fecha: z.string() })
    .nullable(),
});
export type Cobro = z.infer<typeof cobroSchema>;

/** Where the browser takes the buyer to pay: it posts `token_ws` = token to url (Webpay's form). */
export const inicioPagoSchema = z.object({ url: z.string(), token: z.string() });
export type InicioPago = z.infer<typeof inicioPagoSchema>;

/** POST /pedidos/{numero}/pago: pay an unpaid order again, with Webpay or by transfer. */
export const reintentoPagoSchema = z.object({
  metodoPago: z.enum(METODOS_PAGO, { error: 'Método de pago inválido.' }),
});
export type ReintentoPago = z.infer<typeof reintentoPagoSchema>;

export const pedidoSchema = z.object({
  numero: z.string(),
  estado: z.enum(ESTADOS_PEDIDO),
  createdAt: z.string(),
  /** Until when an unpaid order keeps its stock; null once it left PENDIENTE_PAGO. */
  expiresAt: z.string().nullable(),
  invitado: z.boolean(),
  cliente: z.object({
    nombre: z.string(),
    correo: z.string(),
    run: z.string().nullable(),
    telefono: z.string().nullable(),
  }),
  /** For RETIRO, region, comuna and direccion are the store's, and horario its opening hours. */
  entrega: z.object({
    tipo: z.enum(METODOS_ENTREGA),
    region: z.string(),
    comuna: z.string(),
    direccion: z.string(),
    horario: z.string().nullable(),
  }),
  metodoPago: z.enum(METODOS_PAGO),
  cobro: cobroSchema,
  /** The coupon's code and its label when the order was placed. */
  cupon: z.object({ codigo: z.string(), label: z.string() }).nullable(),
  lineas: z.array(lineaPedidoSchema),
  subtotal: money,
  descuento: money,
  /** The transfer discount, when DESCUENTO_TRANSFERENCIA_PCT is above 0 and the order is by transfer. */
  descuentoPago: money,
  envio: money,
  total: money,
  iva: money,
  eventos: z.array(eventoPedidoSchema),
  transferencia: datosTransferenciaSchema,
  /** How the parcel travels, once shipped, when the admin recorded it; null otherwise. */
  seguimiento: z
    .object({ transportista: z.string().nullable(), numero: z.string().nullable() })
    .nullable(),
  /** The tax document the buyer asked for. */
  documentoTipo: z.enum(TIPOS_DOCUMENTO),
  /** The company a factura is made out to, as given at checkout; null for a boleta. */
  facturaEmpresa: empresaGuardadaSchema.omit({ id: true }).nullable(),
});
export type Pedido = z.infer<typeof pedidoSchema>;

/**
 * POST /pedidos: the order, and for a guest's new order its access token, which opens it at
 * /pedido/{numero}#{acceso}. Only its hash is stored: a replayed order answers null (the link is
 * in the e-mail). With WEBPAY, `pago` says where to pay.
 */
export const pedidoCreadoSchema = pedidoSchema.extend({
  acceso: z.string().nullable(),
  /** With WEBPAY: where to send the buyer to pay. Null for a transfer or a replayed order. */
  pago: inicioPagoSchema.nullable(),
});
export type PedidoCreado = z.infer<typeof pedidoCreadoSchema>;

/** The header that carries an order's access token to GET /pedidos/{numero}. */
export const ORDER_ACCESS_HEADER = 'pedido-acceso';

/** A row of an order list. */
export const pedidoResumenSchema = z.object({
  numero: z.string(),
  estado: z.enum(ESTADOS_PEDIDO),
  createdAt: z.string(),
  total: money,
  unidades: z.number().int(),
  invitado: z.boolean(),
  cliente: z.object({ nombre: z.string(), correo: z.string() }),
});
export type PedidoResumen = z.infer<typeof pedidoResumenSchema>;

export const ORDERS_LIMIT_MAX = LIST_LIMIT_MAX;
export const ORDERS_LIMIT_DEFAULT = LIST_LIMIT_DEFAULT;

/** GET /pedidos: lenient like the product filters, a bad value is ignored. */
export const pedidosQuerySchema = z.object({
  estado: z.enum(ESTADOS_PEDIDO).optional().catch(undefined),
  /** An admin asking for their own orders, as any customer would. */
  propios: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .catch(undefined)
    .transform((v) => v === 'true' || v === '1'),
  ...pagingQueryShape(ORDERS_LIMIT_MAX),
});
export type PedidosQuery = z.input<typeof pedidosQuerySchema>;

export const numeroPedidoParams = z.object({
  numero: z.string().trim().toUpperCase().max(20, { error: m.notFound }),
});

/** GET /pedidos/{numero}: a guest's order opens with its access token, never with its e-mail. */
export const pedidoAccesoHeadersSchema = z.looseObject({
  [ORDER_ACCESS_HEADER]: z.string().trim().max(200).optional().catch(undefined),
});

/**
 * POST /pedidos/{numero}/enlace: a visitor without the link asks for it again with the e-mail the
 * order was placed with; the answer is the same whatever the e-mail.
 */
export const pedidoAccesoFormSchema = z.object({
  correo: emailField({ format: r.correo }),
});
export type PedidoAccesoInput = z.input<typeof pedidoAccesoFormSchema>;

/** An optional text of the shipping dialog: blank means not given. */
const trackingText = (message: string, pattern?: RegExp) =>
  z
    .string({ error: message })
    .trim()
    .max(TRACKING_TEXT_MAX, { error: message })
    .refine((v) => !pattern || v === '' || pattern.test(v), { error: message })
    .optional()
    .transform((v) => (v ? v : undefined));

/** The carrier and tracking number the admin may give when marking an order ENVIADO. */
export const seguimientoFields = {
  transportista: trackingText(m.transportista),
  numeroSeguimiento: trackingText(m.numeroSeguimiento, /^[\p{L}\p{N}][\p{L}\p{N} .\-/]*$/u),
};
export const seguimientoFormSchema = z.object(seguimientoFields);
export type SeguimientoInput = z.input<typeof seguimientoFormSchema>;

export const cambioEstadoSchema = z
  .object({ estado: z.enum(ESTADOS_PEDIDO, { error: m.estado }), ...seguimientoFields })
  .superRefine((v, ctx) => {
    if (v.estado === 'ENVIADO') return;
    for (const field of ['transportista', 'numeroSeguimiento'] as const) {
      if (v[field] !== undefined) {
        ctx.addIssue({ code: 'custom', path: [field], message: m.trackingOnlyShipped });
      }
    }
  });
export type CambioEstado = z.infer<typeof cambioEstadoSchema>;

export const resumenPedidosSchema = z.object({
  /** Orders waiting for their transfer. */
  pendientes: z.number().int(),
  /** Sum of the totals paid this calendar month in Chile (America/Santiago). */
  ventasMes: money,
});
export type ResumenPedidos = z.infer<typeof resumenPedidosSchema>;

/** The 409 of a shortfall: the message names the products, and each comes with what is left. */
export const faltaStockSchema = z.object({
  message: z.string(),
  productos: z.array(
    z.object({ productoId: z.number().int(), nombre: z.string(), disponible: z.number().int() }),
  ),
});
export type FaltaStock = z.infer<typeof faltaStockSchema>;
