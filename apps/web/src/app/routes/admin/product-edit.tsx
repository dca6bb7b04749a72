import { EditProductScreen } from '../../../features/catalog/admin/components/product-screens';

export default function EditProductRoute() {
  return <EditProductScreen />;
}
