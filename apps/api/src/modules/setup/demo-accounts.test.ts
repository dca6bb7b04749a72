import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import {
  killServers,
  startServer,
  stopServer,
  type ServerStartError,
} from '../../../../../scripts/lib/server-process.mjs';
import { ConfigError, loadConfig } from '../../config';
import { openDatabase, type Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { DEMO_CLIENT, seedDemoData } from '../../db/seed';
import { hashPassword } from '../../passwords';
import { DB_KIND, freshDatabase, testConfig } from '../../test/test-app';
import { findUserRowByCorreo, setPasswordHash } from '../users/users.service';
import { demoAccountsWithKnownPasswords, refuseDemoAccountsInProduction } from './demo-accounts';

afterEach(killServers);

const production = () => testConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40) });

/** Only what production requires: a secret, a bank account and an https address of its own. */
const REQUIRED = {
  NODE_ENV: 'production',
  BANK_ACCOUNT_NUMBER: '0987654321',
  BANK_RUT: '77.777.777-7',
  PUBLIC_URL: 'https://tienda.nexbyte.cl',
} as const;

/** How many rows the demo would have written: products, coupons, users. */
async function demoRows(database: Database) {
  const [row] = rowsOf<{ productos: number; cupones: number; usuarios: number }>(
    await database.db.execute(
      sql`select (select count(*)::int from productos) as productos,
                 (select count(*)::int from cupones) as cupones,
                 (select count(*)::int from usuarios) as usuarios`,
    ),
  );
  return row!;
}

describe('the demo data and production', () => {
  it('loads the demo by default outside production only; production loads it when told to', () => {
    const base = {
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'nexbyte-demo-')),
      JWT_SECRET: 'x'.repeat(40),
    };
    expect(loadConfig(base).seedDemoData).toBe(true);
    expect(loadConfig({ ...base, NODE_ENV: 'test' }).seedDemoData).toBe(true);
    expect(loadConfig({ ...base, ...REQUIRED }).seedDemoData).toBe(false);
    const asked = { ...base, ...REQUIRED, SEED_DEMO_DATA: 'true', ADMIN_PASSWORD: 'Tienda2026' };
    expect(loadConfig(asked).seedDemoData).toBe(true);
    expect(loadConfig({ ...base, SEED_DEMO_DATA: 'false' }).seedDemoData).toBe(false);
  });

  it('refuses a production start while a demo account opens with its published password', async () => {
    const { database, drop } = await freshDatabase();
    try {
      await database.migrate();
      // The demo as `npm start` loads it: admin@duoc.cl / admin123 and cliente@gmail.com / cliente123.
      await seedDemoData(database.db, testConfig());
      const prod = production();
      expect(await demoAccountsWithKnownPasswords(database.db, prod)).toEqual([
        DEMO_CLIENT.correo,
        'admin@duoc.cl',
      ]);
      const refused = await refuseDemoAccountsInProduction(database.db, prod).catch((e) => e);
      expect(refused).toBeInstanceOf(ConfigError);
      expect((refused as ConfigError).message).toMatch(
        /cuentas de demostración cliente@gmail\.com y admin@duoc\.cl con la contraseña que publica el README/,
      );
      // Outside production the same database is the demo, and starts.
      await expect(refuseDemoAccountsInProduction(database.db, testConfig())).resolves.toBe(
        undefined,
      );

      // Once both passwords are the owner's, production starts.
      for (const correo of [DEMO_CLIENT.correo, 'admin@duoc.cl']) {
        const row = await findUserRowByCorreo(database.db, correo);
        await setPasswordHash(database.db, row!.id, await hashPassword(`propia-${correo}`));
      }
      await expect(refuseDemoAccountsInProduction(database.db, prod)).resolves.toBe(undefined);
    } finally {
      await database.close();
      await drop();
    }
    // Loading the demo hashes passwords and writes the catalogue: slow on a busy machine.
  }, 120_000);

  it('loads the demo without its client when production asks for the demo', async () => {
    const { database, drop } = await freshDatabase();
    try {
      await database.migrate();
      const prod = testConfig({
        NODE_ENV: 'production',
        JWT_SECRET: 'x'.repeat(40),
        SEED_DEMO_DATA: 'true',
      });
      expect(await seedDemoData(database.db, prod, { demoClient: false })).toBe(true);
      expect(await findUserRowByCorreo(database.db, DEMO_CLIENT.correo)).toBeNull();
      expect((await demoRows(database)).productos).toBeGreaterThanOrEqual(40);
      await expect(refuseDemoAccountsInProduction(database.db, prod)).resolves.toBe(undefined);
    } finally {
      await database.close();
      await drop();
    }
  }, 120_000);
});

describe('the server process in production', () => {
  /** A database of the test's own: a data directory, or a PostgreSQL database. */
  async function ownDatabase() {
    if (DB_KIND === 'pglite') {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'nexbyte-produccion-'));
      return {
        env: { DATA_DIR: dataDir, DATABASE_URL: '' },
        open: () => openDatabase({ dataDir }),
        drop: async () => {},
      };
    }
    const fresh = await freshDatabase();
    await fresh.database.close();
    const url = fresh.url!;
    return {
      env: { DATA_DIR: mkdtempSync(path.join(tmpdir(), 'nexbyte-produccion-')), DATABASE_URL: url },
      open: () => openDatabase({ databaseUrl: url, poolSize: 2 }),
      drop: fresh.drop,
    };
  }

  it('starts without the demo with only the required settings, and refuses the demo accounts', async () => {
    const db = await ownDatabase();
    const env = {
      ...db.env,
      ...REQUIRED,
      JWT_SECRET: randomBytes(32).toString('hex'),
      LOG_LEVEL: 'warn',
      // The subject is what loads, not the load shedding of a machine busy with other tests,
      // nor the web app's server render.
      MAX_EVENT_LOOP_DELAY_MS: '0',
      WEB_DIST_DIR: path.join(tmpdir(), 'nexbyte-no-web'),
    };
    try {
      // 1. Only what production requires: no catalogue, no coupon, no demo client.
      const server = await startServer(env, { source: true, inheritEnv: false });
      expect(server.output()).not.toContain('datos de demostración cargados');
      const products = await fetch(`${server.origin}/api/productos`);
      expect(await products.json()).toEqual([]);
      const login = await fetch(`${server.origin}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ correo: DEMO_CLIENT.correo, pass: DEMO_CLIENT.password }),
      });
      expect(login.status).toBe(401);
      expect((await stopServer(server)).code).toBe(0);
      const database = await db.open();
      expect(await demoRows(database)).toEqual({ productos: 0, cupones: 0, usuarios: 0 });

      // 2. The same database with the demo `npm start` loads: production does not serve.
      await seedDemoData(database.db, testConfig());
      await database.close();
      const refused = await startServer(env, { source: true, inheritEnv: false }).then(
        () => null,
        (err: ServerStartError) => err,
      );
      expect(refused).not.toBeNull();
      expect(refused!.exit.code).toBe(1);
      expect(refused!.output).toMatch(
        /No se pudo iniciar Nexbyte: la base de datos tiene las cuentas de demostración cliente@gmail\.com y admin@duoc\.cl/,
      );
    } finally {
      await db.drop();
    }
    // Two starts of the server from its sources: minutes on a machine busy with other tests.
  }, 600_000);
});
