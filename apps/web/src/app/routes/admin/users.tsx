import { UsersTable } from '../../../features/users/admin/components/users-table';

export default function AdminUsersRoute() {
  return <UsersTable />;
}
