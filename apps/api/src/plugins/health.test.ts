import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { openDatabase } from '../db/client';
import { MESSAGES } from '../http-errors';
import { createTestApp, freshDatabase, testConfig, type TestContext } from '../test/test-app';

describe('GET /api/salud', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_MAX: '3' });
  });
  afterAll(() => t.close());

  it('says the database is up, and whether Redis is configured and up', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/salud' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({
      estado: 'ok',
      db: 'ok',
      almacenamiento: 'ok',
      redis: t.config.redisUrl ? 'ok' : 'no_configurado',
      cola: { pendientes: 0, antiguedadSegundos: null },
    });
  });

  it('is not rate limited, while the rest of the API is', async () => {
    for (let i = 0; i < 4; i++) await t.app.inject({ method: 'GET', url: '/api/categorias' });
    expect((await t.app.inject({ method: 'GET', url: '/api/categorias' })).statusCode).toBe(429);
    for (let i = 0; i < 10; i++) {
      expect((await t.app.inject({ method: 'GET', url: '/api/salud' })).statusCode).toBe(200);
    }
  });

  it('is described in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, unknown>;
    }>();
    expect(doc.paths).toHaveProperty('/api/salud');
  });
});

describe('GET /api/salud with the database down', () => {
  it('answers 503 "degradado" within about a second when the database hangs', async () => {
    const sockets: Socket[] = [];
    const blackHole = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => blackHole.listen(0, '127.0.0.1', resolve));
    const { port } = blackHole.address() as AddressInfo;
    const database = await openDatabase({
      databaseUrl: `postgres://postgres@127.0.0.1:${port}/nexbyte`,
      log: { warn: () => {} },
    });
    const app = await buildApp({ config: testConfig(), database });
    await app.ready();
    try {
      const started = Date.now();
      const res = await app.inject({ method: 'GET', url: '/api/salud' });
      expect(Date.now() - started).toBeLessThan(2_500);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ estado: 'degradado', db: 'caido' });
    } finally {
      sockets.forEach((s) => s.destroy());
      blackHole.close();
      await app.close();
    }
  });
});

/** Blocks the event loop, as a long synchronous query of the embedded database does. */
function blockFor(ms: number) {
  const until = Date.now() + ms;
  while (Date.now() < until);
}

/** A built web app with one page script, as the build names them. */
function webBuildWithScript(): { dir: string; script: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'nexbyte-web-'));
  mkdirSync(path.join(dir, 'assets'));
  const script = '/assets/entry-client-Bx3kQ9aZ.js';
  writeFileSync(path.join(dir, 'index.html'), `<!doctype html><script src="${script}"></script>`);
  writeFileSync(path.join(dir, script), 'document.body.dataset.listening = "";');
  return { dir, script };
}

describe('a saturated event loop', () => {
  it('turns requests away with 503 and Retry-After, but GET /api/salud and page scripts still answer', async () => {
    const { database, drop } = await freshDatabase();
    await database.migrate();
    const web = webBuildWithScript();
    const app = await buildApp({
      config: testConfig({ MAX_EVENT_LOOP_DELAY_MS: '50', WEB_DIST_DIR: web.dir }),
      database,
    });
    await app.ready();
    try {
      expect((await app.inject({ method: 'GET', url: '/api/categorias' })).statusCode).toBe(200);
      // under-pressure's sampler takes, once a second, the mean of the loop's delays since its last
      // look: one sample per stall, one per 10 ms of free loop. A request answered over the network
      // (PostgreSQL) frees the loop for a while, so each stall must outweigh that: 1.5 s stalls with
      // only a request between them keep the mean far above 50 ms. The sampler may see a stall a
      // tick late, so the loop stays stalled until a request is turned away.
      blockFor(1_500);
      let shed = await app.inject({ method: 'GET', url: '/api/categorias' });
      for (let i = 0; i < 10 && shed.statusCode !== 503; i++) {
        await new Promise((resolve) => setTimeout(resolve, 0));
        blockFor(1_500);
        shed = await app.inject({ method: 'GET', url: '/api/categorias' });
      }
      expect(shed.statusCode).toBe(503);
      expect(shed.headers['retry-after']).toBe('5');
      expect(shed.json()).toEqual({ message: MESSAGES.overloaded });
      // A page served a moment ago still gets its script, or it would never take a press.
      const script = await app.inject({ method: 'GET', url: web.script });
      expect(script.statusCode).toBe(200);
      expect(script.body).toContain('listening');
      const salud = await app.inject({ method: 'GET', url: '/api/salud' });
      expect(salud.statusCode).toBe(200);
      // Once the loop is free again, requests are served (within a few sampler periods).
      let served = 0;
      for (let i = 0; i < 50 && served !== 200; i++) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        served = (await app.inject({ method: 'GET', url: '/api/categorias' })).statusCode;
      }
      expect(served).toBe(200);
    } finally {
      await app.close();
      await drop();
      rmSync(web.dir, { recursive: true, force: true });
    }
  });
});
