import { LIST_PAGE_MAX } from '@nexbyte/shared';
import { useCallback } from 'react';
import { useSearchParamsUpdate } from './use-search-params-update';

/** The page in the address (?pagina=), from 1; anything unreadable is the first page. */
export function readPage(params: URLSearchParams): number {
  const pagina = Number(params.get('pagina'));
  return Number.isInteger(pagina) && pagina >= 1 && pagina <= LIST_PAGE_MAX ? pagina : 1;
}

/**
 * The page of a list that pages on the server, kept in the address so a reload or a shared link
 * shows the same page. Page 1 is left out; the other parameters are kept as they are.
 */
export function usePageParam() {
  const [params, updateParams] = useSearchParamsUpdate();
  const pagina = readPage(params);
  const setPagina = useCallback(
    (next: number, { replace = false }: { replace?: boolean } = {}) => {
      updateParams(
        (updated) => {
          if (next <= 1) updated.delete('pagina');
          else updated.set('pagina', String(next));
        },
        { replace },
      );
    },
    [updateParams],
  );
  return [pagina, setPagina] as const;
}
