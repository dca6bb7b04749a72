import { ORDENES_PRODUCTOS, ORDEN_LABELS, type OrdenProductos } from '@nexbyte/shared';
import type { KeyboardEvent, Ref } from 'react';
import { FormField } from '../../../components/ui/form-field';
import { useCategories } from '../api/get-categories';
import { useDebouncedDraft } from '../../../lib/use-debounced-draft';
import { parsePrice, type FilterName, type ProductFilterValues } from '../use-product-filters';
import { ProductSearch } from './product-search';

interface ProductFiltersProps {
  values: ProductFilterValues;
  onChange: (name: FilterName, value: string, options?: { replace?: boolean }) => void;
  onClear: () => void;
  /** The search box, for the list to send focus back to it. */
  searchRef?: Ref<HTMLInputElement>;
}

const trim = (text: string) => text.trim();
/** A price box commits only a usable price; anything else is the same as empty. */
const priceText = (text: string) => (parsePrice(text) === undefined ? '' : text.trim());

/** Search, category, price range and sort of the product list. */
export function ProductFilters({ values, onChange, onClear, searchRef }: ProductFiltersProps) {
  // Typing rewrites the address in place, so Back leaves the list instead of undoing letters.
  const search = useDebouncedDraft(values.q, (q) => onChange('q', q, { replace: true }), {
    normalize: trim,
  });
  const min = useDebouncedDraft(values.min, (v) => onChange('min', v, { replace: true }), {
    normalize: priceText,
  });
  const max = useDebouncedDraft(values.max, (v) => onChange('max', v, { replace: true }), {
    normalize: priceText,
  });

  const categoria = useCategoryChoice(values.categoria);
  // Relevance means something only for a text search, where it comes first as the default;
  // without one the list keeps the spec's orders, most recent first.
  const others = ORDENES_PRODUCTOS.filter((orden) => orden !== 'relevancia');
  const ordenes: OrdenProductos[] = values.q ? ['relevancia', ...others] : others;

  // What is typed and not committed yet goes too, or its commit would land after the clearing.
  const clear = () => {
    for (const box of [search, min, max]) box.discard();
    onClear();
  };

  const flushOnEnter = (flush: () => void) => (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') flush();
  };

  return (
    <form
      role="search"
      aria-label="Filtrar productos"
      className="catalog-filters"
      onSubmit={(event) => event.preventDefault()}
    >
      <ProductSearch
        className="catalog-filters__search"
        inputRef={searchRef}
        value={search.draft}
        onChange={search.setDraft}
        onSubmit={search.flush}
      />
      <FormField label="Categoría">
        <select
          name="categoria"
          value={categoria.value}
          onChange={(event) => onChange('categoria', event.target.value)}
        >
          <option value="">todas</option>
          {categoria.names.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </FormField>
      <FormField label="Precio mínimo">
        <input
          type="number"
          name="min"
          min={0}
          step="any"
          inputMode="numeric"
          value={min.draft}
          onChange={(event) => min.setDraft(event.target.value)}
          onKeyDown={flushOnEnter(min.flush)}
          onBlur={min.flush}
        />
      </FormField>
      <FormField label="Precio máximo">
        <input
          type="number"
          name="max"
          min={0}
          step="any"
          inputMode="numeric"
          value={max.draft}
          onChange={(event) => max.setDraft(event.target.value)}
          onKeyDown={flushOnEnter(max.flush)}
          onBlur={max.flush}
        />
      </FormField>
      <FormField label="Ordenar por">
        <select
          name="orden"
          value={values.orden}
          onChange={(event) => onChange('orden', event.target.value as OrdenProductos)}
        >
          {ordenes.map((orden) => (
            <option key={orden} value={orden}>
              {ORDEN_LABELS[orden]}
            </option>
          ))}
        </select>
      </FormField>
      <div className="catalog-filters__clear">
        <button type="button" className="button button--ghost catalog-button" onClick={clear}>
          Limpiar filtros
        </button>
      </div>
    </form>
  );
}

/**
 * The category names for the select, and the chosen one written as the list writes it (the
 * address may hold it in another case). A chosen name not in the list is kept as an option, so
 * the select shows it while the categories load.
 */
function useCategoryChoice(selected: string) {
  const { data: categories = [] } = useCategories();
  const names = categories.map((categoria) => categoria.nombre);
  const match = names.find((name) => name.toLowerCase() === selected.toLowerCase());
  const value = match ?? selected;
  return { value, names: value === '' || match ? names : [value, ...names] };
}
