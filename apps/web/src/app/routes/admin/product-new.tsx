import { NewProductScreen } from '../../../features/catalog/admin/components/product-screens';

export default function NewProductRoute() {
  return <NewProductScreen />;
}
