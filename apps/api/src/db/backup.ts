import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, readdirSync, rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import pg from 'pg';
import { lockDataDir, prepareDataDir } from './pglite-data-dir';

/**
 * The running server's door for backups of the embedded database, inside DATA_DIR (0700), so only
 * the account that owns the data may knock. A connection gets the dump and is closed.
 */
export const BACKUP_SOCKET = 'respaldo.sock';

/** Backups hold password hashes and customers' data: the owner's eyes only. */
export const BACKUP_FILE_MODE = 0o600;

export class BackupError extends Error {}

/** Asks the server that holds `dataDir` for a dump; null when no server listens there. */
export function dumpFromRunningServer(dataDir: string): Promise<Buffer | null> {
  const socketPath = path.join(dataDir, BACKUP_SOCKET);
  if (!existsSync(socketPath)) return Promise.resolve(null);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = net.createConnection(socketPath);
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('end', () => resolve(Buffer.concat(chunks)));
    socket.on('error', (err: NodeJS.ErrnoException) => {
      // A socket file left by a server that died: nobody is there.
      if (err.code === 'ECONNREFUSED' || err.code === 'ENOENT') resolve(null);
      else reject(err);
    });
  });
}

/** Writes `data` to a new file (never over an existing one), owner-only. */
export async function writeBackupFile(file: string, data: Uint8Array): Promise<void> {
  const out = createWriteStream(file, { flags: 'wx', mode: BACKUP_FILE_MODE });
  out.end(data);
  await new Promise<void>((resolve, reject) => {
    out.on('finish', resolve);
    out.on('error', reject);
  });
}

/**
 * How pg_dump and pg_restore reach DATABASE_URL: the address as an argument, its password in
 * PGPASSWORD, since any user of the machine can read a process's arguments.
 */
function pgConnection(databaseUrl: string): { args: string[]; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return {
    args: [`--dbname=${url.toString()}`],
    env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
  };
}

/** PostgreSQL: pg_dump's custom format, one consistent snapshot, written owner-only. */
export async function dumpPostgres(databaseUrl: string, file: string): Promise<void> {
  const out = createWriteStream(file, { flags: 'wx', mode: BACKUP_FILE_MODE });
  const connection = pgConnection(databaseUrl);
  const child = spawn(
    'pg_dump',
    ['--format=custom', '--no-owner', '--no-privileges', ...connection.args],
    { env: connection.env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', resolve);
  });
  await pipeline(child.stdout, out);
  const code = await exited;
  if (code !== 0) {
    rmSync(file, { force: true });
    throw new BackupError(`pg_dump terminó con el código ${code}: ${stderr.trim()}`);
  }
}

/** PostgreSQL: restores into a database that has no tables yet. */
export async function restorePostgres(databaseUrl: string, file: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from information_schema.tables
       where table_schema not in ('pg_catalog', 'information_schema')`,
    );
    if (rows[0]!.n > 0) {
      throw new BackupError(
        'La base de datos de DATABASE_URL no está vacía: el respaldo solo se restaura en una base nueva (createdb).',
      );
    }
  } finally {
    await client.end();
  }
  const connection = pgConnection(databaseUrl);
  const child = spawn(
    'pg_restore',
    [
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      '--single-transaction',
      ...connection.args,
      file,
    ],
    { env: connection.env, stdio: ['ignore', 'inherit', 'pipe'] },
  );
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', resolve);
  });
  if (code !== 0)
    throw new BackupError(`pg_restore terminó con el código ${code}: ${stderr.trim()}`);
}

/** The embedded database: restores a dump into a data directory that is empty or missing. */
export async function restorePglite(dataDir: string, dump: Uint8Array): Promise<void> {
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) {
    throw new BackupError(
      `DATA_DIR (${dataDir}) no está vacío: el respaldo solo se restaura en un directorio vacío, para no pisar datos.`,
    );
  }
  prepareDataDir(dataDir);
  const unlock = lockDataDir(dataDir);
  try {
    const db = await PGlite.create({
      dataDir: path.join(dataDir, 'pglite'),
      loadDataDir: new Blob([dump]),
      extensions: { unaccent, pg_trgm },
    });
    // Opening it proves the copy is whole; closing it checkpoints it to disk.
    await db.query('select 1');
    await db.close();
  } finally {
    unlock();
  }
}
