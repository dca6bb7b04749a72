import { useParams } from 'react-router';
import { AddToCartButton } from '../../features/cart/components/add-to-cart-button';
import { isProductNotFound, productQueryOptions } from '../../features/catalog/api/get-product';
import { ProductDetail } from '../../features/catalog/components/product-detail';
import { parseProductId } from '../../features/catalog/product-id';
import { CompareButton } from '../../features/compare/components/compare-button';
import { StockAlertForm } from '../../features/stock-alerts/components/stock-alert-form';
import type { Prefetch } from '../prefetch';

const NOT_FOUND = { status: 404 };

/**
 * An id that is no product, or an unknown or inactive product, answers 404 with the product
 * screen's own alert inside the shop's layout ('No se pudo encontrar el producto.'), as client
 * navigation shows it: the API's 404 stays in the query cache and travels to the browser.
 */
export const prefetch: Prefetch = async ({ params, queryClient }) => {
  const id = parseProductId(params.id);
  if (id === null) return NOT_FOUND;
  const options = productQueryOptions(id);
  await queryClient.prefetchQuery(options);
  const state = queryClient.getQueryState(options.queryKey);
  if (state?.status === 'error') {
    if (isProductNotFound(state.error)) return NOT_FOUND;
    throw state.error;
  }
  if (!state?.data) return NOT_FOUND;
};

export default function ProductDetailRoute() {
  const { id } = useParams();
  return (
    <ProductDetail
      productId={id}
      renderAction={(product) => (
        <>
          <AddToCartButton product={product} />
          <CompareButton product={product} />
          {product.stock <= 0 && <StockAlertForm productoId={product.id} />}
        </>
      )}
    />
  );
}
