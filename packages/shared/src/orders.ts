// Orders: their statuses and the moves between them, the order number, the IVA part of a total
// and the arithmetic of an order's lines. Free of zod, like enums.ts, so screens import it cheaply.
import { cartSubtotal } from './cart';
import type { Coupon } from './coupons';
import { formatCLP } from './format';
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

export const METODOS_PAGO = ['TRANSFERENCIA'] as const;
export type MetodoPago = (typeof METODOS_PAGO)[number];
export const METODO_PAGO_LABELS: Record<MetodoPago, string> = {
  TRANSFERENCIA: 'Transferencia bancaria',
};

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

export const ORDER_NUMBER_PREFIX = 'NB-';
const ORDER_NUMBER_DIGITS = 6;
export const ORDER_NUMBER_PATTERN = /^NB-\d{6,10}$/;

/** 'NB-000123': the order's id, zero-padded to six digits (more when the shop outgrows them). */
export function formatOrderNumber(id: number): string {
  return `${ORDER_NUMBER_PREFIX}${String(id).padStart(ORDER_NUMBER_DIGITS, '0')}`;
}

/** People copy numbers from e-mails with spaces or in lower case. */
export function normalizeOrderNumber(input: string): string {
  return input.trim().toUpperCase();
}

export interface OrderLine {
  productoId: number;
  nombre: string;
  precio: number;
  qty: number;
}

export type OrderTotals = CartTotals & { iva: number };

/** An order's totals from its lines and coupon: the cart's arithmetic, plus the IVA it includes. */
export function orderTotals(lines: readonly OrderLine[], coupon: Coupon | null): OrderTotals {
  const subtotal = cartSubtotal(
    lines.map((l) => ({ id: l.productoId, nombre: l.nombre, precio: l.precio, qty: l.qty })),
  );
  const totals = cartTotals(subtotal, coupon);
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
