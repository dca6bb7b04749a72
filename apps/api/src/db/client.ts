import path from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { apiDir } from '../paths';
import { openPglite } from './pglite-database';
import type { DataDirDump } from './pglite-worker';
import { openPostgres, POOL_DEFAULTS, type DbLog, type PoolSettings } from './postgres';
import * as appMetaSchema from './app-meta.schema';
import * as authSchema from '../modules/auth/auth.schema';
import * as sessionsSchema from '../modules/auth/sessions.schema';
import * as categoriesSchema from '../modules/categories/categories.schema';
import * as contactSchema from '../modules/contact/contact.schema';
import * as couponsSchema from '../modules/coupons/coupons.schema';
import * as imagesSchema from '../modules/images/images.schema';
import * as mailSchema from '../modules/mail/mail.schema';
import * as newsletterSchema from '../modules/newsletter/newsletter.schema';
import * as ordersSchema from '../modules/orders/orders.schema';
import * as paymentsSchema from '../modules/payments/payments.schema';
import * as productsSchema from '../modules/products/products.schema';
import * as shippingSchema from '../modules/shipping/shipping.schema';
import * as supportSchema from '../modules/support/support.schema';
import * as usersSchema from '../modules/users/users.schema';

// Each module declares its tables in its own `<module>.schema.ts` (decision 011); together they
// form one schema and one migration set, and the client's type knows every table.
const schema = {
  ...appMetaSchema,
  ...authSchema,
  ...sessionsSchema,
  ...categoriesSchema,
  ...contactSchema,
  ...couponsSchema,
  ...imagesSchema,
  ...mailSchema,
  ...newsletterSchema,
  ...ordersSchema,
  ...paymentsSchema,
  ...productsSchema,
  ...shippingSchema,
  ...supportSchema,
  ...usersSchema,
};
export type Schema = typeof schema;
/** The common face of both drivers: every query is written once against it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'postgres' | 'pglite';
  migrate(): Promise<void>;
  close(): Promise<void>;
  /**
   * Raw SQL for the job queue (pg-boss's `db` adapter): with values, one parameterised statement;
   * without, a script of several (the simple protocol). The rows of the last statement.
   */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  /**
   * Requests' transactions waiting for the database now (priority-gate.ts): more than none means
   * writes are queueing, a burst of orders, and background work should give way. Absent where
   * nothing is gated (the in-process PGlite of tests).
   */
  writesWaiting?(): number;
  /**
   * The embedded database in a data directory: a consistent gzipped tarball of it and the rows
   * each table held when it was taken (backups).
   */
  dumpDataDir?(): Promise<DataDirDump>;
  /**
   * Calls `onNotify` with the payload of each NOTIFY on `channel`, sent on commit by any instance
   * or code path.
   * After a loss of the listening connection, `onLost`; once listening again, `onReconnect`
   * (notifications sent meanwhile were missed). Resolves once listening, to the stop function.
   */
  listen(
    channel: string,
    onNotify: (payload: string) => void,
    onReconnect?: () => void,
    onLost?: () => void,
  ): Promise<() => Promise<void>>;
}

const migrationsFolder = path.join(apiDir, 'drizzle');

export interface DatabaseOptions {
  /** PostgreSQL connection string; absent means embedded PGlite. */
  databaseUrl?: string | undefined;
  /** PGlite data directory; absent means an in-memory PGlite (tests). */
  dataDir?: string | undefined;
  /** In-memory PGlite only: start from this tarball of a data directory (a migrated template). */
  pgliteTemplate?: Blob | undefined;
  /** Longest wait for PGlite's one connection before a 503; PGLITE_QUEUE_TIMEOUT_MS when absent. */
  pgliteQueueTimeoutMs?: number | undefined;
  /** How long the event loop may block for PGlite's quick answers (SYNC_WAIT_MS when absent). */
  pgliteSyncWaitMs?: number | undefined;
  poolSize?: number;
  /** PostgreSQL pool time-outs (defaults in POOL_DEFAULTS). */
  pool?: Partial<PoolSettings>;
  /** Where lost connections are reported; the console when absent. */
  log?: DbLog;
}

export { migrationsFolder };

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    return openPostgres({
      url: options.databaseUrl,
      settings: {
        ...POOL_DEFAULTS,
        ...options.pool,
        ...(options.poolSize ? { poolSize: options.poolSize } : {}),
      },
      schema,
      migrationsFolder,
      log: options.log,
    });
  }
  return openPglite({
    dataDir: options.dataDir,
    loadDataDir: options.pgliteTemplate,
    queueTimeoutMs: options.pgliteQueueTimeoutMs,
    syncWaitMs: options.pgliteSyncWaitMs,
    schema,
    migrationsFolder,
    log: options.log,
  });
}
