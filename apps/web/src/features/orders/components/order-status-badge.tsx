import { ESTADO_PEDIDO_LABELS, ESTADO_PEDIDO_TONES, type EstadoPedido } from '@nexbyte/shared';
import { Badge } from '../../../components/ui/badge';

export function OrderStatusBadge({ estado }: { estado: EstadoPedido }) {
  return <Badge tone={ESTADO_PEDIDO_TONES[estado]}>{ESTADO_PEDIDO_LABELS[estado]}</Badge>;
}
