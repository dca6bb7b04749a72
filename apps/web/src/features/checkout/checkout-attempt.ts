// One Idempotency-Key per checkout attempt, kept in the tab until the order is placed: a retry
// after a dropped connection, a reload or a double click sends the same key, and the server
// answers the order it already created instead of creating another.

const KEY = 'nexbyte_checkout_key';

function newKey(): string {
  // randomUUID exists only in secure contexts (https, localhost); the shop may be opened over
  // plain http on a local network.
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export function checkoutAttemptKey(): string {
  try {
    const saved = window.sessionStorage.getItem(KEY);
    if (saved) return saved;
  } catch {
    // Storage can be disabled; the key then lives only for this call.
  }
  const key = newKey();
  try {
    window.sessionStorage.setItem(KEY, key);
  } catch (error) {
    console.warn('No se pudo guardar la clave del intento de compra:', error);
  }
  return key;
}

/** The order was placed (or the key can no longer be used): the next purchase gets a new key. */
export function forgetCheckoutAttempt(): void {
  try {
    window.sessionStorage.removeItem(KEY);
  } catch {
    // Nothing to forget.
  }
}
