import { useSession } from '../../../lib/use-session';
import { AdminDashboard } from '../../admin-dashboard';
import { OrdersSummaryCards } from '../../../features/orders/admin/components/orders-summary-cards';
import { NewsletterSubscribersCard } from '../../../features/newsletter/components/newsletter-subscribers-card';
import { SalesReports } from '../../../features/orders/admin/components/sales-reports';
import { SetupChecklist } from '../../../features/setup/components/setup-checklist';
import { StuckShipments } from '../../../features/orders/admin/components/stuck-shipments';

export default function DashboardRoute() {
  // The newsletter list is the ADMIN's (decision 018).
  const isAdmin = useSession()?.user.role === 'ADMIN';
  return (
    <AdminDashboard>
      {/* The owner's first steps; the checklist hides itself once all are done. */}
      {isAdmin && <SetupChecklist />}
      {isAdmin && <StuckShipments />}
      <OrdersSummaryCards />
      {isAdmin && <NewsletterSubscribersCard />}
      {isAdmin && <SalesReports />}
    </AdminDashboard>
  );
}
