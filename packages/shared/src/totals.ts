import type { Coupon } from './coupons';
import { formatCLP } from './format';
import type { ShippingRule } from './shipping';

export interface CartTotals {
  subtotal: number;
  discount: number;
  shipping: number;
  total: number;
}

export function discountFor(subtotal: number, coupon: Coupon | null): number {
  if (!coupon || subtotal <= 0) return 0;
  switch (coupon.kind) {
    case 'percent':
      // Rounded down so the shop never gives away a fraction of a peso.
      return Math.floor((subtotal * coupon.value) / 100);
    case 'amount':
      return Math.min(coupon.value, subtotal);
    case 'shipping':
      return 0;
  }
}

/**
 * The threshold is measured on the subtotal before any discount (docs/product.md#business-rules); the fee and the
 * threshold are the buyer's región's, or pickup's (free).
 */
export function shippingFor(subtotal: number, coupon: Coupon | null, rule: ShippingRule): number {
  if (subtotal <= 0) return 0;
  if (coupon?.kind === 'shipping') return 0;
  return rule.freeFrom !== null && subtotal >= rule.freeFrom ? 0 : rule.fee;
}

export function cartTotals(
  subtotal: number,
  coupon: Coupon | null,
  rule: ShippingRule,
): CartTotals {
  const discount = discountFor(subtotal, coupon);
  const shipping = shippingFor(subtotal, coupon, rule);
  return { subtotal, discount, shipping, total: Math.max(0, subtotal - discount) + shipping };
}

/**
 * Share of the way to free shipping, 0 to 100, not rounded: 79 999 must not look like 100 %.
 * Null when the rule never ships free, or ships free anyway (a fee of 0).
 */
export function freeShippingProgress(subtotal: number, rule: ShippingRule): number | null {
  if (rule.freeFrom === null || rule.fee <= 0) return null;
  if (subtotal <= 0) return 0;
  if (rule.freeFrom <= 0) return 100;
  return Math.min(100, (subtotal / rule.freeFrom) * 100);
}

export function freeShippingMessage(subtotal: number, rule: ShippingRule): string | null {
  if (rule.fee <= 0) return null;
  if (rule.freeFrom === null) return null;
  if (subtotal >= rule.freeFrom) return '¡Tienes envío gratis!';
  return `Te faltan ${formatCLP(rule.freeFrom - subtotal)} para envío gratis.`;
}
