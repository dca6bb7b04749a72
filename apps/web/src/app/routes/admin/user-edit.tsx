import { EditUserScreen } from '../../../features/users/admin/components/user-screens';

export default function EditUserRoute() {
  return <EditUserScreen />;
}
