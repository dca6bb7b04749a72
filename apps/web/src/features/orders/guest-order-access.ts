// A guest opens their order with its access token: the e-mailed link carries it in the fragment
// (/pedido/NB-000123#<token>), which never reaches a server log. Right after the purchase the
// token is remembered for the tab, so the confirmation opens without the link.
import { readJson, TAB_KEYS, writeJson } from '../../lib/storage';

function read(): Record<string, string> {
  const stored = readJson(TAB_KEYS.guestOrders, { area: 'tab' });
  const value = stored.status === 'ok' ? stored.value : null;
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, string>)
    : {};
}

export function rememberGuestOrderAccess(numero: string, token: string): void {
  writeJson(TAB_KEYS.guestOrders, { ...read(), [numero]: token }, { area: 'tab' });
}

/** The token of the link (`#<token>`), else the one remembered for this tab, else null. */
export function guestOrderAccess(numero: string, hash: string): string | null {
  const fromLink = decodeURIComponent(hash.replace(/^#/, '')).trim();
  if (fromLink) return fromLink;
  const stored = read()[numero];
  return typeof stored === 'string' ? stored : null;
}
