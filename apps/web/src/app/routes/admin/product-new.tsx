import { NewProductScreen } from '../../../features/admin/components/product-screens';

export default function NewProductRoute() {
  return <NewProductScreen />;
}
