import type { Producto, productoInputSchema } from '@nexbyte/shared';
import type { QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ApiPage } from '../../../../lib/api-client';
import { adminKeys } from './query-keys';

/** What POST and PUT /productos send: the shared schema's output (trimmed, blank image as null). */
export type ProductoBody = z.output<typeof productoInputSchema>;

/**
 * After a product changes: the admin lists ask again, and so do the storefront's own caches
 * (list, detail), which would otherwise show the old catalogue until they go stale.
 * Not awaited, so the screen moves on while the lists reload.
 */
export function refreshCatalogue(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: adminKeys.products() });
  void queryClient.invalidateQueries({
    predicate: (query) => query.queryKey[0] !== adminKeys.all[0],
  });
}

/**
 * Shows the product as the server answered it, in its table row (on whichever page holds it) and
 * its own query, at once; the lists and counts then ask again.
 */
export function replaceProduct(queryClient: QueryClient, product: Producto): void {
  queryClient.setQueriesData<ApiPage<Producto>>({ queryKey: adminKeys.productLists() }, (page) =>
    page ? { ...page, items: page.items.map((p) => (p.id === product.id ? product : p)) } : page,
  );
  queryClient.setQueryData(adminKeys.product(product.id), product);
  refreshCatalogue(queryClient);
}
