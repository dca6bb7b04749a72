// A stand-in API behind fetch for component tests: answers by 'METHOD /path' (without '/api' and
// the query string), records every call with its query, body and headers, and fails the test on
// a call nobody planned for.
import { vi } from 'vitest';

export interface MockReply {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface MockCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  headers: Headers;
  /** The Authorization header as sent, or null. */
  authorization: string | null;
}

export type MockHandler = MockReply | ((call: MockCall) => MockReply | Promise<MockReply>);

/** A reply that never comes: the request stays pending and changes nothing on screen. */
export const NEVER: MockHandler = () => new Promise<MockReply>(() => {});

export interface MockApiOptions {
  /**
   * What answers a call no handler names, instead of failing the test: NEVER for a screen whose
   * other requests (another page the test navigates to) are not the test's subject.
   */
  otherwise?: MockHandler;
}

export function mockApi(handlers: Record<string, MockHandler>, { otherwise }: MockApiOptions = {}) {
  const calls: MockCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const call: MockCall = {
      method: init?.method ?? 'GET',
      path: url.pathname.replace(/^\/api/, ''),
      query: url.searchParams,
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      headers: new Headers(init?.headers),
      authorization: new Headers(init?.headers).get('Authorization'),
    };
    calls.push(call);
    const handler = handlers[`${call.method} ${call.path}`] ?? otherwise;
    if (!handler) throw new Error(`Llamada no prevista en el test: ${call.method} ${call.path}`);
    const reply = typeof handler === 'function' ? await handler(call) : handler;
    const status = reply.status ?? 200;
    return new Response(
      reply.body === undefined || status === 204 ? null : JSON.stringify(reply.body),
      { status, headers: { 'Content-Type': 'application/json', ...reply.headers } },
    );
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    fetchMock,
    callsTo: (method: string, path: string) =>
      calls.filter((c) => c.method === method && c.path === path),
  };
}
