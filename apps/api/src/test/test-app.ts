import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { computeRunCheckDigit } from '@nexbyte/shared';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, loggerOptions, type App } from '../app';
import { loadConfig, type AppConfig } from '../config';
import { openDatabase } from '../db/client';
import { DEMO_CLIENT, seedDemoData } from '../db/seed';

export const DB_KIND = process.env.TEST_DB_KIND === 'postgres' ? 'postgres' : 'pglite';

export const ADMIN = { correo: 'admin@duoc.cl', pass: 'admin123' } as const;
export const CLIENT = { correo: DEMO_CLIENT.correo, pass: DEMO_CLIENT.password } as const;

/**
 * A configuration for tests: generous request limits unless a test asks for tight ones. On
 * PostgreSQL the counters go to Redis too when TEST_REDIS_URL is set, as in production, under a
 * prefix of their own.
 */
export function testConfig(env: Record<string, string> = {}): AppConfig {
  const redis =
    DB_KIND === 'postgres' && process.env.TEST_REDIS_URL
      ? {
          REDIS_URL: process.env.TEST_REDIS_URL,
          REDIS_PREFIX: `test-${randomBytes(6).toString('hex')}`,
        }
      : {};
  return loadConfig({
    ...redis,
    NODE_ENV: 'test',
    JWT_SECRET: randomBytes(32).toString('hex'),
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'nexbyte-test-')),
    WEB_DIST_DIR: path.join(tmpdir(), 'nexbyte-no-web'),
    RATE_LIMIT_MAX: '100000',
    RATE_LIMIT_FORMS_MAX: '100000',
    LOGIN_MAX_FAILS_ACCOUNT: '1000',
    LOGIN_MAX_FAILS_CLIENT: '1000',
    SUPPORT_MAX_PER_EMAIL_HOUR: '1000',
    ORDER_GUEST_UNPAID_MAX: '1000',
    ORDER_GUEST_UNPAID_MAX_UNITS: '1000000',
    ORDER_GUEST_UNPAID_MAX_TOTAL: '10000000000',
    LOG_LEVEL: 'silent',
    // A test that runs the app as production runs it must not be refused 503 because the machine
    // running the suite is busy; the shedding has tests of its own that set this.
    MAX_EVENT_LOOP_DELAY_MS: '0',
    ...(env.NODE_ENV === 'production' ? PRODUCTION_READY : {}),
    ...env,
  });
}

/**
 * What production refuses to start without: an admin password, bank account and https address of
 * its own; and the demo asked for, since createTestApp loads it (production does not by default).
 */
export const PRODUCTION_READY = {
  SEED_DEMO_DATA: 'true',
  ADMIN_PASSWORD: 'Tienda2026',
  BANK_ACCOUNT_NUMBER: '0987654321',
  BANK_RUT: '77.777.777-7',
  PUBLIC_URL: 'https://tienda.nexbyte.cl',
} as const;

let pgliteTemplate: Blob | undefined;

/**
 * A new database for one test file, with every migration applied and no rows: an in-memory
 * PGlite, or on PostgreSQL a database of its own created from TEST_DATABASE_URL and dropped
 * afterwards. Both are copies of the migrated template the global setup made once.
 */
export async function freshDatabase() {
  if (DB_KIND === 'pglite') {
    pgliteTemplate ??= new Blob([readFileSync(inject('pgliteTemplate'))]);
    const database = await openDatabase({ pgliteTemplate });
    return { database, drop: async () => {}, url: undefined };
  }
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DB_KIND=postgres necesita TEST_DATABASE_URL');
  const name = `nexbyte_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${inject('postgresTemplate')}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 5 });
  return {
    database,
    /** Its address, for a command or server started beside the test. */
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export interface TestContext {
  app: App;
  config: AppConfig;
  close(): Promise<void>;
  /** Logs in through the API and returns the token. */
  login(who: { correo: string; pass: string }): Promise<string>;
  adminToken: string;
  clientToken: string;
  /**
   * The app's log lines (JSON, one per entry) when the test asks for a LOG_LEVEL other than
   * 'silent', from start-up on (the harness's own two logins included).
   */
  logs: string[];
}

export async function createTestApp(env: Record<string, string> = {}): Promise<TestContext> {
  const config = testConfig(env);
  const { database, drop } = await freshDatabase();
  await database.migrate();
  await seedDemoData(database.db, config);
  const logs: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logs.push(chunk.toString());
      done();
    },
  });
  const logger = config.logLevel === 'silent' ? false : { ...loggerOptions(config), stream: sink };
  const app = await buildApp({ config, database, logger });
  await app.ready();
  const login = async (who: { correo: string; pass: string }) => {
    const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: who });
    if (res.statusCode !== 200)
      throw new Error(`login ${who.correo}: ${res.statusCode} ${res.body}`);
    return res.json<{ token: string }>().token;
  };
  const admin = { correo: config.admin.email, pass: config.admin.password };
  const [adminToken, clientToken] = [await login(admin), await login(CLIENT)];
  return {
    app,
    config,
    login,
    adminToken,
    clientToken,
    logs,
    close: async () => {
      await app.close();
      await drop();
    },
  };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * The demo data has no VENDOR (docs/product.md#demo-data lists its accounts), so tests make one the way a
 * shop owner does: an ADMIN creates it through POST /usuarios.
 */
export const VENDOR = { correo: 'vendedor.prueba@gmail.com', pass: 'vende123' } as const;

/** Creates the test VENDOR (once per app) and answers its token. */
export async function vendorToken(t: TestContext): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/usuarios',
    headers: bearer(t.adminToken),
    payload: {
      run: `13572468-${computeRunCheckDigit('13572468')}`,
      nombre: 'Valentina',
      apellidos: 'Rojas Díaz',
      correo: VENDOR.correo,
      pass: VENDOR.pass,
      role: 'VENDOR',
      telefono: null,
      region: 'Metropolitana de Santiago',
      comuna: 'Ñuñoa',
      direccion: 'Irarrázaval 2100',
    },
  });
  if (res.statusCode !== 201 && res.statusCode !== 409)
    throw new Error(`crear VENDOR: ${res.statusCode} ${res.body}`);
  return t.login(VENDOR);
}
