import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { asc, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KIND, testConfig } from '../test/test-app';
import { openDatabase, type Database } from './client';
import { isDatabaseUnavailable } from './errors';
import type { PgliteWorkerClient } from './pglite-client';
import { inBackground } from './priority-gate';
import { categorias } from '../modules/categories/categories.schema';
import { contactos } from '../modules/contact/contact.schema';
import { productos } from '../modules/products/products.schema';
import { rowsOf } from './rows';
import { seedDemoData } from './seed';

const workerOf = (database: Database) =>
  (database.db as unknown as { $client: PgliteWorkerClient }).$client;

const until = async (check: () => boolean, ms = 5_000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('la condición no se cumplió a tiempo');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

// PGlite only: under the api-postgres project it would repeat the same run.
describe.skipIf(DB_KIND !== 'pglite')('PGlite in a worker thread', () => {
  // One database in a worker thread on disk, and one in memory in this thread for comparison.
  let dataDir: string;
  let onDisk: Database;
  let inMemory: Database;
  const logged: string[] = [];
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'nexbyte-pglite-worker-'));
    const config = testConfig();
    [onDisk, inMemory] = await Promise.all([
      openDatabase({
        dataDir,
        pgliteQueueTimeoutMs: 1_500,
        // Generous, so that a busy machine still answers quick statements in place.
        pgliteSyncWaitMs: 1_000,
        log: { warn: (_details, message) => logged.push(message) },
      }),
      openDatabase({}),
    ]);
    for (const database of [onDisk, inMemory]) {
      await database.migrate();
      await seedDemoData(database.db, config);
    }
  });
  afterAll(async () => {
    await Promise.all([onDisk?.close(), inMemory?.close()]);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers drizzle exactly as PGlite in this thread does (dates, numeric, int8, arrays, joins)', async () => {
    const read = (database: Database) =>
      Promise.all([
        database.db
          .select({
            id: productos.id,
            nombre: productos.nombre,
            precio: productos.precio,
            createdAt: productos.createdAt,
            categoria: categorias.nombre,
          })
          .from(productos)
          .innerJoin(categorias, eq(categorias.id, productos.categoriaId))
          .orderBy(asc(productos.id)),
        database.db.select({ n: count() }).from(productos),
        database.db.execute(
          sql`select 9007199254740993::int8 as big, array[1.5, 2.25]::numeric[] as nums,
                     '2025-01-02'::date as day, interval '1 day' as span, '{"a":[1]}'::jsonb as doc`,
        ),
      ]);
    const [fromWorker, fromThread] = await Promise.all([read(onDisk), read(inMemory)]);
    // Both seeded "now", a few milliseconds apart.
    const withoutDates = ([rows, ...rest]: typeof fromWorker) => [
      rows.map(({ createdAt, ...row }) => ({ ...row, createdAt: createdAt instanceof Date })),
      rest[0],
      (rest[1] as { rows: unknown[] }).rows,
    ];
    expect(withoutDates(fromWorker)).toEqual(withoutDates(fromThread));
    expect(fromWorker[0].length).toBeGreaterThanOrEqual(40);
    expect((fromWorker[2] as { rows: unknown[] }).rows[0]).toMatchObject({
      nums: '{1.5,2.25}',
      day: '2025-01-02',
      doc: { a: [1] },
    });
  });

  it('commits a transaction whole and rolls it back whole when it throws', async () => {
    const before = (await onDisk.db.select({ n: count() }).from(contactos))[0]!.n;
    await expect(
      onDisk.db.transaction(async (tx) => {
        await tx.insert(contactos).values({ nombre: 'Uno', email: 'uno@gmail.com', mensaje: 'a' });
        throw new Error('a mitad de camino');
      }),
    ).rejects.toThrow('a mitad de camino');
    expect((await onDisk.db.select({ n: count() }).from(contactos))[0]!.n).toBe(before);

    await onDisk.db.transaction(async (tx) => {
      await tx.insert(contactos).values({ nombre: 'Dos', email: 'dos@gmail.com', mensaje: 'b' });
      // A nested transaction is a savepoint: its failure leaves the outer one going.
      await tx
        .transaction(async (inner) => {
          await inner
            .insert(contactos)
            .values({ nombre: 'Tres', email: 'tres@gmail.com', mensaje: 'c' });
          throw new Error('solo el interior');
        })
        .catch(() => {});
    });
    const names = (await onDisk.db.select().from(contactos)).map((c) => c.nombre);
    expect(names).toContain('Dos');
    expect(names).not.toContain('Tres');
    expect(names).not.toContain('Uno');
  });

  it("keeps PostgreSQL's error fields, so a duplicate is still told apart from a bug", async () => {
    const [cat] = await onDisk.db.select().from(categorias).limit(1);
    const err = await onDisk.db
      .insert(categorias)
      .values({ nombre: cat!.nombre })
      .catch((e: unknown) => e);
    const cause = (err as { cause?: { code?: string; constraint?: string } }).cause;
    expect(cause?.code).toBe('23505');
    expect(cause?.constraint).toMatch(/nombre/);
    expect(isDatabaseUnavailable(err)).toBe(false);
  });

  it('answers 503-class errors to queries that waited too long for the connection, and serves the one holding it', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const holder = onDisk.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      await held;
      return 'terminó';
    });
    const waiting = onDisk.db
      .select()
      .from(productos)
      .limit(1)
      .catch((e: unknown) => e);
    const err = await waiting;
    expect(isDatabaseUnavailable(err)).toBe(true);
    release();
    expect(await holder).toBe('terminó');
    // Once it is free, it answers again.
    expect(await onDisk.db.select().from(productos).limit(1)).toHaveLength(1);
  });

  it('serves a read before the waiting transactions, them in order, and the job queue last', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await onDisk.db.execute(sql`create sequence if not exists orden_de_llegada`);
    // The order in which each reached the database, as the database numbers it.
    const reached: { who: string; n: number }[] = [];
    const turn = async (who: string, db: Pick<typeof onDisk.db, 'execute'>) => {
      const [row] = rowsOf<{ n: string }>(
        await db.execute(sql`select nextval('orden_de_llegada') as n`),
      );
      reached.push({ who, n: Number(row!.n) });
    };
    const holder = onDisk.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      await held;
    });
    const orders = [1, 2, 3].map((n) => onDisk.db.transaction((tx) => turn(`pedido ${n}`, tx)));
    const job = inBackground(() => turn('correo', onDisk.db));
    const read = turn('lectura', onDisk.db);
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    await Promise.all([holder, ...orders, read, job]);
    expect(reached.sort((a, b) => a.n - b.n).map((r) => r.who)).toEqual([
      'lectura',
      'pedido 1',
      'pedido 2',
      'pedido 3',
      'correo',
    ]);
  });

  it('lets migrations wait for the connection as long as it takes', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const holder = onDisk.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      await held;
    });
    const migrating = onDisk.migrate().then(() => 'migrado');
    // Longer than the 1.5 s bound that a shopper's query gets.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    release();
    await holder;
    expect(await migrating).toBe('migrado');
  });

  it('forwards NOTIFY of catalogue changes from the worker to listeners', async () => {
    const heard: number[] = [];
    const stop = await onDisk.listen('catalogo_cambio', () => heard.push(1));
    await onDisk.db.update(productos).set({ stock: 9 }).where(eq(productos.id, 1));
    await until(() => heard.length === 1);
    await stop();
    await onDisk.db.update(productos).set({ stock: 8 }).where(eq(productos.id, 1));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(heard).toHaveLength(1);
  });

  it('fails fast while a crashed worker is started again, then serves the same data and listens again', async () => {
    const worker = workerOf(onDisk);
    let reconnected = 0;
    let lost = 0;
    const heard: number[] = [];
    const stop = await onDisk.listen(
      'catalogo_cambio',
      () => heard.push(1),
      () => reconnected++,
      () => lost++,
    );
    await onDisk.db
      .insert(contactos)
      .values({ nombre: 'Antes', email: 'a@gmail.com', mensaje: 'x' });
    await worker.crashWorkerForTests();

    const started = Date.now();
    const err = await onDisk.db
      .select()
      .from(contactos)
      .catch((e: unknown) => e);
    expect(isDatabaseUnavailable(err)).toBe(true);
    expect(Date.now() - started).toBeLessThan(1_000);

    await until(() => lost === 1);
    await until(() => reconnected === 1, 30_000);
    expect(logged).toContain('el hilo de la base de datos embebida terminó; se reinicia');
    const names = (await onDisk.db.select().from(contactos)).map((c) => c.nombre);
    expect(names).toContain('Antes');
    await onDisk.db.update(productos).set({ stock: 7 }).where(eq(productos.id, 1));
    await until(() => heard.length === 1);
    await stop();
  }, 60_000);

  it('tells a transaction that its COMMIT failed, and serves the one waiting behind it', async () => {
    await onDisk.db.execute(
      sql`create table if not exists diferida (id int primary key, ref int references diferida (id) deferrable initially deferred)`,
    );
    // The reference is checked at COMMIT, after the connection was handed on.
    const broken = onDisk.db.transaction(async (tx) => {
      await tx.execute(sql`insert into diferida values (1, 99)`);
    });
    const next = onDisk.db.transaction(async (tx) => {
      await tx.execute(sql`insert into diferida values (2, null)`);
      return 'confirmada';
    });
    await expect(broken).rejects.toMatchObject({ code: '23503' });
    expect(await next).toBe('confirmada');
    const ids = rowsOf<{ id: number }>(await onDisk.db.execute(sql`select id from diferida`));
    expect(ids.map((r) => r.id)).toEqual([2]);
  });

  it('takes a quick answer in place, before the event loop turns', async () => {
    let answered = false;
    const query = workerOf(onDisk)
      .query('select 1 as uno')
      .then(() => (answered = true));
    // Only microtasks run here: an answer that came through the event loop could not be seen.
    for (let i = 0; i < 100 && !answered; i++) await Promise.resolve();
    expect(answered).toBe(true);
    await query;
  });

  it('stops waiting in place while answers come too late, and waits again once they are quick', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'nexbyte-pglite-sync-'));
    const database = await openDatabase({ dataDir: dir, pgliteSyncWaitMs: 20 });
    const client = workerOf(database);
    try {
      // Answers slower than the wait: each blocks the event loop the whole wait, until the
      // client sees that waiting does not pay.
      for (let i = 0; i < 8; i++) await client.query('select pg_sleep(0.05)');
      const blocked = client.blockedMs;
      for (let i = 0; i < 10; i++) await client.query('select pg_sleep(0.05)');
      expect(client.blockedMs - blocked).toBeLessThan(20);
      // Quick answers again: a probe notices, and the next quick answer is taken in place.
      for (let i = 0; i < 40; i++) await client.query('select 1');
      let answered = false;
      const query = client.query('select 1 as uno').then(() => (answered = true));
      for (let i = 0; i < 100 && !answered; i++) await Promise.resolve();
      expect(answered).toBe(true);
      await query;
    } finally {
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('flushes every commit to disk with fsync', async () => {
    const { fsyncCount: before } = await workerOf(onDisk).stats();
    for (let i = 0; i < 5; i++) {
      await onDisk.db
        .insert(contactos)
        .values({ nombre: `F${i}`, email: 'f@gmail.com', mensaje: 'f' });
    }
    const { fsyncCount: after } = await workerOf(onDisk).stats();
    expect(after - before).toBeGreaterThanOrEqual(5);
  });
});
