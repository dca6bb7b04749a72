import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, ensureJwtSecretFile, loadConfig } from './config';

const emptyDir = () => mkdtempSync(path.join(tmpdir(), 'nexbyte-config-'));

/** A data directory as the server's start leaves it before reading the configuration. */
const dataDir = () => {
  const dir = emptyDir();
  ensureJwtSecretFile({ DATA_DIR: dir });
  return dir;
};

/** A production environment with everything production insists on; tests take one thing away. */
const READY = {
  ADMIN_EMAIL: 'duena@gmail.com',
  ADMIN_PASSWORD: 'Tienda2026',
  BANK_ACCOUNT_NUMBER: '0987654321',
  BANK_RUT: '77.777.777-7',
  PUBLIC_URL: 'https://tienda.nexbyte.cl',
};

describe('configuration', () => {
  it('refuses to start in production without JWT_SECRET and says why', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir() })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir() })).toThrow(/JWT_SECRET/);
  });

  it('keeps the spec password rule by default and asks for strong passwords in production', () => {
    expect(loadConfig({ DATA_DIR: dataDir() })).toMatchObject({
      passwordPolicy: 'basica',
      adminMfa: 'opcional',
    });
    const secret = 'x'.repeat(32);
    const production = {
      NODE_ENV: 'production',
      JWT_SECRET: secret,
      DATA_DIR: dataDir(),
      ...READY,
    };
    expect(loadConfig(production).passwordPolicy).toBe('fuerte');
    expect(loadConfig({ ...production, PASSWORD_POLICY: 'basica' }).passwordPolicy).toBe('basica');
    expect(loadConfig({ DATA_DIR: dataDir(), ADMIN_MFA: 'obligatorio' }).adminMfa).toBe(
      'obligatorio',
    );
    expect(() => loadConfig({ DATA_DIR: dataDir(), PASSWORD_POLICY: 'debil' })).toThrow(
      /PASSWORD_POLICY/,
    );
    // The admin's password follows the policy's length too.
    expect(() =>
      loadConfig({ DATA_DIR: dataDir(), PASSWORD_POLICY: 'fuerte', ADMIN_PASSWORD: 'abc123' }),
    ).toThrow(/ADMIN_PASSWORD debe tener entre 8 y 64/);
  });

  it('refuses a short JWT_SECRET', () => {
    expect(() => loadConfig({ JWT_SECRET: 'corto', DATA_DIR: dataDir() })).toThrow(/32 caracteres/);
  });

  it('generates a secret once for the embedded database and keeps it in DATA_DIR', () => {
    const dir = emptyDir();
    ensureJwtSecretFile({ DATA_DIR: dir });
    const first = loadConfig({ DATA_DIR: dir });
    ensureJwtSecretFile({ DATA_DIR: dir });
    const second = loadConfig({ DATA_DIR: dir });
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(second.jwtSecret).toBe(first.jwtSecret);
    expect(readFileSync(path.join(dir, 'jwt-secret'), 'utf8')).toBe(first.jwtSecret);
    expect(statSync(path.join(dir, 'jwt-secret')).mode & 0o777).toBe(0o600);
  });

  it('reads the configuration without writing anything: the secret file is a step of the start', () => {
    const dir = emptyDir();
    expect(() => loadConfig({ DATA_DIR: dir })).toThrow(/secreto de las sesiones/);
    expect(readdirSync(dir)).toEqual([]);
    // With its own secret, the server needs no file, and the start writes none.
    ensureJwtSecretFile({ DATA_DIR: dir, JWT_SECRET: 'x'.repeat(32) });
    expect(loadConfig({ DATA_DIR: dir, JWT_SECRET: 'x'.repeat(32) }).jwtSecret).toBe(
      'x'.repeat(32),
    );
    expect(readdirSync(dir)).toEqual([]);
  });

  it('asks for an explicit secret when several instances share PostgreSQL', () => {
    expect(() =>
      loadConfig({ DATABASE_URL: 'postgres://localhost/x', DATA_DIR: dataDir() }),
    ).toThrow(/JWT_SECRET/);
  });

  it('has the documented defaults', () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    expect(config).toMatchObject({
      host: '127.0.0.1',
      port: 3000,
      databaseUrl: undefined,
      allowedEmailDomains: ['duoc.cl', 'profesor.duoc.cl', 'gmail.com'],
      admin: { email: 'admin@duoc.cl', password: 'admin123' },
      firstAdmin: undefined,
      jwtExpiresIn: '8h',
    });
  });

  it('reads the allowed e-mail domains and refuses an admin e-mail outside them', () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      ALLOWED_EMAIL_DOMAINS: ' Nexbyte.cl , @gmail.com ',
      ADMIN_EMAIL: 'dueno@nexbyte.cl',
    });
    expect(config.allowedEmailDomains).toEqual(['nexbyte.cl', 'gmail.com']);
    expect(() => loadConfig({ DATA_DIR: dataDir(), ADMIN_EMAIL: 'dueno@nexbyte.cl' })).toThrow(
      /ADMIN_EMAIL/,
    );
  });

  it('refuses an admin password that the login rules would reject', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), ADMIN_PASSWORD: 'abc' })).toThrow(
      /ADMIN_PASSWORD/,
    );
  });

  it('refuses a PORT that is not a port', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), PORT: 'abc' })).toThrow(/PORT/);
  });

  it('without SMTP_URL keeps e-mails in the outbox, and links point to this server', () => {
    const config = loadConfig({ DATA_DIR: dataDir(), PORT: '4000' });
    expect(config.mail).toEqual({
      smtpUrl: undefined,
      sendTimeoutMs: 10_000,
      from: 'Nexbyte <no-reply@nexbyte.cl>',
      shopEmail: 'tienda@nexbyte.cl',
    });
    // Workers run outside tests, looking for jobs every second.
    expect(config.jobs).toEqual({ pollSeconds: 1 });
    expect(config.publicUrl).toBe('http://localhost:4000');
    expect(config.devOutboxApi).toBe(false);
    expect(config.recoveryLimits).toEqual({ perEmail: 3, perClient: 10, windowSeconds: 900 });
  });

  it('reads SMTP_URL, MAIL_FROM and PUBLIC_URL (without its trailing slash)', () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      SMTP_URL: 'smtps://usuario:clave@smtp.nexbyte.cl:465',
      MAIL_FROM: 'Tienda <tienda@nexbyte.cl>',
      PUBLIC_URL: 'https://www.nexbyte.cl/',
      MAIL_SEND_TIMEOUT_MS: '5000',
      JOBS_POLL_SECONDS: '0.5',
    });
    expect(config.jobs).toEqual({ pollSeconds: 0.5 });
    expect(config.mail).toEqual({
      smtpUrl: 'smtps://usuario:clave@smtp.nexbyte.cl:465',
      sendTimeoutMs: 5_000,
      from: 'Tienda <tienda@nexbyte.cl>',
      shopEmail: 'tienda@nexbyte.cl',
    });
    expect(config.publicUrl).toBe('https://www.nexbyte.cl');
  });

  it('reads SHOP_EMAIL (lower case), turns it off when empty and refuses one that is no e-mail', () => {
    const shopEmail = (SHOP_EMAIL: string) =>
      loadConfig({ DATA_DIR: dataDir(), SHOP_EMAIL }).mail.shopEmail;
    expect(shopEmail(' Duena@Nexbyte.cl ')).toBe('duena@nexbyte.cl');
    expect(shopEmail('')).toBeNull();
    expect(() => shopEmail('la dueña')).toThrow(/SHOP_EMAIL/);
  });

  it('refuses a job poll below pg-boss’s half second, 0 aside (no workers)', () => {
    const poll = (JOBS_POLL_SECONDS: string) =>
      loadConfig({ DATA_DIR: dataDir(), JOBS_POLL_SECONDS }).jobs.pollSeconds;
    expect(poll('0')).toBe(0);
    expect(() => poll('0.2')).toThrow(/JOBS_POLL_SECONDS/);
  });

  it('refuses an SMTP_URL or PUBLIC_URL it cannot use, without printing the value', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), SMTP_URL: 'mail.nexbyte.cl' })).toThrow(
      /SMTP_URL/,
    );
    const wrongScheme = () => loadConfig({ DATA_DIR: dataDir(), SMTP_URL: 'http://u:secreta@x' });
    expect(wrongScheme).toThrow(/SMTP_URL/);
    expect(wrongScheme).not.toThrow(/secreta/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), PUBLIC_URL: 'nexbyte.cl' })).toThrow(
      /PUBLIC_URL/,
    );
  });

  it('serves the outbox to browser tests only outside production', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), DEV_OUTBOX_API: '1' }).devOutboxApi).toBe(true);
    expect(() =>
      loadConfig({
        DATA_DIR: dataDir(),
        NODE_ENV: 'production',
        JWT_SECRET: 'x'.repeat(40),
        ...READY,
        DEV_OUTBOX_API: '1',
      }),
    ).toThrow(/DEV_OUTBOX_API/);
    // Nor when the server listens beyond this machine.
    for (const HOST of ['0.0.0.0', '::', '192.168.1.5']) {
      expect(() => loadConfig({ DATA_DIR: dataDir(), HOST, DEV_OUTBOX_API: '1' })).toThrow(
        /DEV_OUTBOX_API.*HOST/,
      );
    }
    for (const HOST of ['127.0.0.1', 'localhost', '::1']) {
      expect(loadConfig({ DATA_DIR: dataDir(), HOST, DEV_OUTBOX_API: '1' }).devOutboxApi).toBe(
        true,
      );
    }
  });

  it('bounds every database wait by default, and lets each bound be set', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).pool).toEqual({
      poolSize: 10,
      maxTransactions: 2,
      connectTimeoutMs: 2_000,
      queryTimeoutMs: 6_000,
      statementTimeoutMs: 5_000,
      idleInTransactionTimeoutMs: 10_000,
    });
    const tuned = loadConfig({
      DATA_DIR: dataDir(),
      DB_POOL_SIZE: '20',
      DB_MAX_TRANSACTIONS: '6',
      DB_CONNECT_TIMEOUT_MS: '1000',
      DB_STATEMENT_TIMEOUT_MS: '8000',
      DB_IDLE_TX_TIMEOUT_MS: '30000',
    });
    // The client's query time-out follows the statement time-out unless set.
    expect(tuned.pool).toEqual({
      poolSize: 20,
      maxTransactions: 6,
      connectTimeoutMs: 1_000,
      queryTimeoutMs: 9_000,
      statementTimeoutMs: 8_000,
      idleInTransactionTimeoutMs: 30_000,
    });
  });

  it('refuses a time-out of 0 (no bound) and a query time-out the statement time-out outlasts', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), DB_CONNECT_TIMEOUT_MS: '0' })).toThrow(
      /DB_CONNECT_TIMEOUT_MS/,
    );
    expect(() =>
      loadConfig({
        DATA_DIR: dataDir(),
        DB_STATEMENT_TIMEOUT_MS: '5000',
        DB_QUERY_TIMEOUT_MS: '5000',
      }),
    ).toThrow(/DB_QUERY_TIMEOUT_MS/);
  });

  it('drains for less than the shutdown grace, which must leave time to close the database', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).shutdown).toEqual({
      drainMs: 3_000,
      graceMs: 10_000,
    });
    expect(() =>
      loadConfig({ DATA_DIR: dataDir(), SHUTDOWN_DRAIN_MS: '10000', SHUTDOWN_GRACE_MS: '10000' }),
    ).toThrow(/SHUTDOWN_DRAIN_MS/);
  });

  it('sheds load past 1 s of event-loop delay, except in tests unless asked', () => {
    const dir = dataDir();
    expect(loadConfig({ DATA_DIR: dir }).pressure.maxEventLoopDelayMs).toBe(1_000);
    expect(loadConfig({ DATA_DIR: dir, NODE_ENV: 'test' }).pressure.maxEventLoopDelayMs).toBe(0);
    expect(
      loadConfig({ DATA_DIR: dir, NODE_ENV: 'test', MAX_EVENT_LOOP_DELAY_MS: '300' }).pressure
        .maxEventLoopDelayMs,
    ).toBe(300);
  });
});

