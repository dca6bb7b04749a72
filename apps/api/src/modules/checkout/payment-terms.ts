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

/**
 * How long an unpaid order holds its stock, by how it is paid (decision 013): a transfer, made by
 * hand and checked by the shop, ORDER_EXPIRY_HOURS; Webpay, paid while the page waits,
 * WEBPAY_HOLD_MINUTES (never longer than a transfer).
 */
export function stockHoldHours(
  metodo: MetodoPago,
  orders: { expiryHours: number; webpayHoldMinutes: number },
): number {
  if (metodo !== 'WEBPAY') return orders.expiryHours;
  return Math.min(orders.webpayHoldMinutes / 60, orders.expiryHours);
}
