import { useCallback, useLayoutEffect, useRef } from 'react';
import { useSearchParams, type NavigateOptions } from 'react-router';

/** Changes whose arrival in the address is awaited at most; older ones are forgotten. */
const MAX_AWAITED = 10;

/**
 * The address's query, and a way to change part of it that builds on the latest change made here,
 * not on the last one rendered: two changes in quick succession (a debounced box committing right
 * after a select changed) would otherwise each start from the same old query, and the second would
 * undo the first. The router renders navigations in a transition, so an earlier change of ours can
 * reach the screen after a later one was made: such an echo is not taken as the new base; a query
 * we did not make (a link, the back button) is.
 */
export function useSearchParamsUpdate() {
  const [searchParams, setSearchParams] = useSearchParams();
  const latest = useRef(searchParams);
  const awaited = useRef<string[]>([]);
  useLayoutEffect(() => {
    const echo = awaited.current.indexOf(searchParams.toString());
    if (echo >= 0) {
      awaited.current = awaited.current.slice(echo + 1);
      return;
    }
    awaited.current = [];
    latest.current = searchParams;
  }, [searchParams]);

  const update = useCallback(
    (change: (params: URLSearchParams) => void, options?: NavigateOptions) => {
      setSearchParams(() => {
        const next = new URLSearchParams(latest.current);
        change(next);
        if (next.toString() !== latest.current.toString()) {
          awaited.current = [...awaited.current, next.toString()].slice(-MAX_AWAITED);
        }
        latest.current = next;
        return next;
      }, options);
    },
    [setSearchParams],
  );

  return [searchParams, update] as const;
}
