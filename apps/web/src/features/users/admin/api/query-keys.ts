import { ADMIN_KEY } from '../../../../lib/admin-queries';

/** The admin's user queries: 'lista' holds the pages, 'total' the count. */
export const adminKeys = {
  users: () => [...ADMIN_KEY, 'usuarios'] as const,
  userLists: () => [...adminKeys.users(), 'lista'] as const,
  userList: (pagina: number) => [...adminKeys.userLists(), pagina] as const,
  userCount: () => [...adminKeys.users(), 'total'] as const,
  user: (id: number) => [...adminKeys.users(), id] as const,
};
