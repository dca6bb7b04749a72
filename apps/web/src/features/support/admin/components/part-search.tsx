import { formatCLP, type Producto } from '@nexbyte/shared';
import { useId, useState } from 'react';
import { useDebouncedValue } from '../../../../lib/use-debounced-draft';
import { useParts } from '../api/search-parts';
import '../support-desk.css';

const SEARCH_DELAY_MS = 300;

/** Finds a part in the catalogue by name or brand and adds it to the quote (not one out of stock). */
export function PartSearch({
  onPick,
  disabled,
}: {
  onPick: (product: Producto) => void;
  disabled: boolean;
}) {
  const id = useId();
  const [text, setText] = useState('');
  const q = useDebouncedValue(text.trim(), SEARCH_DELAY_MS);
  const results = useParts(q);
  return (
    <div className="quote-editor__search">
      <div className="form-field">
        <label htmlFor={id} className="form-field__label">
          Buscar repuesto
        </label>
        <input
          id={id}
          type="search"
          value={text}
          placeholder="Nombre o marca del producto"
          onChange={(event) => setText(event.target.value)}
        />
      </div>
      {q.length >= 2 && (
        <div aria-live="polite">
          {results.isPending ? (
            <p className="muted">Buscando…</p>
          ) : results.isError ? (
            <p className="form-field__error">No se pudo buscar en el catálogo.</p>
          ) : results.data.length === 0 ? (
            <p className="muted">Sin resultados para «{q}».</p>
          ) : (
            <ul className="quote-editor__results">
              {results.data.map((product) => (
                <li key={product.id}>
                  <span>
                    {product.nombre}{' '}
                    <span className="muted">
                      {formatCLP(product.precio)} · stock {product.stock}
                    </span>
                  </span>
                  <button
                    type="button"
                    className="button button--small"
                    disabled={disabled || product.stock <= 0}
                    onClick={() => onPick(product)}
                    aria-label={`Agregar ${product.nombre}`}
                  >
                    Agregar
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
