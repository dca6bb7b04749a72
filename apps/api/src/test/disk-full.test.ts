import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app';
import { openDatabase, type Database } from '../db/client';
import { seedDemoData } from '../db/seed';
import { MESSAGES } from '../http-errors';
import { correos } from '../modules/mail/mail.schema';
import { GUEST } from '../modules/orders/orders.fixtures';
import { productos } from '../modules/products/products.schema';
import { STORAGE_RETRY_AFTER_SECONDS } from '../plugins/storage';
import { DB_KIND, freshDatabase, testConfig } from './test-app';

/**
 * A real full disk: a small tmpfs, filled to the last block. Mounting needs root (CI runs as
 * root); elsewhere the file is skipped and says why. On PostgreSQL the server must run on this
 * machine, as the 'postgres' account, for a tablespace on that tmpfs.
 */
function mountProblem(): string | null {
  if (process.getuid?.() !== 0) return 'montar un tmpfs necesita root';
  const probe = mkdtempSync(path.join(tmpdir(), 'nexbyte-mount-'));
  try {
    const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', probe]);
    if (mounted.status !== 0) return `mount falló: ${mounted.stderr.toString().trim()}`;
    spawnSync('umount', [probe]);
    return null;
  } finally {
    rmSync(probe, { recursive: true, force: true });
  }
}

function postgresUid(): number | null {
  const id = spawnSync('id', ['-u', 'postgres']);
  return id.status === 0 ? Number(id.stdout.toString().trim()) : null;
}

const problem =
  mountProblem() ??
  (DB_KIND === 'postgres' && postgresUid() === null
    ? 'PostgreSQL no corre en esta máquina con la cuenta postgres'
    : null);
if (problem) console.warn(`disk-full.test.ts se omite: ${problem}`);

/** Fills the disk of `dir` to its last block. */
function fill(dir: string) {
  // dd stops with "No space left on device": that is the point.
  spawnSync('dd', ['if=/dev/zero', `of=${path.join(dir, 'relleno')}`, 'bs=64k'], {
    stdio: 'ignore',
  });
}

function order(app: App, productoId: number) {
  return app.inject({
    method: 'POST',
    url: '/api/pedidos',
    headers: { 'idempotency-key': randomBytes(8).toString('hex') },
    payload: { ...GUEST, items: [{ productoId, qty: 1 }] },
  });
}

describe.skipIf(problem !== null)('a full disk', { timeout: 180_000 }, () => {
  const mountPoint = mkdtempSync(path.join(tmpdir(), 'nexbyte-lleno-'));
  const tablespace = `nexbyte_lleno_${randomBytes(4).toString('hex')}`;
  let database: Database;
  let drop = async () => {};
  let app: App;
  let productoId: number;
  const notices: string[] = [];

  const admin = async (statement: string) => {
    const c = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await c.connect();
    try {
      await c.query(statement);
    } finally {
      await c.end();
    }
  };

  beforeAll(async () => {
    const config = testConfig({
      SHOP_EMAIL: 'tienda@nexbyte.cl',
      ...(DB_KIND === 'pglite' ? { DATA_DIR: path.join(mountPoint, 'datos') } : {}),
    });
    if (DB_KIND === 'pglite') {
      // The embedded database itself lives on the small disk.
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=128m', 'tmpfs', mountPoint]);
      database = await openDatabase({ dataDir: config.dataDir });
      await database.migrate();
      await seedDemoData(database.db, config);
    } else {
      // The orders' table is moved to a tablespace on the small disk.
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', mountPoint]);
      const location = path.join(mountPoint, 'pg');
      mkdirSync(location);
      chownSync(location, postgresUid()!, statSync('/var/lib/postgresql').gid);
      await admin(`create tablespace ${tablespace} location '${location}'`);
      const fresh = await freshDatabase();
      database = fresh.database;
      drop = fresh.drop;
      await database.migrate();
      await seedDemoData(database.db, config);
      const c = new pg.Client({ connectionString: fresh.url });
      await c.connect();
      await c.query(`alter table pedidos set tablespace ${tablespace}`);
      await c.end();
    }
    app = await buildApp({ config, database });
    await app.ready();
    app.storage.onFull((since) => void notices.push(since.toISOString()));
    const [product] = await app.db
      .select({ id: productos.id })
      .from(productos)
      .where(eq(productos.activo, true))
      .limit(1);
    productoId = product!.id;
  });

  afterAll(async () => {
    await app?.close();
    await drop();
    if (DB_KIND === 'postgres') await admin(`drop tablespace if exists ${tablespace}`);
    spawnSync('umount', [mountPoint]);
    rmSync(mountPoint, { recursive: true, force: true });
  });

  it('answers orders 503 with Retry-After, /api/salud says so, the owner is told once; all comes back with space', async () => {
    fill(mountPoint);
    for (let i = 0; i < 3; i++) {
      const res = await order(app, productoId);
      expect(res.statusCode, res.body).toBe(503);
      expect(res.headers['retry-after']).toBe(String(STORAGE_RETRY_AFTER_SECONDS));
      expect(res.json()).toEqual({ message: MESSAGES.storageFull });
    }
    const salud = await app.inject({ method: 'GET', url: '/api/salud' });
    expect(salud.statusCode).toBe(503);
    expect(salud.json()).toMatchObject({ estado: 'degradado', db: 'ok', almacenamiento: 'lleno' });
    // The catalogue is still there to read.
    expect((await app.inject({ method: 'GET', url: '/api/productos' })).statusCode).toBe(200);
    await app.mailer.settled();
    expect(notices).toHaveLength(1);
    if (DB_KIND === 'postgres') {
      // Only the orders' table is on the full disk here, so the outbox keeps the owner's e-mail.
      const mails = await app.db
        .select({ para: correos.para })
        .from(correos)
        .where(eq(correos.asunto, 'La tienda no puede recibir pedidos: el disco está lleno'));
      expect(mails).toEqual([{ para: 'tienda@nexbyte.cl' }]);
    }

    rmSync(path.join(mountPoint, 'relleno'));
    const placed = await order(app, productoId);
    expect(placed.statusCode, placed.body).toBe(201);
    const after = await app.inject({ method: 'GET', url: '/api/salud' });
    expect(after.statusCode).toBe(200);
    expect(after.json()).toMatchObject({ estado: 'ok', almacenamiento: 'ok' });
    expect(notices).toHaveLength(1);
  });
});
