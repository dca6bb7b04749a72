import { connect, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app';
import { MESSAGES } from '../http-errors';
import { freshDatabase, testConfig } from '../test/test-app';

/** Raw HTTP/1.1 responses read off one socket, split at each status line. */
function responses(raw: string): { status: number; head: string; body: string }[] {
  return raw
    .split(/(?=HTTP\/1\.1 \d{3})/)
    .filter(Boolean)
    .map((part) => {
      const [head = '', body = ''] = part.split('\r\n\r\n');
      return { status: Number(head.slice(9, 12)), head: head.toLowerCase(), body };
    });
}

describe('closing the server', () => {
  let app: App;
  let drop: () => Promise<void>;
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));

  beforeAll(async () => {
    const fresh = await freshDatabase();
    drop = fresh.drop;
    app = await buildApp({ config: testConfig(), database: fresh.database });
    // A request that stays in flight until the test lets it finish.
    app.get('/api/prueba-lenta', async () => {
      await held;
      return { listo: true };
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    release();
    await drop();
  });

  it('finishes the request in flight and answers what arrives meanwhile with our JSON 503', async () => {
    const { port } = app.server.address() as AddressInfo;
    const open = async () => {
      const socket = connect(port, '127.0.0.1');
      const state = { raw: '' };
      socket.on('data', (chunk) => (state.raw += chunk.toString()));
      const ended = new Promise<void>((resolve) => socket.on('close', () => resolve()));
      await new Promise<void>((resolve) => socket.on('connect', () => resolve()));
      return { socket, state, ended };
    };
    const slow = await open();
    slow.socket.write('GET /api/prueba-lenta HTTP/1.1\r\nHost: x\r\n\r\n');
    // A request whose headers are half sent when the server starts closing.
    const late = await open();
    late.socket.write('GET /api/categorias HTTP/1.1\r\nHost: x\r\n');
    await new Promise((resolve) => setTimeout(resolve, 100));
    const closed = app.close();
    await new Promise((resolve) => setTimeout(resolve, 100));
    late.socket.write('\r\n');
    await late.ended;
    release();
    await slow.ended;
    await closed;

    const [inFlight] = responses(slow.state.raw);
    expect(inFlight?.status).toBe(200);
    expect(JSON.parse(inFlight!.body)).toEqual({ listo: true });
    expect(inFlight?.head).toContain('connection: close');
    const [refused] = responses(late.state.raw);
    expect(refused?.status).toBe(503);
    expect(refused?.head).toContain('connection: close');
    expect(refused?.head).toContain('retry-after: 5');
    expect(refused?.head).toContain('content-type: application/json');
    expect(JSON.parse(refused!.body)).toEqual({ message: MESSAGES.unavailable });
  });
});

describe('HTTP limits', () => {
  it('bounds each wait and caps the sockets, from the configuration', async () => {
    const { database, drop } = await freshDatabase();
    const app = await buildApp({
      config: testConfig({
        REQUEST_TIMEOUT_MS: '20000',
        CONNECTION_TIMEOUT_MS: '40000',
        KEEP_ALIVE_TIMEOUT_MS: '5000',
        MAX_CONNECTIONS: '300',
      }),
      database,
    });
    try {
      expect(app.server.requestTimeout).toBe(20_000);
      expect(app.server.headersTimeout).toBe(10_000);
      expect(app.server.timeout).toBe(40_000);
      expect(app.server.keepAliveTimeout).toBe(5_000);
      expect(app.server.maxConnections).toBe(300);
    } finally {
      await app.close();
      await drop();
    }
  });

  it('a slow sender is cut off after the request time-out', async () => {
    const { database, drop } = await freshDatabase();
    const app = await buildApp({ config: testConfig({ REQUEST_TIMEOUT_MS: '500' }), database });
    await app.listen({ host: '127.0.0.1', port: 0 });
    try {
      const { port } = app.server.address() as AddressInfo;
      const socket = connect(port, '127.0.0.1');
      let raw = '';
      socket.on('data', (chunk) => (raw += chunk.toString()));
      const closedAt = new Promise<number>((resolve) =>
        socket.on('close', () => resolve(Date.now())),
      );
      const started = Date.now();
      // Headers that never end, as a slowloris client sends them.
      socket.write('GET /api/categorias HTTP/1.1\r\nHost: x\r\n');
      expect((await closedAt) - started).toBeLessThan(3_000);
      expect(raw).toMatch(/^HTTP\/1\.1 408/);
    } finally {
      await app.close();
      await drop();
    }
  });
});
