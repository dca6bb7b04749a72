// The server's configuration, read from the environment: no file is written and nothing is
// called over the network (the JWT secret file is ensureJwtSecretFile's, a step of the start).
// The parts: env-schema.ts (the variables), parsers.ts (proxies, CORS, time-outs), payments.ts
// (Webpay), production.ts (what production refuses), jwt-secret.ts, types.ts (the shape).
import path from 'node:path';
import {
  emailDomainsMessage,
  hasAllowedDomain,
  parseEmailDomains,
  passwordLimits,
} from '@nexbyte/shared';
import { isLoopback } from '../client-key';
import { ConfigError } from './config-error';
import { DEMO_ADMIN, envSchema, type Env } from './env-schema';
import { readJwtSecret } from './jwt-secret';
import { parseCorsOrigins, parseTrustProxy, queryTimeoutMs } from './parsers';
import { invoicingConfig } from './invoicing';
import { shippingConfig } from './shipping';
import { paymentsConfig } from './payments';
import { refuseDemoSettingsInProduction } from './production';
import type { AppConfig } from './types';

export { ConfigError } from './config-error';
export { DEMO_ADMIN, DEMO_BANK, DEMO_EMISOR } from './env-schema';
export { DTE_SANDBOX } from './invoicing';
export { ensureJwtSecretFile } from './jwt-secret';
export type * from './types';

/**
 * On a clean install (no demo data) ADMIN_EMAIL and ADMIN_PASSWORD, when both are given, name the
 * first admin; the defaults are the demo's and never make an account there.
 */
