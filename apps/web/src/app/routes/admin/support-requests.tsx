import { SupportRequests } from '../../../features/support/admin/components/support-requests';

export default function SupportRequestsRoute() {
  return <SupportRequests />;
}
