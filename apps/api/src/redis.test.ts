import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { freePort, hasRedisServer, RedisServer } from '../../../scripts/lib/server-process.mjs';
import type { App } from './app';
import { CLIENT, createTestApp } from './test/test-app';

const LOGIN_LIMIT = 3;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** An app on a fresh seeded database whose log lines are kept for the test. */
async function appWithRedis(redisUrl: string, prefix: string) {
  const t = await createTestApp({
    REDIS_URL: redisUrl,
    REDIS_PREFIX: prefix,
    LOGIN_MAX_FAILS_ACCOUNT: String(LOGIN_LIMIT),
    LOG_LEVEL: 'info',
  });
  const messages = () => t.logs.map((line) => (JSON.parse(line) as { msg?: string }).msg ?? '');
  return {
    app: t.app,
    said: (text: string) => messages().filter((msg) => msg.includes(text)).length,
    close: t.close,
  };
}

const badLogin = (app: App) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { correo: CLIENT.correo, pass: 'mala12345' },
  });

describe('Redis configured but unreachable', () => {
  let t: Awaited<ReturnType<typeof appWithRedis>>;
  afterAll(() => t?.close());

  it('keeps reads answering, counts failed logins in memory, and says so once', async () => {
    t = await appWithRedis(`redis://127.0.0.1:${await freePort()}`, 'sin-redis');
    // Before, every request waited on the dead Redis and answered 500.
    for (let i = 0; i < 5; i++) {
      expect((await t.app.inject({ method: 'GET', url: '/api/productos' })).statusCode).toBe(200);
    }
    for (let i = 0; i < LOGIN_LIMIT; i++) expect((await badLogin(t.app)).statusCode).toBe(401);
    const blocked = await badLogin(t.app);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);

    const salud = await t.app.inject({ method: 'GET', url: '/api/salud' });
    expect(salud.statusCode).toBe(200);
    expect(salud.json()).toMatchObject({
      estado: 'ok',
      db: 'ok',
      almacenamiento: 'ok',
      redis: 'caido',
    });
    // Reconnection attempts went on meanwhile; the log said it once.
    await wait(1_500);
    expect(t.said('Redis no está disponible')).toBe(1);
  }, 120_000);
});

describe.skipIf(!hasRedisServer())('Redis killed and started again', () => {
  const servers: RedisServer[] = [];
  let t: Awaited<ReturnType<typeof appWithRedis>> | undefined;
  afterEach(async () => {
    await t?.close();
    for (const s of servers) await s.kill();
  });

  it('serves through the outage with memory counters and goes back to Redis when it returns', async () => {
    const own = new RedisServer(await freePort());
    servers.push(own);
    await own.start();
    const prefix = `prueba-${randomBytes(4).toString('hex')}`;
    t = await appWithRedis(own.url, prefix);
    // Before: every counter is in Redis.
    expect((await badLogin(t.app)).statusCode).toBe(401);
    expect(await own.keys(`${prefix}:login-account`)).toHaveLength(1);
    expect(await own.keys(`${prefix}:rate-limit:`)).not.toHaveLength(0);

    await own.kill();
    for (let i = 0; i < 5; i++) {
      expect((await t.app.inject({ method: 'GET', url: '/api/categorias' })).statusCode).toBe(200);
    }
    // The failure counted in Redis is out of reach: memory counts from zero, and still blocks.
    for (let i = 0; i < LOGIN_LIMIT; i++) expect((await badLogin(t.app)).statusCode).toBe(401);
    expect((await badLogin(t.app)).statusCode).toBe(429);
    expect(t.said('Redis no está disponible')).toBe(1);

    await own.start();
    const backAt = performance.now();
    await own.command('FLUSHALL');
    // Once reconnected, the request counter writes to Redis again.
    let inRedis = false;
    while (!inRedis && performance.now() - backAt < 5_000) {
      await t.app.inject({ method: 'GET', url: '/api/categorias' });
      inRedis = (await own.keys(`${prefix}:rate-limit:`)).length > 0;
      if (!inRedis) await wait(50);
    }
    expect(inRedis).toBe(true);
    expect(performance.now() - backAt).toBeLessThan(2_000);
    expect((await badLogin(t.app)).statusCode).toBe(401);
    expect(await own.keys(`${prefix}:login-account`)).toHaveLength(1);
    expect(t.said('Redis está disponible de nuevo')).toBe(1);
    expect(t.said('Redis no está disponible')).toBe(1);
  }, 120_000);
});
