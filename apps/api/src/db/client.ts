import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as shopSchema from './schema';
import * as ordersSchema from './schema-orders';

// The orders module keeps its tables in their own file; both form one schema and one migration set.
const schema = { ...shopSchema, ...ordersSchema };
export type Schema = typeof schema;
/** The common face of both drivers: every query is written once against it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'postgres' | 'pglite';
  migrate(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../drizzle',
);

export interface DatabaseOptions {
  /** PostgreSQL connection string; absent means embedded PGlite. */
  databaseUrl?: string | undefined;
  /** PGlite data directory; absent means an in-memory PGlite (tests). */
  dataDir?: string | undefined;
  poolSize?: number;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      // A query that hangs must not hold a request for ever.
      statement_timeout: 15_000,
    });
    // An idle client that loses its connection must not crash the process.
    pool.on('error', (err) =>
      console.error('Error en una conexión inactiva de PostgreSQL:', err.message),
    );
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePg(db as never, { migrationsFolder }),
      close: () => pool.end(),
    };
  }
  let client: PGlite;
  if (options.dataDir) {
    // PGlite creates only the last folder of the path.
    mkdirSync(options.dataDir, { recursive: true });
    client = await PGlite.create(path.join(options.dataDir, 'pglite'));
  } else {
    client = await PGlite.create();
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    close: () => client.close(),
  };
}
