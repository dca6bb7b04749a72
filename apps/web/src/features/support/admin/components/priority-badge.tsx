import type { Prioridad } from '@nexbyte/shared';
import { Badge, type BadgeTone } from '../../../../components/ui/badge';

// docs/product.md#support-priorities: URGENTE and CRITICA danger, ALTA warning, NORMAL primary, BAJA secondary.
const PRIORITY_TONES: Record<Prioridad, BadgeTone> = {
  URGENTE: 'danger',
  CRITICA: 'danger',
  ALTA: 'warning',
  NORMAL: 'primary',
  BAJA: 'secondary',
};

export function PriorityBadge({ prioridad }: { prioridad: Prioridad }) {
  return <Badge tone={PRIORITY_TONES[prioridad]}>{prioridad}</Badge>;
}
