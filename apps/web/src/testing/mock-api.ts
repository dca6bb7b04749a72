// The one stand-in API behind fetch for web component tests. Handlers are keyed 'METHOD /path'
// (without '/api' and the query string); a `:name` segment matches any one segment and is read
// back in `call.params`, and an exact key wins over a pattern. Every call is recorded with its
// query, body and headers (`calls`, `callsTo`); a call nobody planned for fails the test.
import { vi } from 'vitest';

export interface MockReply {
  status?: number;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as it is instead of `body` (a CSV file, an HTML error page); set its Content-Type in `headers`. */
  raw?: string | Blob;
  headers?: Record<string, string>;
}

export interface MockCall {
  method: string;
  path: string;
  /** The `:name` segments of the handler's key that matched this call. */
  params: Record<string, string>;
  query: URLSearchParams;
  /** The body sent: parsed JSON, or the raw value when it is not JSON text. */
  body: unknown;
  headers: Headers;
  /** The Authorization header as sent, or null. */
  authorization: string | null;
}

/** A handler that throws makes fetch reject, as when the network is down. */
export type MockHandler = MockReply | ((call: MockCall) => MockReply | Promise<MockReply>);

/** A reply that never comes: the request stays pending and changes nothing on screen. */
export const NEVER: MockHandler = () => new Promise<MockReply>(() => {});

/** No answer at all: fetch rejects as the browser's does when the network is down. */
export const NETWORK_ERROR: MockHandler = () => {
  throw new TypeError('Failed to fetch');
};

export interface MockApiOptions {
  /**
   * What answers a call no handler names, instead of failing the test: NEVER for a screen whose
   * other requests (another page the test navigates to) are not the test's subject.
   */
  otherwise?: MockHandler;
}

function parseBody(body: BodyInit | null | undefined): unknown {
  if (typeof body !== 'string') return body ?? undefined;
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return body;
  }
}

function findHandler(handlers: Record<string, MockHandler>, method: string, path: string) {
  const exact = handlers[`${method} ${path}`];
  if (exact) return { handler: exact, params: {} };
  const segments = path.split('/');
  for (const [key, handler] of Object.entries(handlers)) {
    const [keyMethod, keyPath = ''] = key.split(' ');
    if (keyMethod !== method || !keyPath.includes('/:')) continue;
    const keySegments = keyPath.split('/');
    if (keySegments.length !== segments.length) continue;
    const params: Record<string, string> = {};
    const matches = keySegments.every((part, i) => {
      if (part.startsWith(':')) {
        params[part.slice(1)] = decodeURIComponent(segments[i]!);
        return segments[i] !== '';
      }
      return part === segments[i];
    });
    if (matches) return { handler, params };
  }
  return undefined;
}

export function mockApi(handlers: Record<string, MockHandler>, { otherwise }: MockApiOptions = {}) {
  const calls: MockCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
    const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : {}));
    const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
    const path = url.pathname.replace(/^\/api/, '');
    const found = findHandler(handlers, method, path);
    const call: MockCall = {
      method,
      path,
      params: found?.params ?? {},
      query: url.searchParams,
      body: parseBody(init?.body),
      headers,
      authorization: headers.get('Authorization'),
    };
    calls.push(call);
    const handler = found?.handler ?? otherwise;
    if (!handler) throw new Error(`Llamada no prevista en el test: ${call.method} ${call.path}`);
    const reply = typeof handler === 'function' ? await handler(call) : handler;
    const status = reply.status ?? 200;
    if (reply.raw !== undefined) {
      return new Response(status === 204 ? null : reply.raw, { status, headers: reply.headers });
    }
    return new Response(
      reply.body === undefined || status === 204 ? null : JSON.stringify(reply.body),
      { status, headers: { 'Content-Type': 'application/json', ...reply.headers } },
    );
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    fetchMock,
    /** The calls to one 'METHOD /path' as sent (not as a pattern), in order. */
    callsTo: (method: string, path: string) =>
      calls.filter((c) => c.method === method && c.path === path),
  };
}
