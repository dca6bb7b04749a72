import { useCallback } from 'react';
import { ORDENES_PRODUCTOS, effectiveOrden, type OrdenProductos } from '@nexbyte/shared';
import { useSearchParamsUpdate } from '../../lib/use-search-params-update';
import type { ProductFilters } from './api/get-products';

/**
 * The order the list has when the address names none: by relevance for a text search, most
 * recent first otherwise (as the API does). Left out of the address.
 */
export function defaultOrden(q: string): OrdenProductos {
  return effectiveOrden({ q });
}

/** The filters as the form shows them: text, with '' for "not set". */
export interface ProductFilterValues {
  q: string;
  categoria: string;
  min: string;
  max: string;
  orden: OrdenProductos;
  /** Chosen brands (any of them), as the facets name them. */
  marca: string[];
  /** Chosen specification values, 'nombre:valor' each. */
  espec: string[];
  /** Chosen typed values of PC parts, 'campo:valor' each ('socket:AM5'). */
  componente: string[];
}

/** The filters with one value each, set through setFilter; brands and specs are toggled. */
export type FilterName = Exclude<keyof ProductFilterValues, FacetKind>;

/** The filters ticked in the facets, several values each. */
export type FacetKind = 'marca' | 'espec' | 'componente';

/** A specification value as the address and the API write it. */
export const specParam = (nombre: string, valor: string) => `${nombre}:${valor}`;

/** The brands of `marca=Logitech,Razer`. */
function readBrands(params: URLSearchParams): string[] {
  const brands = (params.get('marca') ?? '').split(',').map((b) => b.trim());
  return [...new Set(brands.filter(Boolean))];
}

/** The `espec` (or `componente`) values that name something ('nombre:valor'). */
function readSpecs(params: URLSearchParams, name: 'espec' | 'componente' = 'espec'): string[] {
  const specs = params.getAll(name).map((s) => s.trim());
  return [...new Set(specs.filter((s) => s.indexOf(':') > 0 && !s.endsWith(':')))];
}

const FILTER_NAMES: readonly (keyof ProductFilterValues)[] = [
  'q',
  'categoria',
  'min',
  'max',
  'orden',
  'marca',
  'espec',
  'componente',
];

/** A price limit the filter can use: a number from 0 up; anything else means "no limit". */
export function parsePrice(raw: string | null | undefined): number | undefined {
  const text = (raw ?? '').trim();
  if (text === '') return undefined;
  const price = Number(text);
  return Number.isFinite(price) && price >= 0 ? price : undefined;
}

function isOrden(value: string | null): value is OrdenProductos {
  return (ORDENES_PRODUCTOS as readonly (string | null)[]).includes(value);
}

/** Reads the filters from the address; unreadable values count as not set. */
export function readFilterValues(params: URLSearchParams): ProductFilterValues {
  const price = (name: 'min' | 'max') =>
    parsePrice(params.get(name)) === undefined ? '' : (params.get(name) ?? '').trim();
  const q = (params.get('q') ?? '').trim();
  const orden = params.get('orden');
  return {
    q,
    categoria: (params.get('categoria') ?? '').trim(),
    min: price('min'),
    max: price('max'),
    // 'relevancia' without a text is not offered, and the API reads it as most recent.
    orden: effectiveOrden({ q, orden: isOrden(orden) ? orden : undefined }),
    marca: readBrands(params),
    espec: readSpecs(params),
    componente: readSpecs(params, 'componente'),
  };
}

/** What GET /productos receives: only the filters that are set. */
export function toProductFilters(values: ProductFilterValues): ProductFilters {
  const filters: ProductFilters = { orden: values.orden };
  if (values.q) filters.q = values.q;
  if (values.categoria) filters.categoria = values.categoria;
  const min = parsePrice(values.min);
  if (min !== undefined) filters.min = min;
  const max = parsePrice(values.max);
  if (max !== undefined) filters.max = max;
  if (values.marca.length > 0) filters.marca = values.marca.join(',');
  if (values.espec.length > 0) filters.espec = values.espec;
  if (values.componente.length > 0) filters.componente = values.componente;
  return filters;
}

/**
 * The product list's filters live in the address (q, categoria, min, max, orden, marca, espec,
 * componente), so a filtered
 * list can be shared and survives a reload. Defaults are left out of the address.
 */
export function useProductFilters() {
  const [searchParams, updateSearchParams] = useSearchParamsUpdate();
  const values = readFilterValues(searchParams);

  const setFilter = useCallback(
    (name: FilterName, value: string, { replace = false }: { replace?: boolean } = {}) => {
      updateSearchParams(
        (next) => {
          const text = value.trim();
          const q = (name === 'q' ? text : next.get('q')) ?? '';
          if (text === '' || (name === 'orden' && text === defaultOrden(q))) next.delete(name);
          else next.set(name, text);
        },
        { replace },
      );
    },
    [updateSearchParams],
  );

  /** Ticks or unticks a brand, a specification value ('nombre:valor') or a typed one. */
  const toggleFacet = useCallback(
    (kind: FacetKind, value: string) => {
      updateSearchParams((next) => {
        const chosen = kind === 'marca' ? readBrands(next) : readSpecs(next, kind);
        const updated = chosen.includes(value)
          ? chosen.filter((v) => v !== value)
          : [...chosen, value];
        next.delete(kind);
        if (kind === 'marca') {
          if (updated.length > 0) next.set('marca', updated.join(','));
        } else {
          for (const spec of updated) next.append(kind, spec);
        }
      });
    },
    [updateSearchParams],
  );

  const clearFilters = useCallback(() => {
    updateSearchParams((next) => {
      for (const name of FILTER_NAMES) next.delete(name);
    });
  }, [updateSearchParams]);

  const isFiltered =
    values.q !== '' ||
    values.categoria !== '' ||
    values.min !== '' ||
    values.max !== '' ||
    values.marca.length > 0 ||
    values.espec.length > 0 ||
    values.componente.length > 0 ||
    values.orden !== defaultOrden(values.q);

  return {
    values,
    filters: toProductFilters(values),
    setFilter,
    toggleFacet,
    clearFilters,
    isFiltered,
  };
}
