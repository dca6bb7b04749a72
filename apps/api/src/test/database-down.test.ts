import { randomBytes } from 'node:crypto';
import { createServer, Socket, type AddressInfo, type Server } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app';
import { openDatabase, type Database } from '../db/client';
import { isDatabaseUnavailable } from '../db/errors';
import type { PoolSettings } from '../db/postgres';
import { productos } from '../modules/products/products.schema';
import { seedDemoData } from '../db/seed';
import { MESSAGES } from '../http-errors';
import { GUEST } from '../modules/orders/orders.fixtures';
import { DB_KIND, testConfig } from './test-app';

const quiet = { warn: () => {} };

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

async function closedPort(): Promise<number> {
  const server = createServer();
  const port = await listen(server);
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function expectUnavailable(res: Awaited<ReturnType<App['inject']>>, message: string) {
  expect(res.statusCode, res.body.slice(0, 200)).toBe(503);
  expect(res.headers['retry-after']).toBe('5');
  expect(res.json()).toEqual({ message });
}

/**
 * A request that always reads the database: the price quote (catalogue reads may be answered
 * from the read cache).
 */
const quote = (app: App) =>
  app.inject({
    method: 'POST',
    url: '/api/pedidos/cotizacion',
    payload: { items: [{ productoId: 1, qty: 1 }] },
  });

async function appOn(database: Database): Promise<App> {
  const app = await buildApp({ config: testConfig(), database });
  await app.ready();
  return app;
}

describe('a database that cannot be reached', () => {
  const servers: Server[] = [];
  afterAll(() => servers.forEach((s) => s.close()));

  it('refused connections answer 503 with Retry-After and the Spanish message', async () => {
    const database = await openDatabase({
      databaseUrl: `postgres://postgres@127.0.0.1:${await closedPort()}/nexbyte`,
      log: quiet,
    });
    const app = await appOn(database);
    try {
      for (const url of ['/api/productos', '/api/categorias', '/api/productos/1']) {
        expectUnavailable(await app.inject({ method: 'GET', url }), MESSAGES.unavailable);
      }
      const login = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { correo: 'admin@duoc.cl', pass: 'admin123' },
      });
      expectUnavailable(login, MESSAGES.unavailable);
    } finally {
      await app.close();
    }
  });

  it('a server that accepts but never answers is given up on after the connect time-out', async () => {
    const sockets: Socket[] = [];
    const blackHole = createServer((socket) => sockets.push(socket));
    servers.push(blackHole);
    const database = await openDatabase({
      databaseUrl: `postgres://postgres@127.0.0.1:${await listen(blackHole)}/nexbyte`,
      pool: { connectTimeoutMs: 300 },
      log: quiet,
    });
    const app = await appOn(database);
    try {
      const started = Date.now();
      expectUnavailable(
        await app.inject({ method: 'GET', url: '/api/productos' }),
        MESSAGES.unavailable,
      );
      expect(Date.now() - started).toBeLessThan(3_000);
    } finally {
      sockets.forEach((s) => s.destroy());
      await app.close();
    }
  });
});

/**
 * A loopback TCP proxy in front of PostgreSQL that can stall: it stops passing bytes both ways
 * while keeping every connection open, as a hung server or a broken network would.
 */
