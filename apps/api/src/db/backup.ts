import { spawn } from 'node:child_process';
import {
  closeSync,
  createWriteStream,
  existsSync,
  fsyncSync,
  linkSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeSync,
} from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { pipeline } from 'node:stream/promises';
import { gunzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import pg from 'pg';
import { lockDataDir, tightenTree } from './pglite-data-dir';
import type { DataDirDump } from './pglite-worker';
import { countRows, type RowCounts } from './row-counts';

/**
 * The running server's door for backups of the embedded database, inside DATA_DIR (0700), so only
 * the account that owns the data may knock. A connection gets the dump and is closed.
 */
export const BACKUP_SOCKET = 'respaldo.sock';

/** Backups hold password hashes and customers' data: the owner's eyes only. */
export const BACKUP_FILE_MODE = 0o600;

export class BackupError extends Error {}

/**
 * What the server sends on the backup socket: one line of JSON with the dump's length and the
 * rows each table held, then the dump itself. A connection that ends before all of it arrived is
 * a server that stopped half-way.
 */
export function encodeDumpHeader(dump: DataDirDump): string {
  return `${JSON.stringify({ bytes: dump.data.byteLength, filas: dump.rows })}\n`;
}

const SERVER_STOPPED =
  'el servidor se detuvo antes de entregar el respaldo completo; no se escribió ningún archivo. Vuelve a intentarlo.';

/** Asks the server that holds `dataDir` for a dump; null when no server listens there. */
export function dumpFromRunningServer(dataDir: string): Promise<DataDirDump | null> {
  const socketPath = path.join(dataDir, BACKUP_SOCKET);
  if (!existsSync(socketPath)) return Promise.resolve(null);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let connected = false;
    const socket = net.createConnection(socketPath, () => (connected = true));
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('close', () => {
      if (!connected) return;
      const all = Buffer.concat(chunks);
      const newline = all.indexOf(0x0a);
      let header: { bytes?: unknown; filas?: unknown } | undefined;
      try {
        if (newline > 0) header = JSON.parse(all.subarray(0, newline).toString('utf8'));
      } catch {
        header = undefined;
      }
      const data = all.subarray(newline + 1);
      if (
        !header ||
        typeof header.bytes !== 'number' ||
        typeof header.filas !== 'object' ||
        header.filas === null ||
        data.byteLength !== header.bytes
      ) {
        reject(new BackupError(SERVER_STOPPED));
        return;
      }
      resolve({ data, rows: header.filas as RowCounts });
    });
    socket.on('error', (err: NodeJS.ErrnoException) => {
      // A socket file left by a server that died: nobody is there.
      if (!connected && (err.code === 'ECONNREFUSED' || err.code === 'ENOENT')) resolve(null);
      else if (connected) socket.destroy();
      else reject(err);
    });
  });
}

const DAMAGED = 'el respaldo está incompleto o dañado';

/** The gzipped tarball whole: a cut file fails here, before anything is written or opened. */
function checkArchive(data: Uint8Array): void {
  if (data.byteLength === 0) throw new BackupError(`${DAMAGED}: está vacío.`);
  try {
    gunzipSync(data);
  } catch (err) {
    throw new BackupError(`${DAMAGED}: ${(err as Error).message}.`);
  }
}

function differences(expected: RowCounts, found: RowCounts): string[] {
  const names = new Set([...Object.keys(expected), ...Object.keys(found)]);
  return [...names]
    .filter((name) => expected[name] !== found[name])
    .map((name) => `${name}: se esperaban ${expected[name] ?? 0} filas y hay ${found[name] ?? 0}`);
}

function checkRows(expected: RowCounts, found: RowCounts): void {
  const wrong = differences(expected, found);
  if (wrong.length > 0) {
    throw new BackupError(`${DAMAGED}: ${wrong.slice(0, 5).join('; ')}.`);
  }
}

/**
 * Opens the embedded database's dump in memory and counts its rows: a backup is only kept when it
 * opens and holds the rows the server counted when it took it.
 */
export async function verifyPgliteDump(dump: DataDirDump): Promise<void> {
  checkArchive(dump.data);
  let db: PGlite;
  try {
    db = await PGlite.create({
      loadDataDir: new Blob([dump.data]),
      extensions: { unaccent, pg_trgm },
    });
  } catch (err) {
    throw new BackupError(`${DAMAGED}: no se pudo abrir (${(err as Error).message}).`);
  }
  try {
    checkRows(dump.rows, await countRows((sql) => db.query(sql)));
  } finally {
    await db.close();
  }
}

