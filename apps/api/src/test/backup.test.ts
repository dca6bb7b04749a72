import { spawn } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { DB_KIND, freshDatabase, testConfig } from './test-app';
import {
  dumpFromRunningServer,
  dumpPostgres,
  restorePglite,
  restorePostgres,
  verifyPostgresDump,
} from '../db/backup';
import { openDatabase, type Database } from '../db/client';
import { rowsOf } from '../db/rows';
import { seedDemoData } from '../db/seed';

const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const tmp = (prefix: string) => mkdtempSync(path.join(tmpdir(), prefix));

/** What a restore must bring back: every row of the shop, counted, and the admin's password hash. */
async function fingerprint(database: Database) {
  const [row] = rowsOf<Record<string, number | string>>(
    await database.db.execute(sql`select
      (select count(*)::int from productos) as productos,
      (select count(*)::int from categorias) as categorias,
      (select count(*)::int from usuarios) as usuarios,
      (select count(*)::int from contactos) as contactos,
      (select count(*)::int from solicitudes_soporte) as soporte,
      (select string_agg(nombre || ':' || stock || ':' || precio, ',' order by id) from productos) as catalogo,
      (select pass_hash from usuarios where role = 'ADMIN') as admin`),
  );
  return row!;
}

function run(script: string, args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; out: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
      cwd: apiRoot,
      env: { PATH: process.env.PATH ?? '', NODE_ENV: 'development', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.on('exit', (code) => resolve({ code, out }));
  });
}

describe.runIf(DB_KIND === 'pglite')(
  'backups of the embedded database',
  { timeout: 300_000 },
  () => {
    it('npm run db:backup beside a running server, then db:restore into an empty DATA_DIR: the same rows', async () => {
      const dataDir = tmp('nexbyte-backup-src-');
      const database = await openDatabase({ dataDir });
      await database.migrate();
      await seedDemoData(database.db, testConfig());
      const before = await fingerprint(database);
      const app = await buildApp({ config: testConfig({ DATA_DIR: dataDir }), database });
      await app.ready();
      const file = path.join(tmp('nexbyte-backup-out-'), 'tienda.tar.gz');
      try {
        // The server holds the directory: the backup is taken through it.
        const backup = await run('src/cli/db-backup.main.ts', ['--salida', file], {
          DATA_DIR: dataDir,
        });
        expect(backup.out).toContain('Respaldo escrito en');
        expect(backup.code).toBe(0);
        expect(statSync(file).mode & 0o777).toBe(0o600);
        // Another copy straight through the socket is readable while the shop keeps answering.
        const copy = (await dumpFromRunningServer(dataDir))!;
        expect(copy.data.byteLength).toBeGreaterThan(1000);
        expect(copy.rows).toMatchObject({ productos: before.productos, usuarios: before.usuarios });
      } finally {
        await app.close();
      }

      // A backup cut short: the restore fails and leaves DATA_DIR as it found it, missing or empty.
      const whole = readFileSync(file);
      const cut = path.join(tmp('nexbyte-backup-cut-'), 'cortado.tar.gz');
      writeFileSync(cut, whole.subarray(0, Math.floor(whole.byteLength / 2)));
      const target = path.join(tmp('nexbyte-backup-dst-'), 'datos');
      const missing = await run('src/cli/db-restore.main.ts', [cut], { DATA_DIR: target });
      expect(missing.out).toContain('No se restauró el respaldo');
      expect(missing.code).toBe(1);
      expect(existsSync(target)).toBe(false);
      mkdirSync(target, { mode: 0o700 });
      const empty = await run('src/cli/db-restore.main.ts', [cut], { DATA_DIR: target });
      expect(empty.code).toBe(1);
      expect(readdirSync(target)).toEqual([]);
      expect(readdirSync(path.dirname(target))).toEqual(['datos']);

      // The good backup then restores there.
      const restore = await run('src/cli/db-restore.main.ts', [file], { DATA_DIR: target });
      expect(restore.out).toContain('Respaldo restaurado');
      expect(restore.code).toBe(0);
      const restored = await openDatabase({ dataDir: target });
      try {
        expect(await fingerprint(restored)).toEqual(before);
      } finally {
        await restored.close();
      }
    });

    it('refuses to restore into a DATA_DIR that holds anything', async () => {
      const dataDir = tmp('nexbyte-backup-full-');
      writeFileSync(path.join(dataDir, 'algo'), 'x');
      await expect(restorePglite(dataDir, new Uint8Array([1, 2, 3]))).rejects.toThrow(
        /no está vacío/,
      );
    });
  },
);

describe.runIf(DB_KIND === 'postgres')('backups of PostgreSQL', { timeout: 300_000 }, () => {
  const serverUrl = process.env.TEST_DATABASE_URL!;
  const extra = `nexbyte_restore_${Date.now().toString(36)}`;
  let dropSource = async () => {};
  afterAll(async () => {
    await dropSource();
    const c = new pg.Client({ connectionString: serverUrl });
    await c.connect();
    await c.query(`drop database if exists ${extra} with (force)`);
    await c.end();
  });

  it('pg_dump then pg_restore into an empty database: the same rows; a file of mode 0600', async () => {
    const source = await freshDatabase();
    dropSource = source.drop;
    await source.database.migrate();
    await seedDemoData(source.database.db, testConfig());
    const before = await fingerprint(source.database);
    await source.database.close();

    const file = path.join(tmp('nexbyte-pgdump-'), 'tienda.dump');
    await dumpPostgres(source.url!, file);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file).subarray(0, 5).toString()).toBe('PGDMP');

    // Into the source itself (not empty): refused, nothing touched.
    await expect(restorePostgres(source.url!, file)).rejects.toThrow(/no está vacía/);

    // A dump cut short fails its check, and its restore leaves the empty database empty.
    const whole = readFileSync(file);
    const cut = path.join(tmp('nexbyte-pgdump-cut-'), 'cortado.dump');
    writeFileSync(cut, whole.subarray(0, Math.floor(whole.byteLength / 2)));
    await expect(verifyPostgresDump(cut, { productos: Number(before.productos) })).rejects.toThrow(
      /incompleto o dañado/,
    );

    const c = new pg.Client({ connectionString: serverUrl });
    await c.connect();
    await c.query(`create database ${extra}`);
    await c.end();
    const url = new URL(serverUrl);
    url.pathname = `/${extra}`;
    await expect(restorePostgres(url.toString(), cut)).rejects.toThrow(/pg_restore/);
    const check = new pg.Client({ connectionString: url.toString() });
    await check.connect();
    const { rows } = await check.query<{ n: number }>(
      `select count(*)::int as n from information_schema.tables
       where table_schema not in ('pg_catalog', 'information_schema')`,
    );
    await check.end();
    expect(rows[0]!.n).toBe(0);
    await restorePostgres(url.toString(), file);
    const restored = await openDatabase({ databaseUrl: url.toString(), poolSize: 1 });
    try {
      expect(await fingerprint(restored)).toEqual(before);
    } finally {
      await restored.close();
    }
  });
});
