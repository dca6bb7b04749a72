// Orders: their statuses and the moves between them, how people type an order number, the IVA part
// of a total and the arithmetic of an order's lines. Free of zod, like enums.ts, so screens import it cheaply.
import { cartSubtotal } from './cart';
import type { Coupon } from './coupons';
import { formatCLP } from './format';
import type { ShippingRule } from './shipping';
import { cartTotals, type CartTotals } from './totals';

export const ESTADOS_PEDIDO = [
  'PENDIENTE_PAGO',
  'PAGADO',
  'ENVIADO',
  'ENTREGADO',
  'CANCELADO',
] as const;
export type EstadoPedido = (typeof ESTADOS_PEDIDO)[number];

export const ESTADO_PEDIDO_LABELS: Record<EstadoPedido, string> = {
  PENDIENTE_PAGO: 'Pendiente de pago',
  PAGADO: 'Pagado',
  ENVIADO: 'Enviado',
  ENTREGADO: 'Entregado',
  CANCELADO: 'Cancelado',
};

/** How every screen colours a status badge (the tones of components/ui/badge). */
export const ESTADO_PEDIDO_TONES: Record<
  EstadoPedido,
  'warning' | 'primary' | 'secondary' | 'success' | 'danger'
> = {
  PENDIENTE_PAGO: 'warning',
  PAGADO: 'primary',
  ENVIADO: 'secondary',
  ENTREGADO: 'success',
  CANCELADO: 'danger',
};

/**
 * The only moves an order can make. Cancelling is possible until the parcel leaves: after that the
 * goods are with the courier and a return is another story (the 10-day regret policy).
 */
export const TRANSICIONES_PEDIDO: Record<EstadoPedido, readonly EstadoPedido[]> = {
  PENDIENTE_PAGO: ['PAGADO', 'CANCELADO'],
  PAGADO: ['ENVIADO', 'CANCELADO'],
  ENVIADO: ['ENTREGADO'],
  ENTREGADO: [],
  CANCELADO: [],
};

export function canTransition(from: EstadoPedido, to: EstadoPedido): boolean {
  return TRANSICIONES_PEDIDO[from].includes(to);
}

/** Statuses whose total counts as sold: the money arrived. */
export const ESTADOS_VENDIDOS = [
  'PAGADO',
  'ENVIADO',
  'ENTREGADO',
] as const satisfies readonly EstadoPedido[];

export function invalidTransitionMessage(from: EstadoPedido, to: EstadoPedido): string {
  return `Un pedido ${ESTADO_PEDIDO_LABELS[from].toLowerCase()} no puede pasar a ${ESTADO_PEDIDO_LABELS[to].toLowerCase()}.`;
}

/** Webpay Plus (débito, crédito, prepago) and the bank transfer; which ones are on is GET /config's. */
export const METODOS_PAGO = ['WEBPAY', 'TRANSFERENCIA'] as const;
export type MetodoPago = (typeof METODOS_PAGO)[number];
export const METODO_PAGO_LABELS: Record<MetodoPago, string> = {
  WEBPAY: 'Webpay (débito, crédito o prepago)',
  TRANSFERENCIA: 'Transferencia bancaria',
};

/** Where an order's payment stands, apart from the order's own status. */
export const ESTADOS_COBRO = ['PENDIENTE', 'PAGADO', 'RECHAZADO', 'REEMBOLSADO'] as const;
export type EstadoCobro = (typeof ESTADOS_COBRO)[number];

/** How a card payment was given back: a reversal (same day) or a nullification (later). */
export const TIPOS_REEMBOLSO = ['REVERSA', 'ANULACION'] as const;
export type TipoReembolso = (typeof TIPOS_REEMBOLSO)[number];

/**
 * What the buyer is told on /pedido/{numero}?pago=… after coming back from the payment provider.
 */
