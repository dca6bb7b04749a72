import { isIPv4, isIPv6 } from 'node:net';

/** Hextets an IPv6 client keeps in its key: a /64, the block one subscriber usually holds. */
const IPV6_KEPT_HEXTETS = 4;

/** The eight hextets of an IPv6 address (without a zone), or null if it is not one. */
function hextets(address: string): number[] | null {
  if (!isIPv6(address)) return null;
  let text = address;
  // An IPv4 tail (`::ffff:192.0.2.1`) is the last two hextets written in decimal.
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const parse = (part: string) => (part ? part.split(':').map((h) => parseInt(h, 16)) : []);
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}

/** The key of a request whose socket has no address any more. */
const NO_ADDRESS = 'sin-direccion';

/**
 * The key every per-client limit counts under (the general rate limit, the forms limit, the login
 * and recovery limiters): an IPv4 address as it is, an IPv6 one by its /64, since one subscriber
 * is usually given a whole /64 and could otherwise take a fresh address for every attempt. An
 * IPv4 client seen through an IPv6 socket (`::ffff:a.b.c.d`) counts as its IPv4 address.
 */
export function clientKey(ip: string | undefined): string {
  // Fastify's request.ip is the socket's address, which Node forgets once the socket is gone: a
  // request whose connection the HTTP parser closed (a malformed Transfer-Encoding, say) still runs
  // its hooks. Its answer goes nowhere, so it counts under one key of its own.
  if (!ip) return NO_ADDRESS;
  const address = ip.split('%')[0] ?? ip;
  if (isIPv4(address)) return address;
  const parts = hextets(address);
  if (!parts) return ip;
  if (parts.slice(0, 5).every((h) => h === 0) && parts[5] === 0xffff) {
    const [hi = 0, lo = 0] = parts.slice(6);
    return [hi >> 8, hi & 0xff, lo >> 8, lo & 0xff].join('.');
  }
  return `${parts
    .slice(0, IPV6_KEPT_HEXTETS)
    .map((h) => h.toString(16))
    .join(':')}::/64`;
}

/**
 * Fastify's `trustProxy` for TRUST_PROXY. Fastify treats a bare hop count as "trust nobody" (it
 * cannot tell the proxy from a client that reached the server directly), so a count becomes a
 * function: the nearest `hops` addresses, starting with the socket's, are our proxies, and the
 * client is the one the last of them appended. It is only safe when the server cannot be reached
 * except through those proxies; README says so.
 */
export function proxyTrust(
  setting: false | number | string[],
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting !== 'number') return setting;
  return (_address, hop) => hop < setting;
}

/** Whether a socket address is this machine's own (127.0.0.0/8, ::1, or IPv4 loopback over IPv6). */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const key = clientKey(address);
  return (
    key.startsWith('127.') || (isIPv6(address) && hextets(address)?.join(':') === '0:0:0:0:0:0:0:1')
  );
}
