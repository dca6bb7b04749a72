import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './test-app';

/** A stand-in for the built web app: an index.html and one hashed asset. */
function fakeWebBuild(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'nexbyte-web-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html lang="es"><meta name="nexbyte:email-domains" content="" /><div id="root"></div></html>',
  );
  writeFileSync(
    path.join(dir, 'assets', 'index-abc123.js'),
    `console.log("${'nexbyte '.repeat(500)}");`,
  );
  writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return dir;
}

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ WEB_DIST_DIR: fakeWebBuild(), BODY_LIMIT: '2048' });
});
afterAll(() => t.close());

describe('security headers', () => {
  it('sends a strict CSP and the other protective headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/productos' });
    const csp = String(res.headers['content-security-policy']);
    for (const directive of [
      "object-src 'none'",
      "base-uri 'none'",
      "frame-ancestors 'none'",
      "script-src 'self'",
    ]) {
      expect(csp).toContain(directive);
    }
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    // Outside production the shop may run on plain http.
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('sends HSTS in production', async () => {
    const prod = await createTestApp({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40) });
    try {
      const res = await prod.app.inject({ method: 'GET', url: '/api/categorias' });
      expect(res.headers['strict-transport-security']).toMatch(/max-age=31536000/);
      expect(String(res.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
    } finally {
      await prod.close();
    }
  });
});

describe('limits and unknown paths', () => {
  it('answers a body over the limit with 413 in Spanish', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contactos',
      payload: { nombre: 'A', email: 'a@gmail.com', mensaje: 'x'.repeat(4000) },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'La solicitud es demasiado grande.' });
  });

  it('answers an unknown API path with a JSON 404, never the web app', async () => {
    for (const url of ['/api/nada', '/api', '/api/productos/1/otra-cosa']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Recurso no encontrado.' });
    }
  });

  it('applies a general request limit per client', async () => {
    // The harness logs in twice, so 5 leaves 3 requests.
    const limited = await createTestApp({ RATE_LIMIT_MAX: '5' });
    try {
      const codes = [];
      for (let i = 0; i < 5; i++) {
        codes.push(
          (await limited.app.inject({ method: 'GET', url: '/api/categorias' })).statusCode,
        );
      }
      expect(codes).toEqual([200, 200, 200, 429, 429]);
      const res = await limited.app.inject({ method: 'GET', url: '/api/categorias' });
      expect(res.json()).toEqual({
        message: 'Demasiadas solicitudes. Espera un momento e inténtalo de nuevo.',
      });
    } finally {
      await limited.close();
    }
  });
});

describe('API documentation', () => {
  it('describes every call of the shop at /api/docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    for (const p of [
      '/api/productos',
      '/api/productos/{id}',
      '/api/productos/{id}/desactivar',
      '/api/productos/{id}/activar',
      '/api/categorias',
      '/api/usuarios',
      '/api/usuarios/{id}',
      '/api/contactos',
      '/api/soporte',
      '/api/auth/login',
      '/api/auth/registro',
    ]) {
      expect(paths).toContain(p);
    }
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toMatch(/text\/html/);
  });
});

describe('serving the web app', () => {
  it('answers index.html at / and at any deep link, revalidated every time', async () => {
    for (const url of ['/', '/productos/detalle/1', '/admin/usuarios/editar/3?x=1']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('writes the allowed e-mail domains into the page, also when asked for /index.html', async () => {
    for (const url of ['/', '/index.html']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain(
        '<meta name="nexbyte:email-domains" content="duoc.cl,profesor.duoc.cl,gmail.com" />',
      );
    }
  });

  it('caches hashed assets for a year and compresses them with brotli or gzip', async () => {
    const url = '/assets/index-abc123.js';
    const br = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain('nexbyte');
    const gz = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toContain('nexbyte');
    expect(gz.rawPayload.length).toBeLessThan(500);
  });

  it('does not cache files without a hash for long', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('answers a POST to a page path with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/productos', payload: {} });
    expect(res.statusCode).toBe(404);
  });
});
