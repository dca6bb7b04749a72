// A guest's order opens with a random token carried by the e-mailed link
// (/pedido/NB-000123#<token>), never with its number and e-mail, which are no secret.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { isStaffRole, type Usuario } from '@nexbyte/shared';

/** 256 random bits: no guessing, so a fast hash is enough to store it. */
const TOKEN_BYTES = 32;

export const hashAccessToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A new token for an order, and the hash that is all the database keeps of it. */
export function newAccessToken(): { token: string; hash: string } {
  const token = randomBytes(TOKEN_BYTES).toString('base64url');
  return { token, hash: hashAccessToken(token) };
}

/** Whether a token is the order's: compared in constant time, a missing one never matches. */
export function accessTokenMatches(storedHash: string | null, token: string | undefined): boolean {
  if (!storedHash || !token) return false;
  const given = Buffer.from(hashAccessToken(token), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}

/**
 * Who may read an order, and pay it: staff (ADMIN or VENDOR, decision 018), its customer, or (for
 * a guest's order) whoever holds its access token. A deleted customer's order is no guest's
 * (`invitado` stays false): only staff read it.
 */
export function mayRead(
  row: { usuarioId: number | null; invitado: boolean; tokenHash: string | null },
  user: Usuario | null,
  token: string | undefined,
): boolean {
  if (isStaffRole(user?.role)) return true;
  if (user && row.usuarioId !== null && row.usuarioId === user.id) return true;
  return row.invitado && accessTokenMatches(row.tokenHash, token);
}

/** The link that opens a guest's order, token in the fragment so no server log ever holds it. */
export const orderLinkPath = (numero: string, token: string | null) =>
  token ? `/pedido/${numero}#${token}` : `/pedido/${numero}`;

declare module '../../events' {
  interface ShopEvents {
    /**
     * A guest asked again for the link to their order: it carries a new token (the old link no
     * longer opens it). Only the mail subscriber reads it; it is never logged.
     */
    'pedido.enlace': { numero: string; acceso: string };
  }
  interface OrderFact {
    /** On 'pedido.creado' of a guest's order: the token its confirmation e-mail carries. */
    acceso?: string;
  }
}
