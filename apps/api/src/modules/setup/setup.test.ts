import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app';
import type { Database } from '../../db/client';
import { openDatabase } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { bearer, createTestApp, DB_KIND, freshDatabase, testConfig } from '../../test/test-app';
import { VALID_REGISTRO, validProducto } from '../../test/payloads';
import { ensureFirstAdmin } from './owner-account';

const OWNER = { correo: 'duena@nexbyte.cl', pass: 'clave-de-la-duena' };

/** Every table of the shop and its row count. */
async function rowCounts(database: Database): Promise<Record<string, number>> {
  const tables = rowsOf<{ name: string }>(
    await database.db.execute(
      sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
    ),
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const [row] = rowsOf<{ n: number }>(
      await database.db.execute(sql.raw(`select count(*)::int as n from "${name}"`)),
    );
    counts[name] = row!.n;
  }
  return counts;
}

describe('a clean install (SEED_DEMO_DATA=false)', () => {
  let database: Database;
  let drop: () => Promise<void>;
  let app: App;
  const config = testConfig({
    SEED_DEMO_DATA: 'false',
    ALLOWED_EMAIL_DOMAINS: 'nexbyte.cl,gmail.com',
    PASSWORD_POLICY: 'fuerte',
    ADMIN_EMAIL: OWNER.correo,
    ADMIN_PASSWORD: OWNER.pass,
  });

  beforeAll(async () => {
    ({ database, drop } = await freshDatabase());
    await database.migrate();
  });
  afterAll(async () => {
    await app?.close();
    await drop();
  });

  it('has no row of the demo: no admin, category, product, message or request', async () => {
    const counts = await rowCounts(database);
    expect(Object.keys(counts)).toEqual(
      expect.arrayContaining(['usuarios', 'categorias', 'productos', 'contactos']),
    );
    const filled = Object.entries(counts).filter(([, n]) => n > 0);
    expect(filled).toEqual([]);
  });

  it('makes the first admin from ADMIN_EMAIL/ADMIN_PASSWORD on first start, and only then', async () => {
    const first = await ensureFirstAdmin(database.db, config);
    expect(first).toMatchObject({ correo: OWNER.correo, role: 'ADMIN', run: null });
    // A later start, even with another password in the environment, leaves the owner's alone.
    const later = testConfig({
      SEED_DEMO_DATA: 'false',
      ALLOWED_EMAIL_DOMAINS: 'nexbyte.cl,gmail.com',
      ADMIN_EMAIL: 'otra@nexbyte.cl',
      ADMIN_PASSWORD: 'otra-clave',
    });
    expect(await ensureFirstAdmin(database.db, later)).toBeNull();
    const counts = await rowCounts(database);
    expect(counts.usuarios).toBe(1);

    app = await buildApp({ config, database });
    await app.ready();
    const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: OWNER });
    expect(login.statusCode).toBe(200);
    const refused = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { correo: 'otra@nexbyte.cl', pass: 'otra-clave' },
    });
    expect(refused.statusCode).toBe(401);
  });

  it('shows the owner what is left before selling, ticking category and product as they appear', async () => {
    const token = (
      await app.inject({ method: 'POST', url: '/api/auth/login', payload: OWNER })
    ).json<{ token: string }>().token;
    const checklist = () =>
      app.inject({ method: 'GET', url: '/api/admin/puesta-en-marcha', headers: bearer(token) });
    expect((await checklist()).json()).toEqual({
      categoria: false,
      producto: false,
      datosBancarios: false,
      envioCorreos: false,
      mediosPago: false,
      boletaElectronica: false,
      correosFallidos: 0,
    });
    const cat = await app.inject({
      method: 'POST',
      url: '/api/categorias',
      headers: bearer(token),
      payload: { nombre: 'Periféricos' },
    });
    expect(cat.statusCode).toBe(201);
    expect((await checklist()).json()).toMatchObject({ categoria: true, producto: false });
    const product = await app.inject({
      method: 'POST',
      url: '/api/productos',
      headers: bearer(token),
      payload: validProducto(cat.json<{ id: number }>().id, 'Mouse inalámbrico'),
    });
    expect(product.statusCode).toBe(201);
    expect((await checklist()).json()).toMatchObject({ categoria: true, producto: true });
    // The shop shows it.
    const list = await app.inject({ method: 'GET', url: '/api/productos' });
    expect(list.json<{ nombre: string }[]>().map((p) => p.nombre)).toEqual(['Mouse inalámbrico']);
  });

  it('keeps the checklist for an ADMIN: 401 without a session, 403 for a customer', async () => {
    expect(
      (await app.inject({ method: 'GET', url: '/api/admin/puesta-en-marcha' })).statusCode,
    ).toBe(401);
    const registro = await app.inject({
      method: 'POST',
      url: '/api/auth/registro',
      payload: { ...VALID_REGISTRO, pass: 'clave-cliente-1', pass2: 'clave-cliente-1' },
    });
    expect(registro.statusCode).toBe(201);
    const client = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { correo: VALID_REGISTRO.correo, pass: 'clave-cliente-1' },
    });
    const res = await app.inject({
      method: 'GET',
      url: '/api/admin/puesta-en-marcha',
      headers: bearer(client.json<{ token: string }>().token),
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('the checklist ticks what the settings provide', () => {
  it('bank details, SMTP, Webpay in production and the tax documents provider', async () => {
    const t = await createTestApp({
      BANK_ACCOUNT_NUMBER: '0987654321',
      BANK_RUT: '77.777.777-7',
      SMTP_URL: 'smtp://127.0.0.1:2525',
      WEBPAY_ENV: 'produccion',
      WEBPAY_COMMERCE_CODE: '597012345678',
      WEBPAY_API_KEY: 'clave-secreta-del-comercio',
      DTE_API_URL: 'http://127.0.0.1:9',
      DTE_API_KEY: 'clave-del-proveedor',
    });
    try {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/admin/puesta-en-marcha',
        headers: bearer(t.adminToken),
      });
      expect(res.json()).toEqual({
        categoria: true,
        producto: true,
        datosBancarios: true,
        envioCorreos: true,
        mediosPago: true,
        boletaElectronica: true,
        correosFallidos: 0,
      });
    } finally {
      await t.close();
    }
  });
});

