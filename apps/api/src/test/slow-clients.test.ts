import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './test-app';

/** A real socket (app.inject has no time): each test sends as slowly as an attacker would. */
let t: TestContext;
let port: number;
beforeAll(async () => {
  t = await createTestApp({ REQUEST_TIMEOUT_MS: '1000', CONNECTION_TIMEOUT_MS: '1500' });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

interface Watched {
  socket: Socket;
  /** Resolves when the server closes the socket: after how many ms, and what it answered. */
  closed: Promise<{ ms: number; answer: string }>;
}

async function open(): Promise<Watched> {
  const socket = connect({ host: '127.0.0.1', port });
  await new Promise((resolve) => socket.once('connect', resolve));
  const started = Date.now();
  let answer = '';
  socket.on('data', (chunk) => (answer += chunk.toString()));
  socket.on('error', () => {});
  const closed = new Promise<{ ms: number; answer: string }>((resolve) =>
    socket.once('close', () => resolve({ ms: Date.now() - started, answer })),
  );
  return { socket, closed };
}

/** Writes one byte of `text` every `everyMs` until the socket closes. */
function trickle(socket: Socket, text: string, everyMs = 100) {
  let at = 0;
  const timer = setInterval(() => {
    if (socket.destroyed || at >= text.length) return clearInterval(timer);
    socket.write(text[at++]!);
  }, everyMs);
  socket.once('close', () => clearInterval(timer));
}

describe('slow clients', () => {
  it('a body sent a byte at a time is cut off with 408 once REQUEST_TIMEOUT_MS has passed', async () => {
    const { socket, closed } = await open();
    socket.write(
      'POST /api/contactos HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 5000\r\n\r\n',
    );
    trickle(socket, `{"nombre":"${'a'.repeat(4900)}"}`);
    const { ms, answer } = await closed;
    expect(ms).toBeGreaterThanOrEqual(900);
    expect(ms).toBeLessThan(4_000);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  });

  it('headers sent a byte at a time are cut off too', async () => {
    const { socket, closed } = await open();
    trickle(socket, `GET /api/categorias HTTP/1.1\r\nHost: x\r\nX-Relleno: ${'a'.repeat(500)}`);
    const { ms } = await closed;
    expect(ms).toBeGreaterThanOrEqual(900);
    expect(ms).toBeLessThan(4_000);
  });

  it('a socket that sends nothing is closed after CONNECTION_TIMEOUT_MS', async () => {
    const { closed } = await open();
    const { ms } = await closed;
    expect(ms).toBeGreaterThanOrEqual(900);
    expect(ms).toBeLessThan(4_000);
  });

  it('a client that keeps to the limits is answered as usual', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/categorias`);
    expect(res.status).toBe(200);
  });
});
