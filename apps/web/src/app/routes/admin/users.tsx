import { UsersTable } from '../../../features/admin/components/users-table';

export default function AdminUsersRoute() {
  return <UsersTable />;
}