describe('ALLOWED_EMAIL_DOMAINS', () => {
  const hotmail = { ...VALID_REGISTRO, correo: 'tomas.araya@hotmail.com' };

  it("keeps the spec's list by default, with its message", async () => {
    const t = await createTestApp();
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/registro',
        payload: hotmail,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.correo).toBe(
        'Solo se permiten correos @duoc.cl, @profesor.duoc.cl o @gmail.com',
      );
    } finally {
      await t.close();
    }
  });

  it('* lets a hotmail.com customer register and log in, and still refuses a malformed address', async () => {
    const t = await createTestApp({ ALLOWED_EMAIL_DOMAINS: '*' });
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/registro',
        payload: hotmail,
      });
      expect(res.statusCode).toBe(201);
      await t.login({ correo: hotmail.correo, pass: hotmail.pass });
      const wrong = await t.app.inject({
        method: 'POST',
        url: '/api/auth/registro',
        payload: { ...hotmail, run: '2000004-K', correo: 'sin-arroba.hotmail.com' },
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().errors.correo).toBe('Formato de correo inválido.');
    } finally {
      await t.close();
    }
  });
});

const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Runs `npm run admin:create`'s script as an operator would, with no terminal. */
function adminCreate(args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; out: string }>((resolve) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'src/cli/admin-create.main.ts', ...args],
      {
        cwd: apiRoot,
        env: { PATH: process.env.PATH ?? '', NODE_ENV: 'development', ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.on('exit', (code) => resolve({ code, out }));
  });
}

// A child process that opens the database and runs the migrations: slow on a busy machine.
describe('npm run admin:create', { timeout: 240_000 }, () => {
  let where: Record<string, string>;
  let open: () => Promise<Database>;
  let drop = async () => {};

  beforeAll(async () => {
    if (DB_KIND === 'postgres') {
      const fresh = await freshDatabase();
      await fresh.database.close();
      drop = fresh.drop;
      where = { DATABASE_URL: fresh.url! };
      open = () => openDatabase({ databaseUrl: fresh.url!, poolSize: 1 });
    } else {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'nexbyte-admin-create-'));
      where = { DATA_DIR: dataDir };
      open = () => openDatabase({ dataDir });
    }
  });
  afterAll(() => drop());

  it('runs the migrations and creates an admin who can log in, with the password from ADMIN_PASSWORD', async () => {
    const made = await adminCreate(['--correo', 'Duena@Gmail.com', '--nombre', 'Daniela Pizarro'], {
      ...where,
      ADMIN_PASSWORD: 'clave12',
    });
    expect(made.out).toContain('Administrador creado: duena@gmail.com');
    expect(made.out).not.toContain('clave12');
    expect(made.code).toBe(0);

    const database = await open();
    try {
      const config = testConfig({ SEED_DEMO_DATA: 'false' });
      const app = await buildApp({ config, database });
      const login = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { correo: 'duena@gmail.com', pass: 'clave12' },
      });
      expect(login.statusCode).toBe(200);
      expect(login.json().usuario).toMatchObject({ role: 'ADMIN', nombre: 'Daniela Pizarro' });
      await app.close();
    } finally {
      await database.close().catch(() => {});
    }
  });

  it('refuses an e-mail that exists, one outside the domains, a weak password, and no password', async () => {
    const taken = await adminCreate(['--correo', 'duena@gmail.com', '--nombre', 'Otra'], {
      ...where,
      ADMIN_PASSWORD: 'clave34',
    });
    expect(taken.code).toBe(1);
    expect(taken.out).toContain('El correo ya está registrado.');

    const domain = await adminCreate(['--correo', 'x@hotmail.com', '--nombre', 'X'], {
      ...where,
      ADMIN_PASSWORD: 'clave34',
    });
    expect(domain.code).toBe(1);
    expect(domain.out).toContain('Solo se permiten correos');

    const weak = await adminCreate(['--correo', 'y@gmail.com', '--nombre', 'Y'], {
      ...where,
      PASSWORD_POLICY: 'fuerte',
      ADMIN_PASSWORD: 'password',
    });
    expect(weak.code).toBe(1);
    expect(weak.out).toMatch(/más usadas/);

    const none = await adminCreate(['--correo', 'z@gmail.com', '--nombre', 'Z'], where);
    expect(none.code).toBe(2);
    expect(none.out).toContain('ADMIN_PASSWORD');
  });
});
