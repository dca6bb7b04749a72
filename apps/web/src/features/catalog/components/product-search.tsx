import {
  formatCLP,
  pluralize,
  SUGGESTIONS_MAX,
  SUGGESTIONS_Q_MIN,
  type Producto,
} from '@nexbyte/shared';
import type { Ref } from 'react';
import { useNavigate } from 'react-router';
import { Combobox } from '../../../components/ui/combobox';
import { useDebouncedValue } from '../../../lib/use-debounced-draft';
import { suggestionTerm, useSuggestions } from '../api/get-suggestions';
import { productPath } from '../product-id';

/** Shorter than the list's own pause: suggestions should be there before the list reloads. */
export const SUGGESTIONS_DEBOUNCE_MS = 200;

const NO_PRODUCTS: Producto[] = [];

interface ProductSearchProps {
  /** The text in the box (the list's search, before it is committed to the address). */
  value: string;
  onChange: (text: string) => void;
  /**
   * Filter the list by the text now, not after the pause: on Enter without a chosen suggestion,
   * and on leaving the box or choosing a product, so that a pending search cannot land after
   * (and undo) the navigation the shopper started.
   */
  onSubmit: () => void;
  inputRef?: Ref<HTMLInputElement>;
  className?: string;
}

/**
 * The product list's search box: it filters the list, and while typing it suggests up to eight
 * products (name and price) that open their page when chosen. The suggestions are a convenience:
 * when they fail, the box and the list work as before.
 */
export function ProductSearch({
  value,
  onChange,
  onSubmit,
  inputRef,
  className,
}: ProductSearchProps) {
  const navigate = useNavigate();
  const typed = suggestionTerm(value);
  const term = useDebouncedValue(typed, SUGGESTIONS_DEBOUNCE_MS);
  const suggestions = useSuggestions(term, { keepPrevious: true });

  const searching = typed.length >= SUGGESTIONS_Q_MIN;
  const products =
    searching && !suggestions.isError
      ? (suggestions.data?.productos.slice(0, SUGGESTIONS_MAX) ?? NO_PRODUCTS)
      : NO_PRODUCTS;
  const loading = searching && !suggestions.isError && (typed !== term || suggestions.isFetching);

  return (
    <Combobox
      label="Buscar"
      name="q"
      placeholder="Nombre, descripción o categoría"
      className={className}
      inputRef={inputRef}
      value={value}
      onValueChange={onChange}
      onSubmit={onSubmit}
      onBlur={onSubmit}
      options={products}
      optionKey={(product) => product.id}
      renderOption={(product) => (
        <>
          <span className="product-suggestion__name">{product.nombre}</span>{' '}
          <span className="product-suggestion__price">{formatCLP(product.precio)}</span>
        </>
      )}
      onSelect={(product) => {
        onSubmit();
        void navigate(productPath(product.id));
      }}
      listLabel="Productos sugeridos"
      describeCount={(n) =>
        `${pluralize(n, 'producto sugerido', 'productos sugeridos')}. Usa las flechas para recorrerlos y Enter para abrir uno.`
      }
      loading={loading}
      loadingText="Buscando sugerencias…"
    />
  );
}
