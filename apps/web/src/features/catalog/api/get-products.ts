import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import type { OrdenProductos, Producto } from '@nexbyte/shared';
import { apiFetchPage, type ApiPage } from '../../../lib/api-client';

/** What the shopper can filter the catalogue by; every value is optional and filters on the server. */
export interface ProductFilters {
  q?: string;
  categoria?: string;
  min?: number;
  max?: number;
  orden?: OrdenProductos;
  /** Brands, comma-separated: any of them. */
  marca?: string;
  /** Specification values, 'nombre:valor' each (see productosQuerySchema). */
  espec?: string[];
  /** A PC part's typed values, 'campo:valor' each (see productosQuerySchema). */
  componente?: string[];
}

export interface ProductsQuery extends ProductFilters {
  pagina?: number;
  limite?: number;
}

export function productsSearch(query: ProductsQuery & { estado?: string }): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === '') continue;
    if (Array.isArray(value)) for (const item of value) params.append(name, String(item));
    else params.set(name, String(value));
  }
  const search = params.toString();
  return search ? `?${search}` : '';
}

/**
 * GET /productos: one page of the active products and the count of all matches. The shop asks
 * for active products explicitly, so an admin browsing it sees what customers see.
 */
export function getProducts(
  query: ProductsQuery = {},
  { signal }: { signal?: AbortSignal } = {},
): Promise<ApiPage<Producto>> {
  const search = productsSearch({ ...query, estado: 'activos' });
  return apiFetchPage<Producto>(`/productos${search}`, { signal });
}

export const productsQueryOptions = (query: ProductsQuery = {}) =>
  queryOptions({
    queryKey: ['productos', 'pagina', query],
    queryFn: ({ signal }) => getProducts(query, { signal }),
  });

/** One page of products, e.g. the first ones for the home page. */
export function useProducts(query: ProductsQuery = {}) {
  return useQuery(productsQueryOptions(query));
}

/**
 * Cards on the list's first page and on each 'Cargar más'. A phone hydrating 100 server-rendered
 * cards blocked its main thread for about 0.7 s (Lighthouse mobile); 24 fill two screens.
 */
export const PRODUCT_LIST_PAGE_SIZE = 24;

/**
 * The product list: pages of PRODUCT_LIST_PAGE_SIZE, the next one loaded on demand.
 * While new filters load, the previous results stay on screen instead of flashing away.
 */
export const productListQueryOptions = (filters: ProductFilters) =>
  infiniteQueryOptions({
    queryKey: ['productos', 'lista', filters],
    queryFn: ({ signal, pageParam }) =>
      getProducts({ ...filters, pagina: pageParam, limite: PRODUCT_LIST_PAGE_SIZE }, { signal }),
    initialPageParam: 1,
    getNextPageParam: (lastPage, pages, lastPageParam) => {
      const loaded = pages.reduce((sum, page) => sum + page.items.length, 0);
      return lastPage.items.length > 0 && loaded < lastPage.total ? lastPageParam + 1 : undefined;
    },
    placeholderData: keepPreviousData,
  });

export function useProductList(filters: ProductFilters) {
  return useInfiniteQuery(productListQueryOptions(filters));
}
