import { CartView } from '../../features/cart/components/cart-view';
import { OfferPrice } from '../../features/catalog/components/offer-price';

export default function CartRoute() {
  return (
    <div className="container page">
      <h1>Carrito</h1>
      <CartView renderPrice={(price) => <OfferPrice product={price} className="cart-price" />} />
    </div>
  );
}
