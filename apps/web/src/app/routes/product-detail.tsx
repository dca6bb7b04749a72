import { useParams } from 'react-router';
import { AddToCartButton } from '../../features/cart/components/add-to-cart-button';
import { productQueryOptions } from '../../features/catalog/api/get-product';
import { ProductDetail } from '../../features/catalog/components/product-detail';
import { parseProductId } from '../../features/catalog/product-id';
import { notFound, requireQuery, type Prefetch } from '../prefetch';

/** An id that is no product, or an unknown or inactive product, is the shop's 404. */
export const prefetch: Prefetch = async ({ params, queryClient }) => {
  const id = parseProductId(params.id);
  if (id === null) notFound();
  const product = await requireQuery(() => queryClient.fetchQuery(productQueryOptions(id)));
  if (!product) notFound();
};

export default function ProductDetailRoute() {
  const { id } = useParams();
  return (
    <ProductDetail
      productId={id}
      renderAction={(product) => <AddToCartButton product={product} />}
    />
  );
}
