import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_CACHE_CONTROL } from '../plugins/catalog-cache';
import { ADMIN, bearer, createTestApp, type TestContext } from './test-app';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('Cache-Control', () => {
  it('no-store on answers with personal data or tokens', async () => {
    const admin = bearer(t.adminToken);
    const answers = [
      await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: ADMIN }),
      await t.app.inject({ method: 'GET', url: '/api/cuenta', headers: bearer(t.clientToken) }),
      await t.app.inject({ method: 'GET', url: '/api/usuarios', headers: admin }),
      await t.app.inject({ method: 'GET', url: '/api/pedidos', headers: admin }),
      await t.app.inject({ method: 'GET', url: '/api/contactos', headers: admin }),
      await t.app.inject({ method: 'GET', url: '/api/soporte', headers: admin }),
    ];
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control'], res.body.slice(0, 80)).toBe('no-store');
    }
  });

  it('the catalogue keeps its public caching, from the first answer on', async () => {
    for (const url of ['/api/productos', '/api/productos', '/api/categorias', '/api/categorias']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe(PUBLIC_CACHE_CONTROL);
    }
  });
});

describe('Permissions-Policy', () => {
  it('turns off the browser features the shop does not use, on every answer', async () => {
    for (const url of ['/api/productos', '/api/productos', '/api/usuarios', '/']) {
      const res = await t.app.inject({ method: 'GET', url });
      const policy = String(res.headers['permissions-policy']);
      for (const feature of ['camera=()', 'microphone=()', 'geolocation=()', 'payment=(self)']) {
        expect(policy, url).toContain(feature);
      }
    }
  });
});

describe('API docs', () => {
  it('are off in production unless API_DOCS=1', async () => {
    const prodEnv = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40) };
    const prod = await createTestApp(prodEnv);
    try {
      for (const url of ['/api/docs', '/api/docs/json']) {
        expect((await prod.app.inject({ method: 'GET', url })).statusCode).toBe(404);
      }
    } finally {
      await prod.close();
    }
    const asked = await createTestApp({ ...prodEnv, API_DOCS: '1' });
    try {
      const res = await asked.app.inject({ method: 'GET', url: '/api/docs/json' });
      expect(res.statusCode).toBe(200);
    } finally {
      await asked.close();
    }
  });
});
