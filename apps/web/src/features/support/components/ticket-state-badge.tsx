import { ESTADO_TICKET_LABELS, type EstadoTicket } from '@nexbyte/shared';
import { Badge, type BadgeTone } from '../../../components/ui/badge';

/** How each state reads at a glance: waiting on the shop, on the customer, done or stopped. */
const TONES: Record<EstadoTicket, BadgeTone> = {
  RECIBIDA: 'neutral',
  EN_DIAGNOSTICO: 'primary',
  COTIZADA: 'warning',
  APROBADA: 'primary',
  RECHAZADA: 'danger',
  EN_REPARACION: 'primary',
  LISTA_PARA_RETIRO: 'success',
  ENTREGADA: 'secondary',
  CANCELADA: 'danger',
  EN_FABRICANTE: 'primary',
  RESUELTO: 'success',
};

export function TicketStateBadge({ estado }: { estado: EstadoTicket }) {
  return <Badge tone={TONES[estado]}>{ESTADO_TICKET_LABELS[estado]}</Badge>;
}
