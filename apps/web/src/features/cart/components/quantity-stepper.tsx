import { QTY_MIN, maxQuantityFor, type CartItem } from '@nexbyte/shared';
import { useId, useState } from 'react';
import { useCart } from '../cart-context';

/** − / number / + for one cart line, kept between 1 and QTY_MAX, the units an order may take (or the stock). */
export function QuantityStepper({ item }: { item: CartItem }) {
  const { setQuantity } = useCart();
  const inputId = useId();
  const max = maxQuantityFor(item);
  // An emptied box stays empty while the shopper types a new number; leaving it sets 1.
  const [draft, setDraft] = useState<string | null>(null);

  return (
    <div className="stepper">
      <button
        type="button"
        className="stepper__button"
        aria-label={`Disminuir cantidad de ${item.nombre}`}
        // aria-disabled, not disabled: a disabled button drops keyboard focus at the limit.
        aria-disabled={item.qty <= QTY_MIN}
        onClick={() => {
          if (item.qty > QTY_MIN) setQuantity(item.id, item.qty - 1);
        }}
      >
        <span aria-hidden="true">−</span>
      </button>
      <label htmlFor={inputId} className="visually-hidden">
        Cantidad de {item.nombre}
      </label>
      <input
        id={inputId}
        className="stepper__input"
        type="number"
        inputMode="numeric"
        min={QTY_MIN}
        max={max}
        step={1}
        value={draft ?? String(item.qty)}
        onChange={(event) => {
          const text = event.target.value;
          if (text.trim() === '') {
            setDraft('');
            return;
          }
          setDraft(null);
          setQuantity(item.id, text);
        }}
        onBlur={() => {
          if (draft === null) return;
          setDraft(null);
          setQuantity(item.id, draft);
        }}
      />
      <button
        type="button"
        className="stepper__button"
        aria-label={`Aumentar cantidad de ${item.nombre}`}
        aria-disabled={item.qty >= max}
        onClick={() => {
          if (item.qty < max) setQuantity(item.id, item.qty + 1);
        }}
      >
        <span aria-hidden="true">+</span>
      </button>
    </div>
  );
}
