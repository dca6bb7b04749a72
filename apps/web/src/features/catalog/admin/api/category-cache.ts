import type { categoriaInputSchema } from '@nexbyte/shared';
import type { QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { refreshCatalogue } from './product-cache';
import { adminKeys } from './query-keys';

/** What POST and PUT /categorias send: the shared schema's output (blank picture as null). */
export type CategoriaBody = z.output<typeof categoriaInputSchema>;

/** After a category changes: its lists (the admin's and the product form's) and the shop ask again. */
export function refreshCategories(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: adminKeys.categories() });
  refreshCatalogue(queryClient);
}
