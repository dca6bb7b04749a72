import { QTY_MAX, QTY_MIN, type CartItem } from '@nexbyte/shared';
import { useId, useState } from 'react';
import { useCart } from '../cart-context';

/** The most units of a line: the cart limit, lowered to the stock when it is known. */
export function maxQuantity(item: CartItem): number {
  if (typeof item.stock !== 'number' || Number.isNaN(item.stock)) return QTY_MAX;
  return Math.max(QTY_MIN, Math.min(QTY_MAX, Math.floor(item.stock)));
}

/** − / number / + for one cart line, kept between 1 and 99 (or the stock). */
export function QuantityStepper({ item }: { item: CartItem }) {
  const { setQuantity } = useCart();
  const inputId = useId();
  const max = maxQuantity(item);
  // An emptied box stays empty while the shopper types a new number; leaving it sets 1.
  const [draft, setDraft] = useState<string | null>(null);

  return (
    <div className="stepper">
      <button
        type="button"
        className="stepper__button"
        aria-label={`Disminuir cantidad de ${item.nombre}`}
        disabled={item.qty <= QTY_MIN}
        onClick={() => setQuantity(item.id, item.qty - 1)}
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
        disabled={item.qty >= max}
        onClick={() => setQuantity(item.id, item.qty + 1)}
      >
        <span aria-hidden="true">+</span>
      </button>
    </div>
  );
}
