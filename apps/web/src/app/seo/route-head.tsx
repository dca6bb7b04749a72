import { notifyManager, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';
import { productQueryOptions } from '../../features/catalog/api/get-product';
import { parseProductId } from '../../features/catalog/product-id';
import { headForRequest, PUBLIC_URL_META } from './head-for-request';
import { applyHead } from './page-head';

/** PUBLIC_URL as the server named it; the page's own origin where no server did (Vite, tests). */
function publicUrl(): string {
  const meta = document.querySelector<HTMLMetaElement>(`meta[name="${PUBLIC_URL_META}"]`);
  return (meta?.content || window.location.origin).replace(/\/+$/, '');
}

/** The product of the address, if it is a product page, for the head to follow its query. */
function productIdOf(pathname: string): number | null {
  const match = /^\/productos\/detalle\/([^/]+)\/?$/.exec(pathname);
  return match ? parseProductId(match[1]) : null;
}

/**
 * Keeps document.head equal to what the server wrote for this address (headForRequest): title,
 * description, canonical, Open Graph, Twitter and JSON-LD, updated on every client navigation
 * and when the product of a product page arrives. Renders nothing, so hydration is unaffected.
 */
export function RouteHead() {
  const location = useLocation();
  const queryClient = useQueryClient();
  const productId = productIdOf(location.pathname);
  const cache = queryClient.getQueryCache();
  // The query's state object changes with every update and only then: a stable snapshot.
  // The cache announces a query while the screen that asks it renders, so the change is
  // delivered after that render (batchCalls), as TanStack Query's own hooks do.
  const productState = useSyncExternalStore(
    useCallback((onChange) => cache.subscribe(notifyManager.batchCalls(onChange)), [cache]),
    () =>
      productId === null
        ? undefined
        : queryClient.getQueryState(productQueryOptions(productId).queryKey),
    () => undefined,
  );
  const head = useMemo(
    () =>
      // The server render writes the head itself (entry-server.tsx); only the browser updates it.
      typeof window === 'undefined'
        ? null
        : headForRequest(
            new URL(`${location.pathname}${location.search}`, window.location.origin),
            {
              publicUrl: publicUrl(),
              queryClient,
            },
          ),
    // productState is what headForRequest reads from the cache for a product page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [location.pathname, location.search, queryClient, productState],
  );
  useEffect(() => applyHead(document, head), [head]);
  return null;
}
