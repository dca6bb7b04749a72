import { CartView } from '../../features/cart/components/cart-view';

export default function CartRoute() {
  return (
    <div className="container page">
      <h1>Carrito</h1>
      <CartView />
    </div>
  );
}