describe('going live', () => {
  const production = (env: Record<string, string> = {}) =>
    loadConfig({
      NODE_ENV: 'production',
      JWT_SECRET: 'x'.repeat(40),
      DATA_DIR: dataDir(),
      ...READY,
      ...env,
    });

  it('starts in production with settings of its own', () => {
    expect(production().publicUrl).toBe('https://tienda.nexbyte.cl');
    // A clean install needs no admin password in the environment (npm run admin:create made one).
    const clean = { ...READY, ADMIN_PASSWORD: undefined };
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        JWT_SECRET: 'x'.repeat(40),
        DATA_DIR: dataDir(),
        ...clean,
        SEED_DEMO_DATA: 'false',
      }),
    ).not.toThrow();
  });

  it('refuses the demo admin password, named, whether written or left to the demo data', () => {
    expect(() => production({ ADMIN_PASSWORD: 'admin123' })).toThrow(
      /^ADMIN_PASSWORD es la contraseña de demostración/,
    );
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        JWT_SECRET: 'x'.repeat(40),
        DATA_DIR: dataDir(),
        BANK_ACCOUNT_NUMBER: READY.BANK_ACCOUNT_NUMBER,
        BANK_RUT: READY.BANK_RUT,
        PUBLIC_URL: READY.PUBLIC_URL,
        SEED_DEMO_DATA: 'true',
      }),
    ).toThrow(/ADMIN_PASSWORD/);
  });

  it('refuses the demo bank account, naming the setting', () => {
    expect(() => production({ BANK_ACCOUNT_NUMBER: '00012345678' })).toThrow(
      /^BANK_ACCOUNT_NUMBER es la cuenta de demostración/,
    );
    expect(() => production({ BANK_RUT: '76.123.456-0' })).toThrow(/^BANK_RUT/);
    const { BANK_ACCOUNT_NUMBER: _n, BANK_RUT: _r, ...withoutBank } = READY;
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        JWT_SECRET: 'x'.repeat(40),
        DATA_DIR: dataDir(),
        ...withoutBank,
      }),
    ).toThrow(/BANK_ACCOUNT_NUMBER/);
  });

  it('refuses the outbox API and a PUBLIC_URL that is missing or not https', () => {
    expect(() => production({ DEV_OUTBOX_API: '1' })).toThrow(/^DEV_OUTBOX_API/);
    expect(() => production({ PUBLIC_URL: 'http://tienda.nexbyte.cl' })).toThrow(
      /^PUBLIC_URL debe ser la dirección https:\/\//,
    );
    expect(() => production({ PUBLIC_URL: '' })).toThrow(/^PUBLIC_URL/);
    // Outside production the same values are the demo's and start.
    expect(loadConfig({ DATA_DIR: dataDir() }).orders.bank.numeroCuenta).toBe('00012345678');
  });

  it('names the first admin only on a clean install with both ADMIN_EMAIL and ADMIN_PASSWORD', () => {
    const clean = { DATA_DIR: dataDir(), SEED_DEMO_DATA: 'false' };
    expect(loadConfig(clean).firstAdmin).toBeUndefined();
    expect(
      loadConfig({ ...clean, ADMIN_EMAIL: 'Duena@Gmail.com', ADMIN_PASSWORD: 'clave12' })
        .firstAdmin,
    ).toEqual({ email: 'duena@gmail.com', password: 'clave12' });
    expect(() => loadConfig({ ...clean, ADMIN_PASSWORD: 'clave12' })).toThrow(/ADMIN_EMAIL/);
    // With the demo data the admin is the demo's, made by the demo loader.
    expect(
      loadConfig({ DATA_DIR: dataDir(), ADMIN_EMAIL: 'a@gmail.com', ADMIN_PASSWORD: 'clave12' })
        .firstAdmin,
    ).toBeUndefined();
  });
});

