// The two databases a mail fault scenario runs on, a way to reach each one's tables from the test
// (PostgreSQL at any time; PGlite only while no server holds its DATA_DIR), and the shop's e-mail
// rows as the owner sees them.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { openDurablePglite } from '../../src/db/pglite-durable-fs';
import { sleep, type Answer } from './http';
import { createTestDatabase, TEST_DATABASE_URL, type TestDatabase } from './postgres';
import { fetchAll, login, ADMIN } from './shop';

export interface ScenarioDatabase {
  label: 'PGlite' | 'PostgreSQL';
  /** What the server needs to run on it (the same for a restart on the same data). */
  env: Record<string, string>;
  /**
   * One statement on it from the test. On PGlite the server must be stopped (the embedded
   * database is opened here, then closed).
   */
  query(sql: string): Promise<Record<string, unknown>[]>;
  drop(): Promise<void>;
}

export const DATABASES = [
  { label: 'PGlite' as const, skip: false },
  { label: 'PostgreSQL' as const, skip: !TEST_DATABASE_URL },
];

export async function scenarioDatabase(
  label: ScenarioDatabase['label'],
): Promise<ScenarioDatabase> {
  if (label === 'PostgreSQL') {
    const db: TestDatabase = await createTestDatabase();
    return {
      label,
      env: { DATABASE_URL: db.url },
      query: async (sql) => (await db.sql.query(sql)).rows,
      drop: () => db.drop(),
    };
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'nexbyte-faults-mail-'));
  return {
    label,
    env: { DATA_DIR: dataDir },
    query: async (sql) => {
      // The embedded database lives in DATA_DIR/pglite (next to the server's lock and socket).
      const { pg } = await openDurablePglite(path.join(dataDir, 'pglite'), { unaccent, pg_trgm });
      try {
        return (await pg.query<Record<string, unknown>>(sql)).rows;
      } finally {
        await pg.close();
      }
    },
    drop: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

export interface MailRow {
  id: number;
  para: string | null;
  estado: 'pendiente' | 'enviado' | 'fallido';
  intentos: number;
  ultimoError: string | null;
}

/** Every e-mail of the shop, as GET /api/correos shows them to the owner. */
export async function mailRows(origin: string): Promise<MailRow[]> {
  const token = await login(origin, ADMIN);
  return fetchAll<MailRow>(origin, '/api/correos', token);
}

/**
 * Asks again, a second apart, while the answer is the shop's 503 (Retry-After: a client retries):
 * on PGlite the first writes right after a start can meet the job queue's start-up.
 */
export async function retrying503(ask: () => Promise<Answer>, attempts = 10): Promise<Answer> {
  let answer = await ask();
  for (let i = 0; answer.status === 503 && i < attempts; i++) {
    await sleep(1_000);
    answer = await ask();
  }
  return answer;
}
