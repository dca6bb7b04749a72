import { CategoriesScreen } from '../../../features/catalog/admin/components/categories-screen';

export default function AdminCategoriesRoute() {
  return <CategoriesScreen />;
}
