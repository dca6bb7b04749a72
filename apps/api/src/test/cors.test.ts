import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CORS_REFUSED } from '../plugins/cors';
import { ADMIN, createTestApp, type TestContext } from './test-app';

const STOREFRONT = 'https://tienda.ejemplo.cl';
const STRANGER = 'https://otro.ejemplo.com';

/** A built web app with one product image. */
function webBuildWithImage(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'nexbyte-web-'));
  mkdirSync(path.join(dir, 'img', 'categorias'), { recursive: true });
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(
    path.join(dir, 'img', 'categorias', 'mouse.svg'),
    '<svg xmlns="http://www.w3.org/2000/svg"/>',
  );
  return dir;
}

const preflight = (t: TestContext, origin: string, method = 'POST') =>
  t.app.inject({
    method: 'OPTIONS',
    url: '/api/auth/login',
    headers: {
      origin,
      'access-control-request-method': method,
      'access-control-request-headers': 'content-type,authorization',
    },
  });

describe('CORS_ORIGINS', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({
      CORS_ORIGINS: `${STOREFRONT}, https://app.ejemplo.cl:8443`,
      WEB_DIST_DIR: webBuildWithImage(),
    });
  });
  afterAll(() => t.close());

  it('answers the preflight of an allowed origin with what it may send', async () => {
    const res = await preflight(t, STOREFRONT);
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe(STOREFRONT);
    expect(String(res.headers['access-control-allow-methods'])).toContain('POST');
    expect(String(res.headers['access-control-allow-headers'])).toMatch(/authorization/);
    expect(String(res.headers['access-control-allow-headers'])).toMatch(/content-type/);
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    expect(res.headers['access-control-max-age']).toBe('600');
  });

  it('gives a refused origin no CORS headers, so its browser refuses the answer', async () => {
    const res = await preflight(t, STRANGER);
    // A refusal, not an unknown route: the route exists, this origin may not call it.
    expect([res.statusCode, res.json()]).toEqual([403, { message: CORS_REFUSED }]);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect(res.headers['access-control-allow-methods']).toBeUndefined();
    expect(res.headers['access-control-allow-headers']).toBeUndefined();
    expect(String(res.headers.vary)).toMatch(/origin/i);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { origin: STRANGER },
      payload: ADMIN,
    });
    expect(login.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('lets an allowed origin read the answer and its paging headers', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { origin: 'https://app.ejemplo.cl:8443' },
      payload: ADMIN,
    });
    expect(login.statusCode).toBe(200);
    expect(login.headers['access-control-allow-origin']).toBe('https://app.ejemplo.cl:8443');
    expect(String(login.headers.vary)).toMatch(/origin/i);
    expect(String(login.headers['access-control-expose-headers'])).toMatch(/x-total-count/);
  });

  it("lets a guest's order token header through the preflight", async () => {
    const res = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/pedidos/NB-000001',
      headers: {
        origin: STOREFRONT,
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'pedido-acceso',
      },
    });
    expect(res.statusCode).toBe(204);
    expect(String(res.headers['access-control-allow-headers'])).toMatch(/pedido-acceso/);
  });

  it('gives the CORS headers on catalogue answers kept in the cache too (real socket)', async () => {
    const at = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const list = `${at}/api/productos?pagina=1&limite=12`;
    // The first read fills the cache; the second would be served from it.
    expect((await fetch(list)).status).toBe(200);
    const kept = await fetch(list);
    expect(kept.headers.get('access-control-allow-origin')).toBeNull();
    const cross = await fetch(list, { headers: { origin: STOREFRONT } });
    expect(cross.status).toBe(200);
    expect(cross.headers.get('access-control-allow-origin')).toBe(STOREFRONT);
    expect(cross.headers.get('access-control-expose-headers')).toMatch(/x-total-count/);
  });

  it('serves the product images to the pages of an allowed origin', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/img/categorias/mouse.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
  });
});

describe('without CORS_ORIGINS', () => {
  it('no origin gets CORS headers; a preflight is refused, not a 404; images stay public', async () => {
    const t = await createTestApp({ WEB_DIST_DIR: webBuildWithImage() });
    try {
      const res = await preflight(t, STOREFRONT);
      expect([res.statusCode, res.json()]).toEqual([403, { message: CORS_REFUSED }]);
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
      expect(res.headers['access-control-allow-methods']).toBeUndefined();
      // A plain OPTIONS (no preflight) is still the unknown route it was.
      const plain = await t.app.inject({ method: 'OPTIONS', url: '/api/auth/login' });
      expect(plain.statusCode).toBe(404);
      // The catalogue's pictures may be shown by partners' and marketplaces' pages.
      const image = await t.app.inject({ method: 'GET', url: '/img/categorias/mouse.svg' });
      expect(image.headers['cross-origin-resource-policy']).toBe('cross-origin');
    } finally {
      await t.close();
    }
  });
});