function firstAdminOf(env: Env, email: string, seedDemo: boolean): AppConfig['firstAdmin'] {
  if (seedDemo || !env.ADMIN_PASSWORD) return undefined;
  if (!env.ADMIN_EMAIL) {
    throw new ConfigError(
      'Falta ADMIN_EMAIL: sin datos de demostración, ADMIN_PASSWORD crea el primer administrador, que necesita su correo.',
    );
  }
  return { email, password: env.ADMIN_PASSWORD };
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new ConfigError(`Configuración inválida: ${problems}`);
  }
  const env = parsed.data;
  const passwordPolicy =
    env.PASSWORD_POLICY ?? (env.NODE_ENV === 'production' ? 'fuerte' : 'basica');
  const adminPassword = passwordLimits(passwordPolicy);
  const adminPasswordValue = env.ADMIN_PASSWORD || DEMO_ADMIN.password;
  if (
    adminPasswordValue.length < adminPassword.min ||
    adminPasswordValue.length > adminPassword.max
  ) {
    throw new ConfigError(
      `ADMIN_PASSWORD debe tener entre ${adminPassword.min} y ${adminPassword.max} caracteres (la regla de contraseñas, PASSWORD_POLICY=${passwordPolicy}).`,
    );
  }
  if (env.DEV_OUTBOX_API && env.HOST !== 'localhost' && !isLoopback(env.HOST)) {
    throw new ConfigError(
      `DEV_OUTBOX_API solo se permite si el servidor escucha en esta máquina (HOST=127.0.0.1 o ::1), no en HOST=${env.HOST}.`,
    );
  }
  if (env.SHUTDOWN_DRAIN_MS >= env.SHUTDOWN_GRACE_MS) {
    throw new ConfigError(
      'SHUTDOWN_DRAIN_MS debe ser menor que SHUTDOWN_GRACE_MS: después de la espera aún hay que cerrar la base de datos.',
    );
  }
  const allowedEmailDomains = parseEmailDomains(env.ALLOWED_EMAIL_DOMAINS);
  const adminEmail = (env.ADMIN_EMAIL || DEMO_ADMIN.email).toLowerCase();
  if (!hasAllowedDomain(adminEmail, allowedEmailDomains)) {
    throw new ConfigError(
      `ADMIN_EMAIL (${adminEmail}) no podría iniciar sesión: ${emailDomainsMessage(allowedEmailDomains)}.`,
    );
  }
  // The demo is npm start's; production loads it only when SEED_DEMO_DATA=true says so.
  const seedDemoData = env.SEED_DEMO_DATA ?? env.NODE_ENV !== 'production';
  const catalogueCoalesceMs =
    env.CATALOG_CACHE_COALESCE_MS ?? (env.NODE_ENV === 'test' ? 0 : 1_000);
  const firstAdmin = firstAdminOf(env, adminEmail, seedDemoData);
  const jwtSecret = readJwtSecret(env);
  const publicUrl = (env.PUBLIC_URL || `http://localhost:${env.PORT}`).replace(/\/+$/, '');
  if (env.NODE_ENV === 'production') refuseDemoSettingsInProduction(env);
  return {
    env: env.NODE_ENV,
    host: env.HOST,
    port: env.PORT,
    databaseUrl: env.DATABASE_URL || undefined,
    pool: {
      poolSize: env.DB_POOL_SIZE,
      maxTransactions: env.DB_MAX_TRANSACTIONS,
      connectTimeoutMs: env.DB_CONNECT_TIMEOUT_MS,
      queryTimeoutMs: queryTimeoutMs(env),
      statementTimeoutMs: env.DB_STATEMENT_TIMEOUT_MS,
      idleInTransactionTimeoutMs: env.DB_IDLE_TX_TIMEOUT_MS,
    },
    dataDir: path.resolve(env.DATA_DIR),
    jwtSecret,
    jwtExpiresIn: '8h',
    allowedEmailDomains,
    admin: { email: adminEmail, password: adminPasswordValue },
    firstAdmin,
    redisUrl: env.REDIS_URL || undefined,
    redis: env.REDIS_URL
      ? {
          url: env.REDIS_URL,
          connectTimeoutMs: env.REDIS_CONNECT_TIMEOUT_MS,
          commandTimeoutMs: env.REDIS_COMMAND_TIMEOUT_MS,
        }
      : undefined,
    redisPrefix: env.REDIS_PREFIX,
    logLevel: env.LOG_LEVEL,
    webDistDir: path.resolve(env.WEB_DIST_DIR),
    bodyLimit: env.BODY_LIMIT,
    imageMaxBytes: env.IMAGE_MAX_BYTES,
    imageLimits: { maxSide: env.IMAGE_MAX_SIDE, timeLimitSeconds: env.IMAGE_TIME_LIMIT_SECONDS },
    importMaxBytes: env.IMPORT_MAX_BYTES,
    importLimits: {
      maxRows: env.IMPORT_MAX_ROWS,
      maxColumns: env.IMPORT_MAX_COLUMNS,
      maxLineChars: env.IMPORT_MAX_LINE_CHARS,
      syncMaxBytes: env.IMPORT_SYNC_MAX_BYTES,
    },
    http: {
      requestTimeoutMs: env.REQUEST_TIMEOUT_MS,
      connectionTimeoutMs: env.CONNECTION_TIMEOUT_MS,
      keepAliveTimeoutMs: env.KEEP_ALIVE_TIMEOUT_MS,
      handlerTimeoutMs: env.HANDLER_TIMEOUT_MS,
      maxConnections: env.MAX_CONNECTIONS,
    },
    pressure: {
      // Off in tests by default: a blocking migration of the embedded database between two
      // requests would turn the next ones away, which no test is asking about.
      maxEventLoopDelayMs: env.MAX_EVENT_LOOP_DELAY_MS ?? (env.NODE_ENV === 'test' ? 0 : 1_000),
    },
    shutdown: { drainMs: env.SHUTDOWN_DRAIN_MS, graceMs: env.SHUTDOWN_GRACE_MS },
    // Tests run due jobs themselves (app.jobs.runDue) unless they ask for workers.
    jobs: { pollSeconds: env.JOBS_POLL_SECONDS ?? (env.NODE_ENV === 'test' ? 0 : 1) },
    // Tests see every change on the next read unless they ask for coalescing; stock then gathers
    // over the same window unless they ask for its own.
    catalogCacheCoalesceMs: catalogueCoalesceMs,
    catalogCacheStockCoalesceMs:
      env.CATALOG_CACHE_STOCK_COALESCE_MS ??
      (env.NODE_ENV === 'test' ? catalogueCoalesceMs : 5_000),
    memoryTrimIntervalMs: env.MEMORY_TRIM_INTERVAL_MS,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    rateLimit: { max: env.RATE_LIMIT_MAX, formsMax: env.RATE_LIMIT_FORMS_MAX },
    loginLimits: {
      perAccount: env.LOGIN_MAX_FAILS_ACCOUNT,
      perClient: env.LOGIN_MAX_FAILS_CLIENT,
      windowSeconds: env.LOGIN_WINDOW_SECONDS,
    },
    recoveryLimits: {
      perEmail: env.RECOVERY_MAX_PER_EMAIL,
      perClient: env.RECOVERY_MAX_PER_CLIENT,
      windowSeconds: env.RECOVERY_WINDOW_SECONDS,
    },
    support: {
      linkDaysAfterClose: env.SUPPORT_LINK_EXPIRY_DAYS,
      maxPerEmailHour: env.SUPPORT_MAX_PER_EMAIL_HOUR,
    },
    seedDemoData,
    orders: {
      expiryHours: env.ORDER_EXPIRY_HOURS,
      sweepIntervalSeconds: env.ORDER_SWEEP_INTERVAL_SECONDS,
      maxUnitsPerProduct: env.ORDER_MAX_UNITS_PER_PRODUCT,
      guestUnpaidMax: env.ORDER_GUEST_UNPAID_MAX,
      guestUnpaidMaxUnits: env.ORDER_GUEST_UNPAID_MAX_UNITS,
      guestUnpaidMaxTotal: env.ORDER_GUEST_UNPAID_MAX_TOTAL,
      webpayHoldMinutes: env.WEBPAY_HOLD_MINUTES,
      linksPerHour: env.ORDER_LINKS_PER_HOUR,
      concurrency: env.ORDER_CONCURRENCY,
      readsFirstMs: env.ORDER_READS_FIRST_MS,
      queueWaitMs: env.ORDER_QUEUE_WAIT_MS,
      bank: {
        banco: env.BANK_NAME,
        tipoCuenta: env.BANK_ACCOUNT_TYPE,
        numeroCuenta: env.BANK_ACCOUNT_NUMBER,
        rut: env.BANK_RUT,
        titular: env.BANK_HOLDER,
        correo: env.BANK_EMAIL,
      },
    },
    mail: {
      smtpUrl: env.SMTP_URL || undefined,
      sendTimeoutMs: env.MAIL_SEND_TIMEOUT_MS,
      from: env.MAIL_FROM,
      shopEmail: env.SHOP_EMAIL || null,
    },
    publicUrl,
    devOutboxApi: env.DEV_OUTBOX_API,
    passwordPolicy,
    adminMfa: env.ADMIN_MFA,
    apiDocs: env.API_DOCS ?? env.NODE_ENV !== 'production',
    corsOrigins: parseCorsOrigins(env.CORS_ORIGINS),
    payments: paymentsConfig(env),
    invoicing: invoicingConfig(env),
    shipping: shippingConfig(env),
  };
}
