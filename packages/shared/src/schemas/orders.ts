import { z } from 'zod';
import { COUPON_INVALID_MESSAGE } from '../coupons';
import { EMAIL_MAX, NAME_MAX, QTY_MAX, QTY_MIN } from '../constants';
import { ESTADOS_PEDIDO, METODOS_PAGO, PROBLEMAS_COTIZACION } from '../orders';
import { PHONE_PATTERN } from '../phone';
import { DIRECCION_MAX, MESSAGES_REGISTRO } from './auth';
import {
  comunaField,
  comunaInRegion,
  emailField,
  phoneField,
  regionField,
  requiredText,
  runField,
} from './fields';

// Checkout and orders: the quote, the order a shopper places (as a customer or as a guest), the
// order as the API answers it, and the admin's status change. Field rules and messages are the
// registration's wherever the same datum is asked.

/** Distinct products one order may carry. */
export const ORDER_LINES_MAX = 50;
const INT_MAX = 2_147_483_647;

export const MESSAGES_PEDIDO = {
  nombre: 'El nombre es requerido.',
  carritoVacio: 'Tu carrito está vacío.',
  demasiadasLineas: `Un pedido admite hasta ${ORDER_LINES_MAX} productos distintos.`,
  productoRepetido: 'Cada producto debe aparecer una sola vez en el pedido.',
  producto: 'Producto inválido.',
  cantidad: `La cantidad debe ser un número entero entre ${QTY_MIN} y ${QTY_MAX}.`,
  cupon: COUPON_INVALID_MESSAGE,
  estado: 'Estado inválido.',
  noEncontrado: 'Pedido no encontrado.',
  totalCambio:
    'El total de tu pedido cambió mientras lo revisabas. Revisa el resumen y confirma de nuevo.',
  claveReusada:
    'Esta solicitud ya se usó para otro pedido. Recarga la página e inténtalo de nuevo.',
  claveInvalida: 'La cabecera Idempotency-Key no es válida.',
  correoAcceso: 'Ingresa el correo con el que hiciste el pedido.',
} as const;

const m = MESSAGES_PEDIDO;
const r = MESSAGES_REGISTRO;

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
    .max(QTY_MAX, { error: m.cantidad }),
  precio: z.number().min(0).max(1e12).optional(),
});
export type LineaPedidoInput = z.input<typeof lineaPedidoInputSchema>;

const itemsField = z
  .array(lineaPedidoInputSchema, { error: m.carritoVacio })
  .min(1, { error: m.carritoVacio })
  .max(ORDER_LINES_MAX, { error: m.demasiadasLineas })
  .refine((items) => new Set(items.map((i) => i.productoId)).size === items.length, {
    error: m.productoRepetido,
  });

/** Empty means no coupon; whether the code exists is the server's call (an unknown one is a 400). */
const cuponField = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
  z.string({ error: m.cupon }).trim().max(40, { error: m.cupon }).nullish(),
);

export const cotizacionRequestSchema = z.object({ items: itemsField, cupon: cuponField });
export type CotizacionRequest = z.input<typeof cotizacionRequestSchema>;

const money = z.number();

export const cuponAplicadoSchema = z.object({ codigo: z.string(), label: z.string() });

export const lineaCotizadaSchema = z.object({
  productoId: z.number().int(),
  nombre: z.string(),
  imagen: z.string().nullable(),
  /** The price in the database now. */
  precio: money,
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
  subtotal: money,
  descuento: money,
  envio: money,
  total: money,
  iva: money,
});
export type Cotizacion = z.infer<typeof cotizacionSchema>;

/** A phone the courier can call: required for guests, in the registration's format. */
const requiredPhoneField = z
  .string({ error: r.telefono })
  .trim()
  .regex(PHONE_PATTERN, { error: r.telefono });

const entregaFields = {
  region: regionField(r.region),
  comuna: comunaField(r.comuna),
  direccion: requiredText(r.direccion, { min: 3, max: DIRECCION_MAX }),
};

/** The checkout form of a logged-in customer: where to deliver, and a phone if the account lacks one. */
export const datosClienteSchema = comunaInRegion(
  z.object({ ...entregaFields, telefono: phoneField(r.telefono) }),
  r.comuna,
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
  return comunaInRegion(
    z.object({ ...guestFields(domains), telefono: requiredPhoneField, ...entregaFields }),
    r.comuna,
  );
}

const orderFields = {
  items: itemsField,
  cupon: cuponField,
  metodoPago: z.enum(METODOS_PAGO, { error: 'Método de pago inválido.' }).default('TRANSFERENCIA'),
  /** The total the checkout showed; when given and different, nothing is bought (409). */
  totalEsperado: z.number().min(0).max(1e12).optional(),
};

/**
 * POST /pedidos. The guest's fields are optional here because a logged-in customer does not send
 * them; without a token the server checks the body again with buildDatosInvitadoSchema.
 */
export function buildPedidoSchema(domains: readonly string[]) {
  const guest = guestFields(domains);
  return comunaInRegion(
    z.object({
      ...orderFields,
      ...entregaFields,
      telefono: phoneField(r.telefono),
      nombre: guest.nombre.optional(),
      correo: guest.correo.optional(),
      run: guest.run.optional(),
    }),
    r.comuna,
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
  entrega: z.object({ region: z.string(), comuna: z.string(), direccion: z.string() }),
  metodoPago: z.enum(METODOS_PAGO),
  cupon: cuponAplicadoSchema.nullable(),
  lineas: z.array(lineaPedidoSchema),
  subtotal: money,
  descuento: money,
  envio: money,
  total: money,
  iva: money,
  eventos: z.array(eventoPedidoSchema),
  transferencia: datosTransferenciaSchema,
});
export type Pedido = z.infer<typeof pedidoSchema>;

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

export const PEDIDOS_LIMITE_MAX = 100;
export const PEDIDOS_LIMITE_DEFAULT = 50;

const pageParam = (max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.coerce.number().int().min(1).max(max).optional().catch(undefined),
  );

/** GET /pedidos: lenient like the product filters, a bad value is ignored. */
export const pedidosQuerySchema = z.object({
  estado: z.enum(ESTADOS_PEDIDO).optional().catch(undefined),
  /** An admin asking for their own orders, as any customer would. */
  propios: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .catch(undefined)
    .transform((v) => v === 'true' || v === '1'),
  pagina: pageParam(100_000),
  limite: pageParam(PEDIDOS_LIMITE_MAX),
});
export type PedidosQuery = z.input<typeof pedidosQuerySchema>;

export const numeroPedidoParams = z.object({
  numero: z.string().trim().toUpperCase().max(20, { error: m.noEncontrado }),
});

export const pedidoAccesoQuerySchema = z.object({
  email: z.string().trim().toLowerCase().max(EMAIL_MAX).optional().catch(undefined),
});

/** The visitor's form that opens a guest order again: the e-mail it was placed with. */
export const pedidoAccesoFormSchema = z.object({
  correo: emailField({ format: r.correo }),
});
export type PedidoAccesoInput = z.input<typeof pedidoAccesoFormSchema>;

export const cambioEstadoSchema = z.object({
  estado: z.enum(ESTADOS_PEDIDO, { error: m.estado }),
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
