import type { Role } from '@nexbyte/shared';
import { Badge, type BadgeTone } from '../../../../components/ui/badge';

// docs/product.md#admin-users: ADMIN red, VENDOR green, CLIENT grey.
const ROLE_TONES: Record<Role, BadgeTone> = {
  ADMIN: 'danger',
  VENDOR: 'success',
  CLIENT: 'neutral',
};

export function RoleBadge({ role }: { role: Role }) {
  return <Badge tone={ROLE_TONES[role]}>{role}</Badge>;
}
