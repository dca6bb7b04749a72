import { FREE_SHIPPING_THRESHOLD, SHIPPING_FEE } from './constants';
import type { Coupon } from './coupons';
import { formatCLP } from './format';

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

/** The threshold is measured on the subtotal before any discount (SPEC.md point 9). */
export function shippingFor(subtotal: number, coupon: Coupon | null): number {
  if (subtotal <= 0) return 0;
  if (coupon?.kind === 'shipping') return 0;
  return subtotal >= FREE_SHIPPING_THRESHOLD ? 0 : SHIPPING_FEE;
}

export function cartTotals(subtotal: number, coupon: Coupon | null): CartTotals {
  const discount = discountFor(subtotal, coupon);
  const shipping = shippingFor(subtotal, coupon);
  return { subtotal, discount, shipping, total: Math.max(0, subtotal - discount) + shipping };
}

/** Share of the way to free shipping, 0 to 100, not rounded: 79 999 must not look like 100 %. */
export function freeShippingProgress(subtotal: number): number {
  if (subtotal <= 0) return 0;
  return Math.min(100, (subtotal / FREE_SHIPPING_THRESHOLD) * 100);
}

export function freeShippingMessage(subtotal: number): string {
  if (subtotal >= FREE_SHIPPING_THRESHOLD) return '¡Tienes envío gratis!';
  return `Te faltan ${formatCLP(FREE_SHIPPING_THRESHOLD - subtotal)} para envío gratis.`;
}
