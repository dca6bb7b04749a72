import { installmentsText } from '@nexbyte/shared';
import { useInstallmentsMax } from '../../../lib/shop-config';

/**
 * 'Hasta N cuotas sin interés de $X' under the price when the shop offers interest-free
 * installments by card (CUOTAS_SIN_INTERES_MAX); nothing otherwise.
 */
export function InstallmentsPrice({ price, className }: { price: number; className: string }) {
  const text = installmentsText(price, useInstallmentsMax());
  return text ? <p className={className}>{text}</p> : null;
}
