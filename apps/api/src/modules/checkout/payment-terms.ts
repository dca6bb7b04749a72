import { ivaIncluded, type MetodoPago, type OrderTotals } from '@nexbyte/shared';

/** What a payment method takes off: the transfer discount on the price after the coupon. */
export function paymentDiscount(
  metodo: MetodoPago | undefined,
  afterCoupon: number,
  percent: number,
): number {
  if (metodo !== 'TRANSFERENCIA' || !(percent > 0)) return 0;
  return Math.round((afterCoupon * percent) / 100);
}

export type PricedTotals = OrderTotals & { paymentDiscount: number };

/**
 * The totals with the method's discount: total = subtotal − coupon − method discount + shipping.
 * Shipping is what it was without it (the free-shipping threshold looks at the cart, not at how it
 * is paid).
 */
export function withPaymentDiscount(
  totals: OrderTotals,
  metodo: MetodoPago | undefined,
  percent: number,
): PricedTotals {
  const discount = paymentDiscount(metodo, totals.subtotal - totals.discount, percent);
  const total = Math.round((totals.total - discount) * 100) / 100;
  return { ...totals, paymentDiscount: discount, total, iva: ivaIncluded(total) };
}
