import { isStaffRole } from '@nexbyte/shared';
import type { FastifyRequest } from 'fastify';

function addValues(entries: [string, string][], name: string, value: unknown) {
  if (value === undefined || value === null || value === '') return;
  if (Array.isArray(value)) {
    // A repeated parameter is a set on every catalogue route (espec=…&espec=…): any order.
    const items = value.map((item: unknown) =>
      typeof item === 'object' && item !== null ? JSON.stringify(item) : String(item),
    );
    for (const item of items.sort()) addValues(entries, name, item);
    return;
  }
  entries.push([name, typeof value === 'object' ? JSON.stringify(value) : String(value)]);
}

function sortedEntries(values: unknown): [string, string][] {
  const entries: [string, string][] = [];
  if (values && typeof values === 'object') {
    for (const name of Object.keys(values).sort()) {
      addValues(entries, name, (values as Record<string, unknown>)[name]);
    }
  }
  return entries;
}

/**
 * The route, its params and its query as the client sent them, parsed, names sorted and empty
 * values left out (every catalogue query treats an empty value as absent), a repeated name's values
 * sorted. So `?q=ssd&orden=precio_asc` and `?orden=precio_asc&min=&q=ssd` share one answer, and
 * so do `?espec=a&espec=b` and `?espec=b&espec=a`. The raw query,
 * not the validated one: a kept answer is found before validation runs.
 */
export function answerKey(request: FastifyRequest): string {
  // The same address always gives the same key, and shoppers ask the same few addresses.
  return remember(keysByUrl, request.url, () => {
    const params = new URLSearchParams(sortedEntries(request.params)).toString();
    const query = new URLSearchParams(sortedEntries(request.query)).toString();
    return `${request.routeOptions.url ?? ''}|${params}|${query}`;
  });
}

/** The key Fastify worked out for this exact address, if a shopper has asked it before. */
export function knownKey(url: string): string | undefined {
  return keysByUrl.get(url);
}

/**
 * Worked out per request otherwise; small bounded memories, emptied when full. Long inputs are
 * not kept, so a flood of odd addresses cannot make them large.
 */
const MEMORY_MAX = 2_000;
const INPUT_MAX = 1_024;
const keysByUrl = new Map<string, string>();
const staffByAuthorization = new Map<string, boolean>();

function remember<T>(memory: Map<string, T>, input: string, work: () => T): T {
  if (input.length > INPUT_MAX) return work();
  let value = memory.get(input);
  if (value === undefined) {
    if (memory.size >= MEMORY_MAX) memory.clear();
    value = work();
    memory.set(input, value);
  }
  return value;
}

/**
 * Whether the request carries a token that says ADMIN or VENDOR (decision 018). The signature is
 * not checked here: the handler checks it, and only staff are answered differently from a
 * shopper, so a forged claim
 * just skips the cache and a CLIENT or invalid token gets what the handler would give it, the
 * shopper's answer.
 */
export function claimsStaff(authorization: string | undefined): boolean {
  if (!authorization) return false;
  return remember(staffByAuthorization, authorization, () => readsStaff(authorization));
}

function readsStaff(authorization: string): boolean {
  const [scheme, token] = authorization.split(' ');
  if (scheme?.toLowerCase() !== 'bearer' || !token) return false;
  const payload = token.split('.')[1];
  if (!payload) return false;
  try {
    const claims: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    const role = (claims as { role?: unknown } | null)?.role;
    return typeof role === 'string' && isStaffRole(role);
  } catch {
    return false;
  }
}
