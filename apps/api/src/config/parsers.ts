// Settings that need more than the schema: the proxies to believe, the origins allowed to call
// the API, and the database client's time-out against the server's.
import { isIP } from 'node:net';
import { ConfigError } from './config-error';
import type { Env } from './env-schema';
import type { TrustProxy } from './types';

/** Names proxy-addr (Fastify's) knows for whole ranges. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY as a hop count (`1`: one proxy in front) or a list of proxy addresses and CIDRs.
 * `true` would believe every X-Forwarded-For entry, the left-most of which the client writes, so
 * every per-client limit could be dodged: it is refused rather than guessed at.
 */
export function parseTrustProxy(raw: string): TrustProxy {
  const value = raw.trim().toLowerCase();
  if (['', '0', 'false', 'no', 'off'].includes(value)) return false;
  if (['true', 'yes', 'on'].includes(value)) {
    throw new ConfigError(
      'TRUST_PROXY=true ya no se acepta: creería la dirección que cualquier cliente escribe en X-Forwarded-For. Usa el número de proxies delante del servidor (TRUST_PROXY=1) o sus direcciones (TRUST_PROXY=10.0.0.0/8,127.0.0.1).',
    );
  }
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > 10) throw new ConfigError(`TRUST_PROXY: ${hops} proxies seguidos no es creíble.`);
    return hops;
  }
  const entries = value.split(',').map((entry) => entry.trim());
  const wrong = entries.filter((entry) => !isProxyAddress(entry));
  if (wrong.length > 0) {
    throw new ConfigError(
      `TRUST_PROXY debe ser un número de proxies o una lista de direcciones IP y rangos CIDR separados por comas; no se entiende: ${wrong.join(', ')}`,
    );
  }
  return entries;
}

/**
 * CORS_ORIGINS: the origins (scheme, host and port, as a browser sends them in `Origin`) allowed to
 * call the API from their pages. `*` is refused: the API answers with personal data.
 */
export function parseCorsOrigins(raw: string): string[] {
  const origins = raw
    .split(',')
    .map((origin) => origin.trim().replace(/\/+$/, '').toLowerCase())
    .filter(Boolean);
  const wrong = origins.filter((origin) => !/^https?:\/\/[a-z0-9.-]+(:\d{1,5})?$/.test(origin));
  if (wrong.length > 0) {
    throw new ConfigError(
      `CORS_ORIGINS debe ser una lista de orígenes separados por comas, como https://tienda.ejemplo.cl (sin ruta ni *); no se entiende: ${wrong.join(', ')}`,
    );
  }
  return origins;
}

/**
 * The client-side query time-out must outlast the server's statement time-out, so that a slow
 * statement is cancelled by PostgreSQL (and the connection kept) and only a stalled network hits
 * the client's. By default it is one second longer.
 */
export function queryTimeoutMs(env: Env): number {
  const statement = env.DB_STATEMENT_TIMEOUT_MS;
  if (env.DB_QUERY_TIMEOUT_MS === undefined) return statement + 1_000;
  if (env.DB_QUERY_TIMEOUT_MS <= statement) {
    throw new ConfigError(
      `DB_QUERY_TIMEOUT_MS (${env.DB_QUERY_TIMEOUT_MS}) debe ser mayor que DB_STATEMENT_TIMEOUT_MS (${statement}).`,
    );
  }
  return env.DB_QUERY_TIMEOUT_MS;
}
