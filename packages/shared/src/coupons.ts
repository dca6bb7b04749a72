export type CouponKind = 'percent' | 'amount' | 'shipping';

export interface Coupon {
  code: string;
  kind: CouponKind;
  value: number;
  label: string;
}

// Fixed in the shop (SPEC.md point 3); one coupon applies at a time.
export const COUPONS = {
  NEX10: { code: 'NEX10', kind: 'percent', value: 10, label: '10% de descuento' },
  NEX5K: { code: 'NEX5K', kind: 'amount', value: 5000, label: '$5.000 de descuento' },
  ENVIO0: { code: 'ENVIO0', kind: 'shipping', value: 0, label: 'Envío gratis' },
} as const satisfies Record<string, Coupon>;

export const COUPON_INVALID_MESSAGE = 'Cupón inválido.';

/** Shoppers type codes in any case and paste them with stray spaces. */
export function normalizeCouponCode(code: string | null | undefined): string {
  return (code ?? '').trim().toUpperCase();
}

export function findCoupon(code: string | null | undefined): Coupon | null {
  const normalized = normalizeCouponCode(code);
  if (normalized === '') return null;
  // Searching the values, not indexing the object, keeps inherited keys from ever matching.
  return Object.values(COUPONS).find((coupon) => coupon.code === normalized) ?? null;
}

export function couponAppliedText(coupon: Coupon): string {
  return `Aplicado: ${coupon.label}`;
}
