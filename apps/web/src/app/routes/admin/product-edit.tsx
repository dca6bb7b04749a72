import { EditProductScreen } from '../../../features/admin/components/product-screens';

export default function EditProductRoute() {
  return <EditProductScreen />;
}
