import { SupportDesk } from '../../../features/support/admin/components/support-desk';

export default function SupportRequestsRoute() {
  return <SupportDesk />;
}