async function stallingProxy(target: URL) {
  const pairs: [Socket, Socket][] = [];
  let stalled = false;
  const server = createServer((client) => {
    const upstream = new Socket();
    upstream.connect(Number(target.port || 5432), target.hostname);
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
    client.on('data', (chunk) => {
      if (!stalled) upstream.write(chunk);
    });
    upstream.on('data', (chunk) => {
      if (!stalled) client.write(chunk);
    });
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    pairs.push([client, upstream]);
  });
  const port = await listen(server);
  return {
    port,
    stall: () => (stalled = true),
    resume: () => (stalled = false),
    close: async () => {
      for (const [a, b] of pairs) {
        a.destroy();
        b.destroy();
      }
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

describe.runIf(DB_KIND === 'postgres')('PostgreSQL failing under a running app', () => {
  const serverUrl = process.env.TEST_DATABASE_URL ?? 'postgres://unused';
  const name = `nexbyte_test_${randomBytes(6).toString('hex')}`;
  const dbUrl = new URL(serverUrl);
  dbUrl.pathname = `/${name}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  const opened: { app: App }[] = [];

  /** An app on the test database with its own pool settings. */
  async function appWith(pool: Partial<PoolSettings> = {}, url = dbUrl.toString()) {
    const database = await openDatabase({ databaseUrl: url, pool, log: quiet });
    const app = await appOn(database);
    opened.push({ app });
    return app;
  }

  /** Ends every connection our app holds to the test database, as a restart or failover would. */
  async function terminateBackends(where = 'true') {
    const { rows } = await admin.query(
      `select pg_terminate_backend(pid) as ok from pg_stat_activity
        where datname = $1 and application_name = 'nexbyte' and ${where}`,
      [name],
    );
    return rows.length;
  }

  beforeAll(async () => {
    await admin.connect();
    await admin.query(`create database ${name}`);
    const setup = await openDatabase({ databaseUrl: dbUrl.toString(), log: quiet });
    await setup.migrate();
    await seedDemoData(setup.db, testConfig());
    await setup.close();
  });
  afterEach(async () => {
    for (const { app } of opened.splice(0)) await app.close();
  });
  afterAll(async () => {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  it('a transaction whose connection is ended fails as unavailable and the process goes on', async () => {
    const app = await appWith();
    // Without an error listener on the checked-out client, the 57P01 that arrives while the
    // transaction waits between statements is an unhandled 'error' event: the process dies.
    const attempt = app.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      expect(await terminateBackends()).toBeGreaterThan(0);
      await new Promise((resolve) => setTimeout(resolve, 200));
      await tx.execute(sql`select 1`);
    });
    const err = await attempt.then(
      () => null,
      (e: unknown) => e,
    );
    expect(isDatabaseUnavailable(err)).toBe(true);
    // The pool dropped the dead connections and opens new ones.
    expect((await quote(app)).statusCode).toBe(200);
  });

  it('an order whose connection is ended mid-transaction answers 503; the retry places it once', async () => {
    const app = await appWith();
    const [product] = await app.db
      .select()
      .from(productos)
      .where(eq(productos.nombre, 'Monitor AOC 22" Full HD'));
    await app.db.update(productos).set({ stock: 7 }).where(eq(productos.id, product!.id));
    // Hold the product's row so the order's transaction waits on it, then end that connection.
    const locker = new pg.Client({ connectionString: dbUrl.toString() });
    await locker.connect();
    await locker.query('begin');
    await locker.query('select 1 from productos where id = $1 for update', [product!.id]);
    const order = {
      ...GUEST,
      items: [{ productoId: product!.id, qty: 2 }],
    };
    const key = randomBytes(8).toString('hex');
    const pending = app.inject({
      method: 'POST',
      url: '/api/pedidos',
      headers: { 'idempotency-key': key },
      payload: order,
    });
    let ended = 0;
    for (let i = 0; i < 100 && ended === 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      ended = await terminateBackends(`wait_event_type = 'Lock'`);
    }
    expect(ended).toBe(1);
    expectUnavailable(await pending, MESSAGES.unavailable);
    await locker.query('rollback');
    await locker.end();

    const [after] = await app.db
      .select({ stock: productos.stock })
      .from(productos)
      .where(eq(productos.id, product!.id));
    expect(after!.stock).toBe(7);
    const retry = await app.inject({
      method: 'POST',
      url: '/api/pedidos',
      headers: { 'idempotency-key': key },
      payload: order,
    });
    expect(retry.statusCode, retry.body).toBe(201);
    const [sold] = await app.db
      .select({ stock: productos.stock })
      .from(productos)
      .where(eq(productos.id, product!.id));
    expect(sold!.stock).toBe(5);
  });

  it('a database that stops answering mid-query is a 503 after the query time-out, then recovers', async () => {
    const proxy = await stallingProxy(new URL(serverUrl));
    const url = new URL(dbUrl);
    url.host = `127.0.0.1:${proxy.port}`;
    const app = await appWith(
      { statementTimeoutMs: 300, queryTimeoutMs: 600, connectTimeoutMs: 500 },
      url.toString(),
    );
    try {
      expect((await quote(app)).statusCode).toBe(200);
      proxy.stall();
      const started = Date.now();
      const stalled = await Promise.all(Array.from({ length: 3 }, () => quote(app)));
      for (const res of stalled) expect(res.statusCode, res.body.slice(0, 200)).toBe(503);
      expect(Date.now() - started).toBeLessThan(4_000);
      proxy.resume();
      // The stalled connections were dropped; new ones answer at once.
      const back = await quote(app);
      expect(back.statusCode).toBe(200);
    } finally {
      await proxy.close();
    }
  });

  it('a statement over the statement time-out is cancelled by the server and answered 503', async () => {
    const app = await appWith({ statementTimeoutMs: 200 });
    const err = await app.db.execute(sql`select pg_sleep(1)`).then(
      () => null,
      (e: unknown) => e,
    );
    expect(isDatabaseUnavailable(err)).toBe(true);
    expect((await quote(app)).statusCode).toBe(200);
  });

  it('all pooled connections busy past the connect time-out answers 503 "overloaded"', async () => {
    const app = await appWith({ poolSize: 1, connectTimeoutMs: 300 });
    // Drizzle's queries start when awaited: then() sends it now.
    const busy = app.db.execute(sql`select pg_sleep(1)`).then(() => {});
    const res = await quote(app);
    expectUnavailable(res, MESSAGES.overloaded);
    await busy;
    expect((await quote(app)).statusCode).toBe(200);
  });
});
