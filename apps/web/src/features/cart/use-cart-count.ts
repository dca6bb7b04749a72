import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS, cartItemCount, parseStoredCart } from '@nexbyte/shared';
import { readString } from '../../lib/storage';

// Until the cart has its provider, the header reads the stored cart directly; a missing or
// unreadable cart counts as empty.
function getCartCount(): number {
  return cartItemCount(parseStoredCart(readString(STORAGE_KEYS.cart)));
}

function subscribeToStoredCart(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === STORAGE_KEYS.cart) onChange();
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}

/** Units in the stored cart (sum of qty), read again on every render of the caller. */
export function useCartCount(): number {
  return useSyncExternalStore(subscribeToStoredCart, getCartCount, () => 0);
}
