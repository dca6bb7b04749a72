import { randomBytes } from 'node:crypto';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app';
import { openDatabase } from '../../db/client';
import { seedDemoData } from '../../db/seed';
import { bearer, CLIENT, DB_KIND, freshDatabase, testConfig } from '../../test/test-app';

/**
 * Two instances of the shop on one PostgreSQL database, as production runs them behind a load
 * balancer: a session ended on one is refused by the other on the very next request, with or
 * without Redis (the database is the only record of sessions; nothing caches them).
 */
const setups = [
  { name: 'without Redis', redis: {} as Record<string, string> },
  ...(process.env.TEST_REDIS_URL
    ? [
        {
          name: 'with Redis',
          redis: {
            REDIS_URL: process.env.TEST_REDIS_URL,
            REDIS_PREFIX: `test-${randomBytes(6).toString('hex')}`,
          },
        },
      ]
    : []),
];

describe.runIf(DB_KIND === 'postgres').each(setups)('two instances, $name', ({ redis }) => {
  let a: App;
  let b: App;
  let stop: () => Promise<void>;

  beforeAll(async () => {
    const { database, drop, url } = await freshDatabase();
    await database.migrate();
    // One secret and one Redis prefix (or none) for both, as two instances of one shop share them.
    const env = { JWT_SECRET: randomBytes(32).toString('hex'), REDIS_URL: '', ...redis };
    const config = testConfig(env);
    await seedDemoData(database.db, config);
    const second = await openDatabase({ databaseUrl: url, poolSize: 5 });
    a = await buildApp({ config, database });
    b = await buildApp({ config: testConfig(env), database: second });
    await Promise.all([a.ready(), b.ready()]);
    stop = async () => {
      await Promise.all([a.close(), b.close()]);
      await drop();
    };
  });
  afterAll(() => stop());

  const login = async (app: App) => {
    const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: CLIENT });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ token: string }>().token;
  };
  const cuenta = (app: App, token: string) =>
    app.inject({ method: 'GET', url: '/api/cuenta', headers: bearer(token) });

  it('a logout on instance A is refused on instance B at once; the other session goes on on both', async () => {
    const [here, there] = [await login(a), await login(b)];
    expect((await cuenta(b, here)).statusCode).toBe(200);
    const out = await a.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(here) });
    expect(out.statusCode).toBe(204);
    expect((await cuenta(b, here)).statusCode).toBe(401);
    expect((await cuenta(a, here)).statusCode).toBe(401);
    expect((await cuenta(a, there)).statusCode).toBe(200);
    expect((await cuenta(b, there)).statusCode).toBe(200);
  });

  it('a session ended from /cuenta on B is refused on A', async () => {
    const [desk, phone] = [await login(a), await login(a)];
    const res = await b.inject({
      method: 'DELETE',
      url: `/api/cuenta/sesiones/${decodeJwt(phone).sid as string}`,
      headers: bearer(desk),
    });
    expect(res.statusCode).toBe(204);
    expect((await cuenta(a, phone)).statusCode).toBe(401);
    expect((await cuenta(a, desk)).statusCode).toBe(200);
  });

  it('ending all sessions on B ends the ones used on A', async () => {
    const [onA, onB] = [await login(a), await login(b)];
    const res = await b.inject({
      method: 'POST',
      url: '/api/cuenta/sesiones/cerrar-todas',
      headers: bearer(onB),
    });
    expect(res.statusCode).toBe(204);
    expect((await cuenta(a, onA)).statusCode).toBe(401);
    expect((await cuenta(b, onB)).statusCode).toBe(401);
  });
});
