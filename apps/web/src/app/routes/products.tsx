import { AddToCartButton } from '../../features/cart/components/add-to-cart-button';
import { facetsQueryOptions } from '../../features/catalog/api/get-facets';
import { categoriesQueryOptions } from '../../features/catalog/api/get-categories';
import { productListQueryOptions } from '../../features/catalog/api/get-products';
import { ProductCatalog } from '../../features/catalog/components/product-catalog';
import { CompareButton } from '../../features/compare/components/compare-button';
import { readFilterValues, toProductFilters } from '../../features/catalog/use-product-filters';
import type { Prefetch } from '../prefetch';

/** The list as the address filters it, its categories and its facets, as the screen asks them. */
export const prefetch: Prefetch = async ({ request, queryClient }) => {
  const filters = toProductFilters(readFilterValues(new URL(request.url).searchParams));
  await Promise.all([
    queryClient.prefetchInfiniteQuery(productListQueryOptions(filters)),
    queryClient.prefetchQuery(categoriesQueryOptions()),
    queryClient.prefetchQuery(facetsQueryOptions(filters)),
  ]);
};

export default function ProductsRoute() {
  return (
    <div className="container page">
      <h1>Productos</h1>
      <ProductCatalog
        renderAction={(product) => (
          <>
            <AddToCartButton product={product} nameInLabel />
            <CompareButton product={product} nameInLabel />
          </>
        )}
      />
    </div>
  );
}
