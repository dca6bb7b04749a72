import { LOW_STOCK_MAX } from '@nexbyte/shared';
import { Badge } from '../../../components/ui/badge';

/** '¡Últimas N unidades!' while few are left; nothing otherwise (no stock is told by the button). */
export function StockHint({ stock }: { stock: number }) {
  if (stock <= 0 || stock > LOW_STOCK_MAX) return null;
  return (
    <Badge tone="warning">{stock === 1 ? '¡Última unidad!' : `¡Últimas ${stock} unidades!`}</Badge>
  );
}
