import Fastify, { type FastifyInstance } from 'fastify';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, RETRY_AFTER_SECONDS } from '../http-errors';
import errors from './errors';
import handlerTimeout from './handler-timeout';

/** A server with the shop's error answers and a 200 ms handler time-out, over real HTTP. */
let app: FastifyInstance;
let base: string;
let lateAnswers = 0;

beforeAll(async () => {
  app = Fastify();
  await app.register(errors);
  await app.register(handlerTimeout, { timeoutMs: 200 });
  const slow = async () => {
    await sleep(1_000);
    return { ok: true };
  };
  app.get('/lento', slow);
  app.post('/lento', slow);
  app.get('/lento-contado', async () => {
    await sleep(1_000);
    lateAnswers++;
    return { ok: true };
  });
  app.get('/rapido', async () => ({ ok: true }));
  app.post('/largo', { config: { handlerTimeoutMs: 5_000 } }, async () => {
    await sleep(500);
    return { ok: true };
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('sin dirección');
  base = `http://127.0.0.1:${address.port}`;
});
afterAll(() => app.close());

const post = (path: string) =>
  fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ pedido: 1 }),
  });

describe('a handler that does not answer in time', () => {
  it.each([
    ['GET', () => fetch(`${base}/lento`)],
    ['POST with a body', () => post('/lento')],
  ])('%s gets 503 with Retry-After and no internals', async (_, ask) => {
    const res = await ask();
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe(String(RETRY_AFTER_SECONDS));
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toEqual({ message: MESSAGES.unavailable });
  });

  it('runs on, and its late answer is dropped without harm', async () => {
    const res = await fetch(`${base}/lento-contado`);
    expect(res.status).toBe(503);
    await sleep(1_200);
    expect(lateAnswers).toBe(1);
    // The server still answers.
    expect((await fetch(`${base}/rapido`)).status).toBe(200);
  });

  it('leaves quick answers and a route with a longer time-out of its own alone', async () => {
    expect((await fetch(`${base}/rapido`)).status).toBe(200);
    const res = await post('/largo');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
  });
});
