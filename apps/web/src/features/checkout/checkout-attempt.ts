// One Idempotency-Key per checkout attempt, kept in the tab until the order is placed: a retry
// after a dropped connection, a reload or a double click sends the same key, and the server
// answers the order it already created instead of creating another.
import { readString, removeKey, TAB_KEYS, writeString } from '../../lib/storage';

function newKey(): string {
  // randomUUID exists only in secure contexts (https, localhost); the shop may be opened over
  // plain http on a local network.
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The attempt's key; where storage is disabled it lives only for this call. */
export function checkoutAttemptKey(): string {
  const saved = readString(TAB_KEYS.checkoutAttempt, { area: 'tab' });
  if (saved) return saved;
  const key = newKey();
  writeString(TAB_KEYS.checkoutAttempt, key, { area: 'tab' });
  return key;
}

/** The order was placed (or the key can no longer be used): the next purchase gets a new key. */
export function forgetCheckoutAttempt(): void {
  removeKey(TAB_KEYS.checkoutAttempt, { area: 'tab' });
}
