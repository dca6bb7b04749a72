import type { Prioridad, Role } from '@nexbyte/shared';
import { Badge, type BadgeTone } from '../../../components/ui/badge';

// SPEC.md point 2: ADMIN red, VENDOR green, CLIENT grey.
const ROLE_TONES: Record<Role, BadgeTone> = {
  ADMIN: 'danger',
  VENDOR: 'success',
  CLIENT: 'neutral',
};

export function RoleBadge({ role }: { role: Role }) {
  return <Badge tone={ROLE_TONES[role]}>{role}</Badge>;
}

// SPEC.md point 4: URGENTE and CRITICA danger, ALTA warning, NORMAL primary, BAJA secondary.
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
