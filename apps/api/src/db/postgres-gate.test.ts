import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KIND } from '../test/test-app';
import { openDatabase, type Database } from './client';
import { inBackground } from './priority-gate';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(DB_KIND !== 'postgres')('transactions at once on PostgreSQL', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({
      databaseUrl: process.env.TEST_DATABASE_URL,
      pool: { maxTransactions: 1 },
    });
  });
  afterAll(() => database.close());

  it('admits DB_MAX_TRANSACTIONS at once, requests before the job queue, reads never held', async () => {
    const { db } = database;
    const served: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const holder = db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      await held;
    });
    await pause(20);
    const job = inBackground(() =>
      db.transaction(async (tx) => {
        served.push('correo');
        await tx.execute(sql`select 1`);
      }),
    );
    const order = db.transaction(async (tx) => {
      served.push('pedido');
      await tx.execute(sql`select 1`);
    });
    // A shopper's read takes a connection of its own meanwhile.
    await db.execute(sql`select 1`);
    served.push('lectura');
    await pause(50);
    expect(served).toEqual(['lectura']);
    release();
    await Promise.all([holder, job, order]);
    expect(served).toEqual(['lectura', 'pedido', 'correo']);
  });
});
