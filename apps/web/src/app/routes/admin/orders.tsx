import { AdminOrders } from '../../../features/admin-orders/components/admin-orders';

export default function AdminOrdersRoute() {
  return <AdminOrders />;
}
