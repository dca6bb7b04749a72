import { normalizeOrderNumber } from '@nexbyte/shared';
import { useParams } from 'react-router';
import { AdminOrderDetail } from '../../../features/orders/admin/components/admin-order-detail';

export default function AdminOrderDetailRoute() {
  const numero = normalizeOrderNumber(useParams().numero ?? '');
  return <AdminOrderDetail key={numero} numero={numero} />;
}
