import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { Database, Db, Schema } from './client';
import { pgListen } from './pg-listen';
import { laneOf, PriorityGate } from './priority-gate';

/** How the pool talks to PostgreSQL; every wait is bounded so a hung database means a fast 503. */
export interface PoolSettings {
  poolSize: number;
  /**
   * Transactions open at once (at most the pool's size). The others wait in priority order
   * (priority-gate.ts): a burst of orders leaves connections, and the CPU, to shoppers' reads,
   * and the job queue's transactions wait behind the requests'.
   */
  maxTransactions: number;
  /** Opening a connection, and also waiting for a free one when all are busy. */
  connectTimeoutMs: number;
  /** Client side: a query whose answer does not arrive in time fails (a stalled network). */
  queryTimeoutMs: number;
  /** Server side: PostgreSQL cancels a statement that runs longer (57014). */
  statementTimeoutMs: number;
  /** Server side: a session left inside a transaction this long is ended, releasing its locks. */
  idleInTransactionTimeoutMs: number;
}

export const POOL_DEFAULTS: PoolSettings = {
  poolSize: 10,
  maxTransactions: 2,
  connectTimeoutMs: 2_000,
  queryTimeoutMs: 6_000,
  statementTimeoutMs: 5_000,
  idleInTransactionTimeoutMs: 10_000,
};

/** Where connection trouble is reported (pino's signature; console works too). */
export interface DbLog {
  warn(details: Record<string, unknown>, message: string): void;
}

const consoleLog: DbLog = { warn: (details, message) => console.warn(message, details) };

type Socketed = { connection?: { stream?: { destroy(): void } } };

/**
 * A client whose query timed out may still be waiting for that answer; everything queued on it
 * would wait too. It is closed, so the pool drops it and the caller's ROLLBACK fails at once.
 */
function dropConnection(client: pg.PoolClient) {
  client.end().catch(() => {});
  (client as unknown as Socketed).connection?.stream?.destroy();
}

function watchReadTimeouts(client: pg.PoolClient) {
  const isReadTimeout = (err: unknown) =>
    err instanceof Error && err.message === 'Query read timeout';
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args) => {
    const last = args.at(-1);
    if (typeof last === 'function') {
      args[args.length - 1] = (err: unknown, res: unknown) => {
        if (isReadTimeout(err)) dropConnection(client);
        (last as (e: unknown, r: unknown) => void)(err, res);
      };
      return query(...args);
    }
    const result = query(...args);
    if (result instanceof Promise) {
      result.catch((err: unknown) => {
        if (isReadTimeout(err)) dropConnection(client);
      });
    }
    return result;
  };
}

export interface OpenPostgresOptions {
  url: string;
  settings: PoolSettings;
  schema: Schema;
  migrationsFolder: string;
  log?: DbLog | undefined;
}

export function openPostgres({
  url,
  settings,
  schema,
  migrationsFolder,
  log = consoleLog,
}: OpenPostgresOptions): Database {
  const connection = {
    connectionString: url,
    application_name: 'nexbyte',
    connectionTimeoutMillis: settings.connectTimeoutMs,
    // Notices a peer that vanished without closing (a failover, a cable) within about a minute.
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  };
  const pool = new pg.Pool({
    ...connection,
    max: settings.poolSize,
    query_timeout: settings.queryTimeoutMs,
    statement_timeout: settings.statementTimeoutMs,
    idle_in_transaction_session_timeout: settings.idleInTransactionTimeoutMs,
  });
  // pg-pool listens for errors only on idle clients: a client held by a transaction whose
  // connection is ended (a restart, a failover, pg_terminate_backend) would otherwise crash the
  // process. The query in flight fails on its own and the caller answers 503.
  pool.on('connect', (client) => {
    client.on('error', (err: Error & { code?: string }) =>
      log.warn({ code: err.code, cause: err.message }, 'se perdió una conexión con PostgreSQL'),
    );
    watchReadTimeouts(client);
  });
  // Already reported by the listener above; without a listener here the pool would throw.
  pool.on('error', () => {});

  const db = drizzle(pool, { schema }) as unknown as Db;
  const gate = new PriorityGate({
    limit: Math.max(1, Math.min(settings.maxTransactions, settings.poolSize)),
    patienceMs: settings.connectTimeoutMs / 8,
  });
  const transaction = db.transaction.bind(db);
  // Waiting for the gate counts as waiting for a connection: bounded the same, then a 503.
  db.transaction = (async (work, config) => {
    await gate.acquire(laneOf('transaction'), settings.connectTimeoutMs);
    try {
      return await transaction(work, config);
    } finally {
      gate.release();
    }
  }) as Db['transaction'];
  return {
    db,
    kind: 'postgres',
    migrate: async () => {
      // Migrations may build indexes for longer than a request may wait: a pool of their own,
      // without the statement and query time-outs.
      const migrationPool = new pg.Pool({ ...connection, max: 1 });
      migrationPool.on('error', () => {});
      try {
        await migrate(drizzle(migrationPool, { schema }), { migrationsFolder });
      } finally {
        await migrationPool.end();
      }
    },
    close: () => pool.end(),
    executeSql: async (text, values) => {
      const result = (await pool.query(text, values)) as pg.QueryResult | pg.QueryResult[];
      return { rows: (Array.isArray(result) ? result.at(-1)?.rows : result.rows) ?? [] };
    },
    writesWaiting: () => gate.waiting('transaction'),
    listen: (channel, onNotify, onReconnect, onLost) =>
      pgListen({ connectionString: url, channel, onNotify, onReconnect, onLost, log }),
  };
}
