import { useCallback, useLayoutEffect, useRef } from 'react';
import { useSearchParams, type NavigateOptions } from 'react-router';

/**
 * The address's query, and a way to change part of it that builds on the latest change made here,
 * not on the last one rendered: two changes in quick succession (a debounced box committing right
 * after a select changed) would otherwise each start from the same old query, and the second would
 * undo the first.
 */
export function useSearchParamsUpdate() {
  const [searchParams, setSearchParams] = useSearchParams();
  const latest = useRef(searchParams);
  useLayoutEffect(() => {
    latest.current = searchParams;
  }, [searchParams]);

  const update = useCallback(
    (change: (params: URLSearchParams) => void, options?: NavigateOptions) => {
      setSearchParams(() => {
        const next = new URLSearchParams(latest.current);
        change(next);
        latest.current = next;
        return next;
      }, options);
    },
    [setSearchParams],
  );

  return [searchParams, update] as const;
}
