import { ProductsTable } from '../../../features/admin/components/products-table';

export default function AdminProductsRoute() {
  return <ProductsTable />;
}
