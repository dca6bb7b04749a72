import { formatCLP, transferPrice } from '@nexbyte/shared';
import { usePaymentSettings } from '../../../lib/shop-config';

/**
 * The second price Chilean shops show, '$xx.xxx con transferencia', when the shop gives a
 * transfer discount (DESCUENTO_TRANSFERENCIA_PCT) and takes transfers; nothing otherwise.
 */
export function TransferPrice({ price, className }: { price: number; className: string }) {
  const payments = usePaymentSettings();
  const percent = payments?.descuentoTransferenciaPct ?? 0;
  if (!(percent > 0) || !payments?.metodos.includes('TRANSFERENCIA')) return null;
  return <p className={className}>{formatCLP(transferPrice(price, percent))} con transferencia</p>;
}