export const RESULTADOS_PAGO = ['aprobado', 'rechazado', 'anulado', 'error'] as const;
export type ResultadoPago = (typeof RESULTADOS_PAGO)[number];
export const RESULTADO_PAGO_MESSAGES: Record<ResultadoPago, string> = {
  aprobado: '¡Pago aprobado! Tu pedido está pagado.',
  rechazado:
    'El pago fue rechazado. Tu pedido sigue reservado: puedes intentar de nuevo con Webpay o pagar por transferencia.',
  anulado:
    'Anulaste el pago en Webpay. Tu pedido sigue reservado: puedes pagarlo con Webpay o por transferencia.',
  error:
    'No pudimos confirmar el pago. Si se hizo un cargo, lo revisaremos; tu pedido sigue reservado.',
};

/**
 * The price with the transfer discount (DESCUENTO_TRANSFERENCIA_PCT), rounded to the peso: the
 * second price Chilean shops show ('$xx.xxx con transferencia'). The server applies the same rule.
 */
export function transferPrice(price: number, percent: number): number {
  if (!(percent > 0)) return price;
  return price - Math.round((price * percent) / 100);
}

/** Prices in Chile include IVA (19 %). */
export const IVA_PERCENT = 19;

/**
 * The IVA contained in a price that already includes it: total − total / 1.19, rounded to the
 * nearest peso (half up). Computed as total × 19 / 119 so no binary fraction of 1.19 creeps in.
 */
export function ivaIncluded(total: number): number {
  if (!(total > 0)) return 0;
  return Math.round((total * IVA_PERCENT) / (100 + IVA_PERCENT));
}

// The number itself ('NB-000123') is written by the database, from the order's id (pedidos.numero).

/** People copy numbers from e-mails with spaces or in lower case. */
export function normalizeOrderNumber(input: string): string {
  return input.trim().toUpperCase();
}

export interface PricedLine {
  productoId: number;
  nombre: string;
  precio: number;
  qty: number;
}

export type OrderTotals = CartTotals & { iva: number };

/**
 * An order's totals from its lines, coupon and shipping rule (the región's or pickup's): the
 * cart's arithmetic, plus the IVA it includes.
 */
export function orderTotals(
  lines: readonly PricedLine[],
  coupon: Coupon | null,
  rule: ShippingRule,
): OrderTotals {
  const subtotal = cartSubtotal(
    lines.map((l) => ({ id: l.productoId, nombre: l.nombre, precio: l.precio, qty: l.qty })),
  );
  const totals = cartTotals(subtotal, coupon, rule);
  return { ...totals, iva: ivaIncluded(totals.total) };
}

/** What the quote found wrong with a cart line, compared with what the database holds now. */
export const PROBLEMAS_COTIZACION = [
  'PRECIO_CAMBIO',
  'STOCK_INSUFICIENTE',
  'SIN_STOCK',
  'NO_DISPONIBLE',
] as const;
export type ProblemaCotizacion = (typeof PROBLEMAS_COTIZACION)[number];

export interface QuoteProblemFacts {
  tipo: ProblemaCotizacion;
  nombre: string;
  /** The price the shopper saw (PRECIO_CAMBIO). */
  precioAnterior?: number | null;
  precioActual?: number | null;
  /** Units on sale now. */
  disponible?: number;
}

/** The sentence that tells the shopper what changed since the product went into the cart. */
export function quoteProblemMessage(p: QuoteProblemFacts): string {
  switch (p.tipo) {
    case 'PRECIO_CAMBIO':
      return `El precio de ${p.nombre} cambió de ${formatCLP(p.precioAnterior ?? 0)} a ${formatCLP(p.precioActual ?? 0)}.`;
    case 'STOCK_INSUFICIENTE':
      return p.disponible === 1
        ? `De ${p.nombre} solo queda 1 unidad.`
        : `De ${p.nombre} solo quedan ${p.disponible ?? 0} unidades.`;
    case 'SIN_STOCK':
      return `${p.nombre} se agotó.`;
    case 'NO_DISPONIBLE':
      return `${p.nombre} ya no está disponible.`;
  }
}

/** The 409 of a shortfall names every product that ran short. */
export function shortfallMessage(nombres: readonly string[]): string {
  return `No hay stock suficiente de: ${nombres.join(', ')}. No se tomó ningún producto; ajusta tu carrito e inténtalo de nuevo.`;
}
