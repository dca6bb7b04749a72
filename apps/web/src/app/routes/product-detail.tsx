import { useParams } from 'react-router';
import { AddToCartButton } from '../../features/cart/components/add-to-cart-button';
import { ProductDetail } from '../../features/catalog/components/product-detail';

export default function ProductDetailRoute() {
  const { id } = useParams();
  return (
    <ProductDetail
      productId={id}
      renderAction={(product) => <AddToCartButton product={product} />}
    />
  );
}
