import type { InicioPago } from '@nexbyte/shared';
import { PostRedirect } from '../../../components/ui/post-redirect';

/** Sends the buyer to Webpay's payment form with the transaction's token (`token_ws`). */
export function WebpayRedirect({ pago }: { pago: InicioPago }) {
  return (
    <PostRedirect
      action={pago.url}
      fields={{ token_ws: pago.token }}
      message="Te estamos llevando a Webpay…"
      buttonLabel="Ir a Webpay"
    />
  );
}
