import { DocumentTitle } from '../../components/ui/document-title';
import { CartView } from '../../features/cart/components/cart-view';

export default function CartRoute() {
  return (
    <div className="container page">
      <DocumentTitle>Carrito</DocumentTitle>
      <h1>Carrito</h1>
      <CartView />
    </div>
  );
}
