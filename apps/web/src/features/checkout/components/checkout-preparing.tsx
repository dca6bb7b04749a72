/**
 * While the form's code or the payment methods come. It keeps a screen's height, so the footer
 * stays out of sight and nothing on screen moves when the form takes its place.
 */
export function CheckoutPreparing() {
  return (
    <p role="status" className="muted checkout-preparing">
      Preparando el pago…
    </p>
  );
}
