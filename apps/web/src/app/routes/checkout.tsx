import type { Cotizacion, InicioPago, PedidoCreado } from '@nexbyte/shared';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { DocumentTitle } from '../../components/ui/document-title';
import { useCart, useCartRestored } from '../../features/cart/cart-context';
import { CheckoutPage } from '../../features/checkout/components/checkout-page';
import { CheckoutPreparing } from '../../features/checkout/components/checkout-preparing';
import { WebpayRedirect } from '../../features/orders/components/webpay-redirect';
import { rememberGuestOrderAccess } from '../../features/orders/guest-order-access';
import { rememberPaymentInProgress } from '../../lib/payment-in-progress';
import { useSession } from '../../lib/use-session';

/** /checkout ('Proceder al pago' and 'Pagar'): composes the cart, the session and the checkout. */
export default function CheckoutRoute() {
  const cart = useCart();
  const cartRestored = useCartRestored();
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
  const [placedNumber, setPlacedNumber] = useState<string | null>(null);
  // A new Webpay order: the buyer leaves for Webpay's form, and comes back to /pedido/{numero}.
  const [payment, setPayment] = useState<InicioPago | null>(null);

  const placed = (order: PedidoCreado) => {
    // A replayed guest order comes without its token (only its hash is kept): the e-mail has it.
    // Kept for the tab, it also opens the order when Webpay sends the buyer back without it.
    if (order.acceso) rememberGuestOrderAccess(order.numero, order.acceso);
    setPlacedNumber(order.numero);
    if (order.pago) {
      rememberPaymentInProgress(order.numero);
      setPayment(order.pago);
    } else void navigate(`/pedido/${order.numero}`, { replace: true, state: { justPlaced: true } });
    cart.clear();
    cart.removeCoupon();
  };

  return (
    <div className="container page">
      <DocumentTitle>Finalizar compra</DocumentTitle>
      <h1>Finalizar compra</h1>
      {payment ? (
        <WebpayRedirect pago={payment} />
      ) : placedNumber ? (
        <p role="status">Pedido {placedNumber} creado. Abriendo tu pedido…</p>
      ) : !cartRestored ? (
        // The server's page, until the browser has read its cart: neither empty nor a form yet.
        <CheckoutPreparing />
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
