import { ProductImportScreen } from '../../../features/catalog/admin/components/product-import';

export default function ProductImportRoute() {
  return <ProductImportScreen />;
}
