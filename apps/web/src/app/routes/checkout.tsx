import type { Cotizacion, Pedido } from '@nexbyte/shared';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { DocumentTitle } from '../../components/ui/document-title';
import { useCart } from '../../features/cart/cart-context';
import { CheckoutPage } from '../../features/checkout/components/checkout-page';
import { rememberGuestOrderEmail } from '../../features/orders/guest-order-access';
import { useSession } from '../../lib/use-session';

/** /checkout ('Proceder al pago' and 'Pagar'): composes the cart, the session and the checkout. */
export default function CheckoutRoute() {
  const cart = useCart();
  const session = useSession();
  const navigate = useNavigate();

  // The quote is the server's truth: today's price and stock go into the cart, a product that
  // left the shop leaves the cart, a short line keeps what is left.
  const updateCart = (quote: Cotizacion) => {
    // From the last line back, so putting a line back at its index never moves another.
    [...cart.items].reverse().forEach((item, reversedIndex) => {
      const index = cart.items.length - 1 - reversedIndex;
      const line = quote.lineas.find((l) => l.productoId === item.id);
      if (!line || line.stock <= 0) {
        cart.remove(item.id);
        return;
      }
      const qty = Math.min(item.qty, line.stock);
      if (qty === item.qty && line.precio === item.precio && line.stock === item.stock) return;
      cart.remove(item.id);
      cart.restore({ ...item, precio: line.precio, stock: line.stock, qty }, index);
    });
  };

  // Until the confirmation screen has loaded, this one says where it is going instead of
  // showing the cart it just emptied.
  const [placedNumero, setPlacedNumero] = useState<string | null>(null);

  const placed = (order: Pedido, guestEmail: string | null) => {
    if (guestEmail) rememberGuestOrderEmail(order.numero, guestEmail);
    setPlacedNumero(order.numero);
    void navigate(`/pedido/${order.numero}`, { replace: true, state: { recienCreado: true } });
    cart.clear();
    cart.removeCoupon();
  };

  return (
    <div className="container page">
      <DocumentTitle>Finalizar compra</DocumentTitle>
      <h1>Finalizar compra</h1>
      {placedNumero ? (
        <p role="status">Pedido {placedNumero} creado. Abriendo tu pedido…</p>
      ) : (
        <CheckoutPage
          // Logging in or out in another tab starts the form over with the right data.
          key={session?.user.id ?? 'invitado'}
          items={cart.items}
          coupon={cart.coupon}
          user={session?.user ?? null}
          onUpdateCart={updateCart}
          onPlaced={placed}
        />
      )}
    </div>
  );
}
