import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * False while React hydrates the server's HTML (the server knows nothing of this browser), true
 * in every render after it and in a page rendered in the browser from the start. State read from
 * browser storage starts from the server's view while this is false, then catches up.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
