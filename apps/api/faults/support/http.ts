import { expect } from 'vitest';
import { MESSAGES } from '../../src/http-errors';

export interface Answer {
  /** 0 when no HTTP answer came (connection refused or reset, or our own time-out). */
  status: number;
  headers: Headers;
  body: unknown;
  /** Milliseconds from sending to the whole answer (or to the failure). */
  ms: number;
  /** Why no answer came: 'timeout', or the socket error code (ECONNREFUSED, …). */
  error?: string;
}

export interface CallOptions {
  body?: unknown;
  headers?: Record<string, string>;
  token?: string;
  /** The caller gives up after this long: a hang shows as status 0, error 'timeout'. */
  timeoutMs?: number;
}

function errorCode(err: unknown): string {
  if (err instanceof DOMException && err.name === 'TimeoutError') return 'timeout';
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return err instanceof Error ? err.message : String(err);
}

/** One HTTP call that never throws: the answer, or why there was none, and how long it took. */
export async function call(
  origin: string,
  method: string,
  url: string,
  { body, headers = {}, token, timeoutMs = 10_000 }: CallOptions = {},
): Promise<Answer> {
  const started = performance.now();
  try {
    const res = await fetch(`${origin}${url}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // Not JSON: kept as text so the assertion shows what came.
    }
    return {
      status: res.status,
      headers: res.headers,
      body: parsed,
      ms: performance.now() - started,
    };
  } catch (err) {
    return {
      status: 0,
      headers: new Headers(),
      body: null,
      ms: performance.now() - started,
      error: errorCode(err),
    };
  }
}

export const UNAVAILABLE_MESSAGES: readonly string[] = [MESSAGES.unavailable, MESSAGES.overloaded];

/** Whether an answer is the contract's 503: Retry-After in seconds and our Spanish `{ message }`. */
export function isUnavailable(answer: Answer): boolean {
  const message = (answer.body as { message?: unknown } | null)?.message;
  return (
    answer.status === 503 &&
    /^\d+$/.test(answer.headers.get('retry-after') ?? '') &&
    typeof message === 'string' &&
    UNAVAILABLE_MESSAGES.includes(message)
  );
}

/** Asserts the contract's 503, showing the whole answer when it is something else. */
export function expectUnavailable(answer: Answer, what: string) {
  expect(
    {
      what,
      status: answer.status,
      retryAfter: answer.headers.get('retry-after'),
      body: answer.body,
      error: answer.error,
    },
    `${what}: se esperaba 503 con Retry-After y { message } en español`,
  ).toMatchObject({
    status: 503,
    retryAfter: expect.stringMatching(/^\d+$/),
    body: { message: expect.toBeOneOf([...UNAVAILABLE_MESSAGES]) },
  });
}

/** Polls until `attempt` answers true; resolves the milliseconds it took, or throws after `limitMs`. */
export async function waitUntil(
  what: string,
  attempt: () => Promise<boolean>,
  { limitMs, everyMs = 50 }: { limitMs: number; everyMs?: number },
): Promise<number> {
  const started = performance.now();
  for (;;) {
    if (await attempt()) return performance.now() - started;
    if (performance.now() - started > limitMs) {
      throw new Error(`${what}: no ocurrió en ${limitMs} ms`);
    }
    await sleep(everyMs);
  }
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The figures of one scenario on one line, for the note. */
export function report(scenario: string, figures: Record<string, string | number | boolean>) {
  const parts = Object.entries(figures).map(
    ([k, v]) => `${k}=${typeof v === 'number' ? Math.round(v) : v}`,
  );
  console.info(`faults: ${scenario} ${parts.join(' ')}`);
}
