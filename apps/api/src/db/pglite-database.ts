import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Database, Db, Schema } from './client';
import { PgliteWorkerClient, type PgliteLog } from './pglite-client';
import { StorageFullError, isStorageFull } from './errors';
import { diskWritable, lockDataDir, prepareDataDir, tightenTree } from './pglite-data-dir';

/** How long a query waits for PGlite's single connection before a 503 (PGLITE_QUEUE_TIMEOUT_MS). */
export const PGLITE_QUEUE_TIMEOUT_DEFAULT_MS = 1_000;

export function queueTimeoutFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.PGLITE_QUEUE_TIMEOUT_MS;
  if (raw === undefined || raw === '') return PGLITE_QUEUE_TIMEOUT_DEFAULT_MS;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) {
    throw new Error(`PGLITE_QUEUE_TIMEOUT_MS debe ser un entero ≥ 0 (0 = sin límite): ${raw}`);
  }
  return value;
}

export interface OpenPgliteOptions {
  /** Absent: an in-memory database in this thread (tests). */
  dataDir?: string | undefined;
  /** In memory only: start from this dump (`dumpDataDir`) instead of an empty cluster. */
  loadDataDir?: Blob | undefined;
  queueTimeoutMs?: number | undefined;
  syncWaitMs?: number | undefined;
  schema: Schema;
  migrationsFolder: string;
  log?: PgliteLog | undefined;
}

/** PGlite's own folder in the data directory. */
const clusterDir = (dataDir: string) => path.join(dataDir, 'pglite');

/** Whether the embedded database in `dataDir` exists yet (PGlite creates it on first open). */
export function pgliteCreated(dataDir: string): boolean {
  return existsSync(path.join(clusterDir(dataDir), 'PG_VERSION'));
}

/**
 * What a start that failed says when the disk is the reason: PGlite itself only reports
 * 'RuntimeError: Aborted()' when it cannot write its files.
 */
async function startFailure(err: unknown, dataDir: string): Promise<unknown> {
  const full = isStorageFull(err) || !(await diskWritable(dataDir).catch(() => true));
  if (!full) return err;
  return new StorageFullError(
    `No queda espacio en el disco de DATA_DIR (${dataDir}): la base de datos embebida no puede abrirse. Libera espacio y vuelve a iniciar Nexbyte.`,
    { cause: err },
  );
}

/** pg-boss's SQL on PGlite: `query` takes one parameterised statement, `exec` a script. */
async function pgliteSql(
  client: Pick<PGlite, 'query' | 'exec'>,
  text: string,
  values: unknown[] | undefined,
): Promise<{ rows: unknown[] }> {
  if (values && values.length > 0) return { rows: (await client.query(text, values)).rows };
  return { rows: (await client.exec(text)).at(-1)?.rows ?? [] };
}

/**
 * The embedded database. With a data directory it runs in a worker thread, on a file system that
 * fsyncs every commit (decision 008); in memory it runs in this thread, where nothing needs either.
 */
export async function openPglite(options: OpenPgliteOptions): Promise<Database> {
  const { schema, migrationsFolder } = options;
  if (!options.dataDir) {
    // The search migration creates these; PGlite must load them before it can.
    const client = await PGlite.create({
      extensions: { unaccent, pg_trgm },
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    });
    const db = drizzle(client, { schema }) as unknown as Db;
    return {
      db,
      kind: 'pglite',
      migrate: () => migrate(db as never, { migrationsFolder }),
      close: () => client.close(),
      executeSql: (text, values) => pgliteSql(client, text, values),
      listen: (channel, onNotify) => client.listen(channel, onNotify),
    };
  }
  let unlock: () => void;
  try {
    prepareDataDir(options.dataDir);
    unlock = lockDataDir(options.dataDir);
  } catch (err) {
    throw await startFailure(err, options.dataDir);
  }
  let client: PgliteWorkerClient;
  try {
    client = await PgliteWorkerClient.start({
      dataDir: clusterDir(options.dataDir),
      queueTimeoutMs: options.queueTimeoutMs ?? queueTimeoutFromEnv(),
      syncWaitMs: options.syncWaitMs,
      log: options.log,
    });
  } catch (err) {
    unlock();
    throw await startFailure(err, options.dataDir);
  }
  tightenTree(options.dataDir);
  const db = drizzle(client as unknown as PGlite, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    // Before the server listens nothing competes for the connection, but a long migration must
    // never be cut short by the bound meant for shoppers.
    migrate: () => client.withoutQueueBound(() => migrate(db as never, { migrationsFolder })),
    close: () => client.close().finally(unlock),
    dumpDataDir: () => client.dump(),
    executeSql: (text, values) => pgliteSql(client, text, values),
    writesWaiting: () => client.writesWaiting(),
    listen: (channel, onNotify, onReconnect, onLost) =>
      client.listen(channel, onNotify, onReconnect, onLost),
  };
}
