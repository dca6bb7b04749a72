import { SalesBookScreen } from '../../../features/invoicing/admin/components/sales-book-screen';

export default function AdminSalesBookRoute() {
  return <SalesBookScreen />;
}
