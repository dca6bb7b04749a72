import { NewUserScreen } from '../../../features/users/admin/components/user-screens';

export default function NewUserRoute() {
  return <NewUserScreen />;
}
