import { EditUserScreen } from '../../../features/admin/components/user-screens';

export default function EditUserRoute() {
  return <EditUserScreen />;
}
