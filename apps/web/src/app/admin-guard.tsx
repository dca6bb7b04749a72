import { isStaffRole } from '@nexbyte/shared';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '../lib/use-session';

/**
 * docs/product.md#roles: only a logged-in ADMIN or VENDOR (decision 018) gets past; anyone else goes to /login, replacing
 * history so Back does not return here. The session is read again whenever it changes (logout
 * here or in another tab, a 401 on an admin screen), so the admin area closes at once.
 * The address is passed on as `next`: an admin whose session expired logs in and is back on the
 * same screen (the login form ignores it for anyone else).
 * The server refuses every admin call to anyone else anyway; this only keeps the screens away.
 * The screens only an ADMIN opens sit behind AdminOnly.
 */
export function AdminGuard() {
  const session = useSession();
  const { pathname, search } = useLocation();
  if (!isStaffRole(session?.user.role)) {
    const next = new URLSearchParams({ next: pathname + search });
    return <Navigate to={{ pathname: '/login', search: `?${next}` }} replace />;
  }
  return <Outlet />;
}
