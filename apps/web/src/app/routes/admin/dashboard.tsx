import { AdminDashboard } from '../../../features/admin/components/dashboard';
import { OrdersSummaryCards } from '../../../features/orders/admin/components/orders-summary-cards';
import { NewsletterSubscribersCard } from '../../../features/newsletter/components/newsletter-subscribers-card';

export default function DashboardRoute() {
  return (
    <AdminDashboard>
      <OrdersSummaryCards />
      <NewsletterSubscribersCard />
    </AdminDashboard>
  );
}
