import { formatCLP } from './format';

export const COUPON_KINDS = ['percent', 'amount', 'shipping'] as const;
export type CouponKind = (typeof COUPON_KINDS)[number];

export const COUPON_KIND_LABELS: Record<CouponKind, string> = {
  percent: 'Porcentaje',
  amount: 'Monto fijo',
  shipping: 'Envío gratis',
};

/** What the arithmetic needs of a coupon; the rules (dates, limits) are the server's (decision 021). */
export interface Coupon {
  code: string;
  kind: CouponKind;
  value: number;
  label: string;
}

export const COUPON_INVALID_MESSAGE = 'Cupón inválido.';

/** Why the server refused a coupon that exists: the shopper learns what to change. */
export const COUPON_MESSAGES = {
  invalid: COUPON_INVALID_MESSAGE,
  notYet: (code: string) => `El cupón ${code} aún no está vigente.`,
  expired: (code: string) => `El cupón ${code} ya venció.`,
  minimum: (code: string, min: number) =>
    `El cupón ${code} requiere una compra de al menos ${formatCLP(min)}.`,
  exhausted: (code: string) => `El cupón ${code} ya alcanzó su límite de usos.`,
  perCustomer: (code: string) => `Ya usaste el cupón ${code} todas las veces permitidas.`,
} as const;

/** Shoppers type codes in any case and paste them with stray spaces. */
export function normalizeCouponCode(code: string | null | undefined): string {
  return (code ?? '').trim().toUpperCase();
}

export function couponAppliedText(coupon: Pick<Coupon, 'label'>): string {
  return `Aplicado: ${coupon.label}`;
}
