import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { ORDENES_PRODUCTOS, type OrdenProductos } from '@nexbyte/shared';
import type { ProductFilters } from './api/get-products';

export const DEFAULT_ORDEN: OrdenProductos = 'recientes';

/** The filters as the form shows them: text, with '' for "not set". */
export interface ProductFilterValues {
  q: string;
  categoria: string;
  min: string;
  max: string;
  orden: OrdenProductos;
}

export type FilterName = keyof ProductFilterValues;

const FILTER_NAMES: readonly FilterName[] = ['q', 'categoria', 'min', 'max', 'orden'];

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
  const orden = params.get('orden');
  return {
    q: (params.get('q') ?? '').trim(),
    categoria: (params.get('categoria') ?? '').trim(),
    min: price('min'),
    max: price('max'),
    orden: isOrden(orden) ? orden : DEFAULT_ORDEN,
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
  return filters;
}

/**
 * The product list's filters live in the address (q, categoria, min, max, orden), so a filtered
 * list can be shared and survives a reload. Defaults are left out of the address.
 */
export function useProductFilters() {
  const [searchParams, setSearchParams] = useSearchParams();
  const values = readFilterValues(searchParams);

  const setFilter = useCallback(
    (name: FilterName, value: string, { replace = false }: { replace?: boolean } = {}) => {
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          const text = value.trim();
          if (text === '' || (name === 'orden' && text === DEFAULT_ORDEN)) next.delete(name);
          else next.set(name, text);
          return next;
        },
        { replace },
      );
    },
    [setSearchParams],
  );

  const clearFilters = useCallback(() => {
    setSearchParams((current) => {
      const next = new URLSearchParams(current);
      for (const name of FILTER_NAMES) next.delete(name);
      return next;
    });
  }, [setSearchParams]);

  const isFiltered =
    values.q !== '' ||
    values.categoria !== '' ||
    values.min !== '' ||
    values.max !== '' ||
    values.orden !== DEFAULT_ORDEN;

  return { values, filters: toProductFilters(values), setFilter, clearFilters, isFiltered };
}
