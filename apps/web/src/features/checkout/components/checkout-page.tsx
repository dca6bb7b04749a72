import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { paymentInProgress } from '../../../lib/payment-in-progress';
import type { CheckoutPageProps } from './checkout-form';
import { CheckoutPreparing } from './checkout-preparing';
import '../checkout.css';

export type { CheckoutPageProps } from './checkout-form';

/**
 * The form and what it needs (zod, the shared schemas, the fields, the carrier's options) are most
 * of the checkout's code, and an empty cart needs none of it: they come as a chunk of their own,
 * asked for as soon as the cart has something, so the page's title and an empty cart's message
 * paint without waiting for them.
 */
const CheckoutForm = lazy(() => import('./checkout-form'));

/** The checkout: who buys, where to deliver, how to pay, and the order as the server prices it. */
export function CheckoutPage(props: CheckoutPageProps) {
  if (props.items.length === 0) {
    const unpaid = paymentInProgress();
    return (
      <div className="checkout-empty">
        <p>Tu carrito está vacío.</p>
        {unpaid && (
          <p>
            Tu pedido {unpaid} espera el pago.{' '}
            <Link to={`/pedido/${unpaid}`}>Ver el pedido y pagarlo</Link>
          </p>
        )}
        <Link to="/productos" className="button">
          Ver productos
        </Link>
      </div>
    );
  }
  return (
    <Suspense fallback={<CheckoutPreparing />}>
      <CheckoutForm {...props} />
    </Suspense>
  );
}
