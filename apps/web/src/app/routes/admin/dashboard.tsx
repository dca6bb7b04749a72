import { AdminDashboard } from '../../../features/admin/components/dashboard';

export default function DashboardRoute() {
  return <AdminDashboard />;
}
