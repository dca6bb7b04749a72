import { AdminOrders } from '../../../features/orders/admin/components/admin-orders';

export default function AdminOrdersRoute() {
  return <AdminOrders />;
}
