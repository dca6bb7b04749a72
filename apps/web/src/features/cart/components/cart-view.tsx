import { formatCLP, pluralize } from '@nexbyte/shared';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useCartPrices, type CartLinePrice } from '../api/get-cart-offers';
import { useCart } from '../cart-context';
import { CartSummary, CHECKOUT_PATH, useCartTotals } from './cart-summary';
import { CartTable } from './cart-table';
import '../cart.css';

interface CartViewProps {
  /** Draws a line's unit price: the route gives the catalogue's, offer included. */
  renderPrice: (price: CartLinePrice) => ReactNode;
}

/** The cart screen under its heading: the lines, the actions and the summary. */
export function CartView({ renderPrice }: CartViewProps) {
  const { items, count, clear } = useCart();
  const { prices, savings } = useCartPrices(items);
  const [confirmingClear, setConfirmingClear] = useState(false);

  return (
    <>
      <p className="cart-count muted" role="status">
        {items.length > 0 ? pluralize(count, 'producto', 'productos') : ''}
      </p>
      {items.length === 0 ? (
        <div className="cart-empty">
          <p>Tu carrito está vacío.</p>
          <Link to="/productos" className="button">
            Ver productos
          </Link>
        </div>
      ) : (
        <div className="cart-layout">
          <div className="cart-lines">
            <CartTable items={items} prices={prices} renderPrice={renderPrice} />
            <div className="actions cart-actions">
              <Link to="/productos" className="button cart-button--outline">
                Seguir comprando
              </Link>
              <button
                type="button"
                className="button button--danger"
                onClick={() => setConfirmingClear(true)}
              >
                Vaciar carrito
              </button>
            </div>
          </div>
          <CartSummary savings={savings} />
          <MobileCheckoutBar />
        </div>
      )}
      <ConfirmDialog
        open={confirmingClear}
        title="¿Vaciar el carrito?"
        confirmLabel="Vaciar carrito"
        danger
        onConfirm={() => {
          setConfirmingClear(false);
          clear();
        }}
        onCancel={() => setConfirmingClear(false)}
      >
        <p>Se quitarán todos los productos de tu carrito.</p>
      </ConfirmDialog>
    </>
  );
}

/** On phones the total and 'Pagar' stay at hand at the bottom of the screen. */
function MobileCheckoutBar() {
  const { total } = useCartTotals();
  return (
    <div className="cart-mobile-bar">
      <p className="cart-mobile-bar__total">
        <span>Total</span> <strong>{formatCLP(total)}</strong>
      </p>
      <Link to={CHECKOUT_PATH} className="button">
        Pagar
      </Link>
    </div>
  );
}
