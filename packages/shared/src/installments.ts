import { CUOTAS_SIN_INTERES_LIMIT, CUOTAS_SIN_INTERES_MIN } from './constants';
import { formatCLP } from './format';

/** Whether `count` is a setting the shop may take: 0 (off), or a whole number from 2 to 48. */
export function isValidInstallmentsSetting(count: number): boolean {
  return (
    count === 0 ||
    (Number.isInteger(count) &&
      count >= CUOTAS_SIN_INTERES_MIN &&
      count <= CUOTAS_SIN_INTERES_LIMIT)
  );
}

/**
 * One installment of a card price paid in `count` interest-free installments, rounded up to the
 * peso, so the installments never add up to less than the price (docs/product.md#business-rules).
 */
export function installmentAmount(price: number, count: number): number {
  return Math.ceil(price / count);
}

/**
 * 'Hasta 6 cuotas sin interés de $2.167', or null when the offer is off (fewer than 2
 * installments) or there is nothing to pay.
 */
export function installmentsText(price: number, count: number): string | null {
  if (!(count >= CUOTAS_SIN_INTERES_MIN) || !(price > 0)) return null;
  return `Hasta ${count} cuotas sin interés de ${formatCLP(installmentAmount(price, count))}`;
}
