import { createHmac, timingSafeEqual } from 'node:crypto';

// The link in an alert's e-mail: the address and its signature, so one click unsubscribes it
// without a stored token, and nobody can unsubscribe an address they did not receive mail at.

const PURPOSE = 'alertas-stock-baja:';

const signature = (secret: string, correo: string) =>
  createHmac('sha256', secret)
    .update(PURPOSE + correo)
    .digest('base64url');

export function unsubscribeToken(secret: string, correo: string): string {
  return `${Buffer.from(correo).toString('base64url')}.${signature(secret, correo)}`;
}

/** The address a token was signed for, or null when it was not signed by this shop. */
export function addressOf(secret: string, token: string): string | null {
  const [encoded, given] = token.split('.');
  if (!encoded || !given || token.split('.').length !== 2) return null;
  const correo = Buffer.from(encoded, 'base64url').toString('utf8');
  const expected = Buffer.from(signature(secret, correo));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected) ? correo : null;
}