describe('TRUST_PROXY', () => {
  it('takes a hop count or a list of proxy addresses and CIDRs; off by default', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).trustProxy).toBe(false);
    expect(loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(
      loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,fd00::/8' }).trustProxy,
    ).toEqual(['10.0.0.0/8', '127.0.0.1', 'fd00::/8']);
  });

  it('refuses `true`, which would believe any X-Forwarded-For, and says what to write instead', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY=1/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: '10.0.0.0/33' })).toThrow(
      /10\.0\.0\.0\/33/,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: 'proxy.local' })).toThrow(
      /TRUST_PROXY/,
    );
  });
});

describe('API_DOCS', () => {
  it('serves the API description outside production, and in production only when asked', () => {
    const prod = {
      DATA_DIR: dataDir(),
      NODE_ENV: 'production',
      JWT_SECRET: 'x'.repeat(40),
      ...READY,
    };
    expect(loadConfig({ DATA_DIR: dataDir() }).apiDocs).toBe(true);
    expect(loadConfig(prod).apiDocs).toBe(false);
    expect(loadConfig({ ...prod, API_DOCS: '1' }).apiDocs).toBe(true);
  });
});

describe('what one unpaid order may hold', () => {
  it('99 units of a product and 3 unpaid guest orders by default; lower is allowed, more units not', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).orders).toMatchObject({
      maxUnitsPerProduct: 99,
      guestUnpaidMax: 3,
    });
    const tight = loadConfig({
      DATA_DIR: dataDir(),
      ORDER_MAX_UNITS_PER_PRODUCT: '2',
      ORDER_GUEST_UNPAID_MAX: '1',
    });
    expect(tight.orders).toMatchObject({ maxUnitsPerProduct: 2, guestUnpaidMax: 1 });
    // The cart (shared QTY_MAX) never offers more than 99: the setting cannot promise more.
    expect(() => loadConfig({ DATA_DIR: dataDir(), ORDER_MAX_UNITS_PER_PRODUCT: '100' })).toThrow(
      ConfigError,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir(), ORDER_GUEST_UNPAID_MAX: '0' })).toThrow(
      ConfigError,
    );
  });
});

