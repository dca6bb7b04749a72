import { ProductsTable } from '../../../features/catalog/admin/components/products-table';

export default function AdminProductsRoute() {
  return <ProductsTable />;
}