/** A file beside `file`, for writing it whole before it takes its name. */
function partialName(file: string): string {
  return path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.parcial`);
}

/**
 * Gives `partial`, written whole and flushed, the name `file` (never over an existing one) and
 * flushes the directory, so the name only ever points at a complete backup.
 */
function publish(partial: string, file: string): void {
  linkSync(partial, file);
  rmSync(partial, { force: true });
  const dir = openSync(path.dirname(file), 'r');
  try {
    fsyncSync(dir);
  } finally {
    closeSync(dir);
  }
}

/**
 * Writes a verified dump to a new file (never over an existing one), owner-only: first under a
 * temporary name, flushed and its size checked, then renamed, so a failure leaves no file behind.
 */
export async function writeBackupFile(file: string, data: Uint8Array): Promise<void> {
  if (existsSync(file)) throw Object.assign(new Error(file), { code: 'EEXIST' });
  const partial = partialName(file);
  try {
    const fd = openSync(partial, 'wx', BACKUP_FILE_MODE);
    try {
      for (let written = 0; written < data.byteLength;) {
        written += writeSync(fd, data, written, data.byteLength - written);
      }
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    if (statSync(partial).size !== data.byteLength) {
      throw new BackupError('el archivo escrito no tiene el tamaño del respaldo.');
    }
    publish(partial, file);
  } finally {
    rmSync(partial, { force: true });
  }
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

/** Runs a PostgreSQL tool; rejects with its stderr when it does not exit 0. */
async function runTool(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  stdout: (out: NodeJS.ReadableStream) => Promise<void>,
): Promise<void> {
  const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', resolve);
  });
  await Promise.all([stdout(child.stdout), exited]);
  const code = await exited;
  if (code !== 0)
    throw new BackupError(`${command} terminó con el código ${code}: ${stderr.trim()}`);
}

/** `COPY public.tabla (…) FROM stdin;` in pg_restore's script: one line per row until `\.`. */
const COPY_LINE = /^COPY public\.("(?:[^"]|"")+"|[^\s(]+) /;

/**
 * Reads a custom-format dump through to its end (pg_restore writes it out as a script) and counts
 * the rows of each table of the shop: a dump cut short, or missing rows, fails here.
 */
export async function verifyPostgresDump(
  file: string,
  expected: RowCounts,
  databaseUrl?: string,
): Promise<void> {
  const found: RowCounts = {};
  const env = databaseUrl ? pgConnection(databaseUrl).env : process.env;
  try {
    await runTool('pg_restore', ['--file=-', file], env, async (out) => {
      let table: string | null = null;
      for await (const line of createInterface({ input: out, crlfDelay: Infinity })) {
        if (table === null) {
          const match = COPY_LINE.exec(line);
          if (match) {
            const name = match[1]!;
            table = name.startsWith('"') ? name.slice(1, -1).replace(/""/g, '"') : name;
            found[table] = 0;
          }
        } else if (line === '\\.') table = null;
        else found[table]! += 1;
      }
    });
  } catch (err) {
    throw new BackupError(`${DAMAGED}: ${(err as Error).message}`);
  }
  checkRows(expected, found);
}

/**
 * PostgreSQL: pg_dump's custom format, written owner-only. The rows are counted in the snapshot
 * pg_dump then dumps (an exported snapshot), and the file is read back and counted before it
 * takes its name: a backup that exits 0 is whole.
 */
export async function dumpPostgres(databaseUrl: string, file: string): Promise<void> {
  if (existsSync(file)) throw Object.assign(new Error(file), { code: 'EEXIST' });
  const partial = partialName(file);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    const snapshot = (await client.query<{ id: string }>('select pg_export_snapshot() as id'))
      .rows[0]!.id;
    const rows = await countRows((sql) => client.query(sql));
    const connection = pgConnection(databaseUrl);
    await runTool(
      'pg_dump',
      [
        '--format=custom',
        '--no-owner',
        '--no-privileges',
        `--snapshot=${snapshot}`,
        ...connection.args,
      ],
      connection.env,
      (out) => pipeline(out, createWriteStream(partial, { flags: 'wx', mode: BACKUP_FILE_MODE })),
    );
    await client.query('commit');
    const fd = openSync(partial, 'r');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    await verifyPostgresDump(partial, rows, databaseUrl);
    publish(partial, file);
  } finally {
    rmSync(partial, { force: true });
    await client.end().catch(() => {});
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

/**
 * The embedded database: restores a dump into a data directory that is empty or missing. It is
 * unpacked and opened in a directory beside it first, and only moved in once it opened: a backup
 * that fails leaves DATA_DIR as it was found.
 */
export async function restorePglite(dataDir: string, dump: Uint8Array): Promise<void> {
  const existed = existsSync(dataDir);
  if (existed && readdirSync(dataDir).length > 0) {
    throw new BackupError(
      `DATA_DIR (${dataDir}) no está vacío: el respaldo solo se restaura en un directorio vacío, para no pisar datos.`,
    );
  }
  checkArchive(dump);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  let unlock: () => void = () => {};
  const staging = mkdtempSync(
    path.join(path.dirname(dataDir), `.${path.basename(dataDir)}.restaurando-`),
  );
  let restored = false;
  try {
    unlock = lockDataDir(dataDir);
    let db: PGlite;
    try {
      db = await PGlite.create({
        dataDir: path.join(staging, 'pglite'),
        loadDataDir: new Blob([dump]),
        extensions: { unaccent, pg_trgm },
      });
    } catch (err) {
      throw new BackupError(`${DAMAGED}: no se pudo abrir (${(err as Error).message}).`);
    }
    // Opening it proves the copy is whole; closing it checkpoints it to disk.
    try {
      await db.query('select 1');
    } finally {
      await db.close();
    }
    renameSync(path.join(staging, 'pglite'), path.join(dataDir, 'pglite'));
    tightenTree(dataDir);
    restored = true;
  } finally {
    rmSync(staging, { recursive: true, force: true });
    unlock();
    if (!restored && !existed) rmSync(dataDir, { recursive: true, force: true });
  }
}
