import type { Producto } from '@nexbyte/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestContext } from '../test/test-app';
import { PUBLIC_CACHE_CONTROL } from './catalog-cache';

// Kept answers leave from the HTTP server's request event, which app.inject() never reaches:
// these tests go through a real socket.
let t: TestContext;
let origin: string;
beforeAll(async () => {
  t = await createTestApp();
  origin = await t.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(() => t.close());

const LIST = '/api/productos?pagina=1&limite=100&estado=activos';
const INACTIVE = 'Notebook Acer Aspire 5 Core i7';
const get = (path: string, headers: Record<string, string> = {}, at = origin) =>
  fetch(`${at}${path}`, { headers });

describe('kept catalogue answers over a real socket', () => {
  it('answer the same bytes, ETag, security headers and 304 as the first answer', async () => {
    const first = await get(LIST);
    const firstBody = await first.text();
    const again = await get(LIST);
    expect(again.status).toBe(200);
    expect(await again.text()).toBe(firstBody);
    expect(again.headers.get('etag')).toBe(first.headers.get('etag'));
    expect(again.headers.get('cache-control')).toBe(PUBLIC_CACHE_CONTROL);
    expect(again.headers.get('x-total-count')).toBe(first.headers.get('x-total-count'));
    expect(again.headers.get('content-security-policy')).toBe(
      first.headers.get('content-security-policy'),
    );
    const held = await get(LIST, { 'if-none-match': first.headers.get('etag')! });
    expect(held.status).toBe(304);
  });

  it('send the header lines of the first answer, compressed or not, and again from memory', async () => {
    // Kept answers skip the request limit (below), and with it its counters.
    const lines = (res: Response) =>
      [...res.headers].filter(
        ([name]) =>
          !['date', 'connection', 'keep-alive'].includes(name) && !name.startsWith('x-ratelimit-'),
      );
    for (const coding of ['gzip', 'br', 'identity']) {
      const path = `${LIST}&q=${coding}`;
      const first = await get(path, { 'accept-encoding': coding });
      await first.arrayBuffer();
      for (let i = 0; i < 2; i++) {
        const kept = await get(path, { 'accept-encoding': coding });
        expect(await kept.arrayBuffer()).toBeDefined();
        expect(lines(kept)).toEqual(lines(first));
      }
      const held = await get(path, {
        'accept-encoding': coding,
        'if-none-match': first.headers.get('etag')!,
      });
      expect(held.status).toBe(304);
      expect(held.headers.get('etag')).toBe(first.headers.get('etag'));
    }
  });

  it('are never given to an ADMIN, who sees the inactive products', async () => {
    await get(LIST);
    const admin = await t.login({ correo: 'admin@duoc.cl', pass: 'admin123' });
    const res = await get('/api/productos?pagina=1&limite=100', bearer(admin));
    expect(res.status).toBe(200);
    const names = ((await res.json()) as Producto[]).map((p) => p.nombre);
    expect(names).toContain(INACTIVE);
    expect(res.headers.get('cache-control')).not.toBe(PUBLIC_CACHE_CONTROL);
  });

  it('show a change made through the API on the very next read', async () => {
    const before = (await (await get(LIST)).json()) as Producto[];
    const target = before[0]!;
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/productos/${target.id}`,
      headers: bearer(t.adminToken),
      payload: {
        nombre: target.nombre,
        descripcion: target.descripcion,
        precio: target.precio + 1000,
        stock: target.stock,
        imagen: target.imagen,
        categoria: { id: target.categoria.id },
      },
    });
    expect(put.statusCode).toBe(200);
    const after = (await (await get(LIST)).json()) as Producto[];
    expect(after.find((p) => p.id === target.id)?.precio).toBe(target.precio + 1000);
  });
});

describe('with a request limit of 3 a minute', () => {
  let limited: TestContext;
  let limitedOrigin: string;
  beforeAll(async () => {
    limited = await createTestApp({ RATE_LIMIT_MAX: '3' });
    limitedOrigin = await limited.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(() => limited.close());

  it('kept answers are served beyond the request limit, which still refuses work the database would do', async () => {
    const kept = [];
    for (let i = 0; i < 6; i++) kept.push((await get(LIST, {}, limitedOrigin)).status);
    expect(kept).toEqual([200, 200, 200, 200, 200, 200]);
    const uncached = [];
    for (let i = 0; i < 6; i++)
      uncached.push((await get(`/api/productos?q=mouse${i}`, {}, limitedOrigin)).status);
    expect(uncached).toContain(429);
  });
});
