import { SupportRequests } from '../../../features/admin/components/support-requests';

export default function SupportRequestsRoute() {
  return <SupportRequests />;
}
