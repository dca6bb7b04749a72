import { useParams } from 'react-router';
import { DeskTicket } from '../../../features/support/admin/components/desk-ticket';

export default function SupportTicketRoute() {
  const raw = useParams().id ?? '';
  const id = /^\d{1,12}$/.test(raw) ? Number(raw) : null;
  return <DeskTicket key={raw} id={id} />;
}
