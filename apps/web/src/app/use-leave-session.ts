import { type Query, type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';

/** Screens of the site that show one person's data: the account, its orders and tickets, an order. */
const PRIVATE_PATH = /^\/(cuenta|pedido)(\/|$)/;

/** Query roots anyone may read (the catalogue and the shop's settings): kept after a logout. */
const PUBLIC_QUERY_ROOTS = new Set(['productos', 'categorias', 'config', 'envios']);

const isPrivateQuery = (query: Query) => !PUBLIC_QUERY_ROOTS.has(String(query.queryKey[0]));

export function isPrivatePath(pathname: string): boolean {
  return PRIVATE_PATH.test(pathname);
}

/** How the session ends once the private screen is gone (one at a time: one browser tab). */
let pendingEnd: (() => void) | null = null;

function endNow(end: () => void, queryClient: QueryClient) {
  end();
  // Neither Back nor the next person in this browser sees the private data.
  queryClient.removeQueries({ predicate: isPrivateQuery });
}

/**
 * Leaving a session (decision 014). On a public screen the session ends at once. On a private
 * one the app first goes to '/' (replacing the screen, so Back does not return to it) and ends the
 * session only once that screen is gone (useFinishLeavingSession): ending it while the screen
 * was still there made it ask the server again for its data without a token (a 404 for an order
 * right after 'Cerrar sesión').
 */
export function useLeaveSession(): (end: () => void) => void {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  return useCallback(
    (end: () => void) => {
      if (!isPrivatePath(pathname)) {
        endNow(end, queryClient);
        return;
      }
      pendingEnd = end;
      void queryClient.cancelQueries({ predicate: isPrivateQuery });
      void navigate('/', { replace: true });
    },
    [navigate, pathname, queryClient],
  );
}

/**
 * The other half of useLeaveSession, in a component every site screen keeps (the header): after
 * the commit that replaced the private screen, the pending end of the session runs.
 */
export function useFinishLeavingSession(): void {
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!pendingEnd || isPrivatePath(pathname)) return;
    const end = pendingEnd;
    pendingEnd = null;
    endNow(end, queryClient);
  }, [pathname, queryClient]);
}