describe('CORS_ORIGINS', () => {
  it('is an allow-list of origins, empty by default; `*` and paths are refused', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).corsOrigins).toEqual([]);
    expect(
      loadConfig({
        DATA_DIR: dataDir(),
        CORS_ORIGINS: ' https://Tienda.Ejemplo.cl/ ,http://localhost:5173',
      }).corsOrigins,
    ).toEqual(['https://tienda.ejemplo.cl', 'http://localhost:5173']);
    for (const CORS_ORIGINS of ['*', 'https://tienda.cl/api', 'tienda.cl']) {
      expect(() => loadConfig({ DATA_DIR: dataDir(), CORS_ORIGINS })).toThrow(/CORS_ORIGINS/);
    }
  });
});

describe('payments', () => {
  const secret = 'x'.repeat(32);
  const production = () => ({
    NODE_ENV: 'production',
    JWT_SECRET: secret,
    DATA_DIR: dataDir(),
    ...READY,
  });

  it("uses Transbank's integration environment and public test credentials outside production", () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).payments).toEqual({
      webpay: {
        env: 'integracion',
        commerceCode: '597055555532',
        apiKey: '579B532A7440BB0C9079DED94D31EA1615BACEB56610332264630D42D0A36B1C',
        apiUrl: 'https://webpay3gint.transbank.cl',
        timeoutMs: 8_000,
      },
      webpayOff: null,
      transferDiscountPct: 0,
      installmentsMax: 0,
    });
    const standIn = loadConfig({ DATA_DIR: dataDir(), WEBPAY_API_URL: 'http://127.0.0.1:4610' });
    expect(standIn.payments.webpay?.apiUrl).toBe('http://127.0.0.1:4610');
  });

  it('turns Webpay off in production without real credentials, and says why without the key', () => {
    const bare = loadConfig(production()).payments;
    expect(bare.webpay).toBeNull();
    expect(bare.webpayOff).toMatch(/WEBPAY_COMMERCE_CODE/);
    const testKeys = loadConfig({
      ...production(),
      WEBPAY_COMMERCE_CODE: '597055555532',
      WEBPAY_API_KEY: '579B532A7440BB0C9079DED94D31EA1615BACEB56610332264630D42D0A36B1C',
    }).payments;
    expect(testKeys.webpay).toBeNull();
    expect(testKeys.webpayOff).not.toContain('579B532A');
    expect(loadConfig({ ...production(), WEBPAY_ENV: 'integracion' }).payments.webpay).toBeNull();
  });

  it('offers Webpay in production with the commerce code and key of the shop', () => {
    const config = loadConfig({
      ...production(),
      WEBPAY_COMMERCE_CODE: '597012345678',
      WEBPAY_API_KEY: 'clave-secreta-del-comercio',
    });
    expect(config.payments.webpay).toMatchObject({
      env: 'produccion',
      commerceCode: '597012345678',
      apiUrl: 'https://webpay3g.transbank.cl',
    });
  });

  it('takes a transfer discount of 0 to 50 % and a Webpay time-out below the idle-transaction one', () => {
    expect(
      loadConfig({ DATA_DIR: dataDir(), DESCUENTO_TRANSFERENCIA_PCT: '3' }).payments
        .transferDiscountPct,
    ).toBe(3);
    expect(() => loadConfig({ DATA_DIR: dataDir(), DESCUENTO_TRANSFERENCIA_PCT: '60' })).toThrow(
      /DESCUENTO_TRANSFERENCIA_PCT/,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir(), WEBPAY_TIMEOUT_MS: '10000' })).toThrow(
      /WEBPAY_TIMEOUT_MS \(10000\) debe ser menor que DB_IDLE_TX_TIMEOUT_MS/,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir(), WEBPAY_API_URL: 'ftp://x' })).toThrow(
      /WEBPAY_API_URL/,
    );
  });

  it('offers no interest-free installments by default, and takes 0 or 2 to 48 of them', () => {
    const installments = (value?: string) =>
      loadConfig({ DATA_DIR: dataDir(), CUOTAS_SIN_INTERES_MAX: value }).payments.installmentsMax;
    expect(installments()).toBe(0);
    expect(installments('0')).toBe(0);
    expect(installments('2')).toBe(2);
    expect(installments('12')).toBe(12);
    expect(installments('48')).toBe(48);
    for (const refused of ['1', '49', '6.5', '-3', 'doce']) {
      expect(() => installments(refused)).toThrow(
        /CUOTAS_SIN_INTERES_MAX.*debe ser 0 \(sin cuotas\) o un número entero de 2 a 48/,
      );
    }
  });
});
