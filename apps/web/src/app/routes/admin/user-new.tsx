import { NewUserScreen } from '../../../features/admin/components/user-screens';

export default function NewUserRoute() {
  return <NewUserScreen />;
}
