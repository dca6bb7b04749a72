import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, report, waitUntil, type Answer } from './support/http';
import { createTestDatabase, TEST_DATABASE_URL, type TestDatabase } from './support/postgres';
import {
  freePort,
  hasRedisServer,
  killServers,
  RedisServer,
  type ServerProcess,
} from '../../../scripts/lib/server-process.mjs';
import { startShopServer } from './support/server-process';
import { ADMIN, CLIENT, runTag } from './support/shop';

const LOGIN_LIMIT = 3;
/** A catalogue read may not wait on a dead Redis longer than this. */
const ANSWER_LIMIT_MS = 2_000;
/** A login also pays argon2, which alone takes up to a second or two on a busy 2-core machine. */
const LOGIN_ANSWER_LIMIT_MS = 3_000;
const RECOVERY_LIMIT_MS = 2_000;

if (!hasRedisServer()) {
  console.info(
    'faults: redis-outage omitido: no se encontró redis-server (apt-get install redis-server)',
  );
}

describe.skipIf(!hasRedisServer())('Redis killed and started again', () => {
  let redis: RedisServer;
  let db: TestDatabase | undefined;
  let server: ServerProcess;
  const prefix = `fallas-${runTag()}`;

  beforeAll(async () => {
    redis = new RedisServer(await freePort());
    await redis.start();
    // PostgreSQL when there is one (as in production with Redis), else the embedded database.
    if (TEST_DATABASE_URL) db = await createTestDatabase();
    server = await startShopServer({
      ...(db
        ? { DATABASE_URL: db.url }
        : { DATA_DIR: mkdtempSync(path.join(tmpdir(), 'nexbyte-faults-')) }),
      REDIS_URL: redis.url,
      REDIS_PREFIX: prefix,
      LOGIN_MAX_FAILS_ACCOUNT: String(LOGIN_LIMIT),
    });
  });
  afterAll(async () => {
    killServers();
    await redis?.kill();
    await db?.drop();
  });

  it('keeps the catalogue and the login answering with counters in memory, and goes back to Redis', async () => {
    // Before: the counters really live in Redis.
    expect((await call(server.origin, 'GET', '/api/productos')).status).toBe(200);
    expect(await redis.keys(`${prefix}:`)).not.toEqual([]);
    const before = await call(server.origin, 'GET', '/api/salud');

    await redis.kill();
    const reads: Answer[] = [];
    for (let i = 0; i < 5; i++) {
      reads.push(await call(server.origin, 'GET', '/api/productos', { timeoutMs: 10_000 }));
      reads.push(await call(server.origin, 'GET', '/api/categorias', { timeoutMs: 10_000 }));
    }
    const badLogin = { correo: CLIENT.correo, pass: 'mala1234' };
    const logins: Answer[] = [];
    for (let i = 0; i <= LOGIN_LIMIT; i++) {
      logins.push(await call(server.origin, 'POST', '/api/auth/login', { body: badLogin }));
    }
    const goodLogin = await call(server.origin, 'POST', '/api/auth/login', { body: ADMIN });
    let salud: Answer | undefined;
    const noticedMs = await waitUntil(
      '/api/salud dice que Redis está caído',
      async () => {
        salud = await call(server.origin, 'GET', '/api/salud');
        return (salud.body as { redis?: string } | null)?.redis === 'caido';
      },
      { limitMs: 5_000, everyMs: 100 },
    ).catch(() => -1);
    const aliveDuringOutage = server.alive();

    await redis.start();
    const restartedAt = performance.now();
    // A request that reaches Fastify touches the request counter; its key shows the server
    // writes to Redis again. Kept catalogue answers are not counted, so each address is new.
    let asked = 0;
    const recoveryMs = await waitUntil(
      'una clave del servidor en el Redis nuevo',
      async () => {
        await call(server.origin, 'GET', `/api/categorias?intento=${++asked}`, {
          timeoutMs: 2_000,
        });
        return (await redis.keys(`${prefix}:`)).length > 0;
      },
      { limitMs: 15_000, everyMs: 100 },
    ).then(
      () => performance.now() - restartedAt,
      () => -1,
    );
    // The failed-login counters go back to Redis too, not only the request limit.
    const loginCounterMs = await waitUntil(
      'el contador de inicios fallidos en el Redis nuevo',
      async () => {
        await call(server.origin, 'POST', '/api/auth/login', {
          body: { correo: ADMIN.correo, pass: 'mala1234' },
          timeoutMs: 2_000,
        });
        return (await redis.keys(`${prefix}:login-account:`)).length > 0;
      },
      { limitMs: 15_000, everyMs: 100 },
    ).then(
      () => performance.now() - restartedAt,
      () => -1,
    );
    const after = await call(server.origin, 'GET', '/api/salud');

    report('redis-outage', {
      reads_200: reads.filter((r) => r.status === 200).length,
      reads: reads.length,
      max_read_ms: Math.max(...reads.map((r) => r.ms)),
      login_statuses: logins.map((r) => r.status).join('/'),
      login_ms: logins.map((r) => Math.round(r.ms)).join('/'),
      salud_noticed_ms: noticedMs,
      recovery_ms: recoveryMs,
      login_counter_back_ms: loginCounterMs,
    });

    expect(aliveDuringOutage, server.output()).toBe(true);
    expect(before.body).toMatchObject({ estado: 'ok', db: 'ok', redis: 'ok' });
    expect(reads.map((r) => [r.status, r.ms <= ANSWER_LIMIT_MS])).toEqual(
      reads.map(() => [200, true]),
    );
    expect(logins.map((r) => r.status)).toEqual([...Array(LOGIN_LIMIT).fill(401), 429]);
    expect(Math.max(...logins.map((r) => r.ms))).toBeLessThanOrEqual(LOGIN_ANSWER_LIMIT_MS);
    expect(goodLogin.status).toBe(200);
    expect(salud?.status).toBe(200);
    expect(salud?.body).toMatchObject({ estado: 'ok', db: 'ok', redis: 'caido' });
    expect(recoveryMs).toBeGreaterThanOrEqual(0);
    expect(recoveryMs).toBeLessThanOrEqual(RECOVERY_LIMIT_MS);
    expect(loginCounterMs).toBeGreaterThanOrEqual(0);
    expect(loginCounterMs).toBeLessThanOrEqual(RECOVERY_LIMIT_MS);
    expect(after.body).toMatchObject({ estado: 'ok', redis: 'ok' });
  });
});
