import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import {
  emailDomainsMessage,
  GUEST_UNPAID_ORDERS_MAX,
  hasAllowedDomain,
  parseEmailDomains,
  PASSWORD_POLICIES,
  passwordLimits,
  type PasswordPolicy,
  QTY_MAX,
} from '@nexbyte/shared';
// transbank-sdk is CommonJS: Node's ESM loader sees only its default export.
import transbank from 'transbank-sdk';
import { z } from 'zod';
import { isLoopback } from './client-key';
import { repoRoot } from './paths';
import { POOL_DEFAULTS, type PoolSettings } from './db/postgres';
import type { RedisSettings } from './redis';

export interface LoginLimits {
  perAccount: number;
  perClient: number;
  windowSeconds: number;
}

export interface RecoveryLimits {
  perEmail: number;
  perClient: number;
  windowSeconds: number;
}

export interface MailConfig {
  /** SMTP server (smtp:// or smtps://); when absent, e-mails go to the outbox table and the log. */
  smtpUrl: string | undefined;
  from: string;
  /** The owner's inbox for the shop's news (orders, payments, messages, low stock); null: none. */
  shopEmail: string | null;
}

/** Orders: how long an unpaid order keeps its stock, and where the transfer goes. */
export interface OrdersConfig {
  expiryHours: number;
  /** How often the expiry sweep runs; 0 turns it off (tests call it themselves). */
  sweepIntervalSeconds: number;
  /** Units of one product an order may take (at most the shared QTY_MAX). */
  maxUnitsPerProduct: number;
  /** Unpaid guest orders one e-mail, and one client, may hold at a time. */
  guestUnpaidMax: number;
  bank: {
    banco: string;
    tipoCuenta: string;
    numeroCuenta: string;
    rut: string;
    titular: string;
    correo: string;
  };
}

/** Webpay Plus through transbank-sdk: who the shop is to Transbank and where the SDK talks to. */
export interface WebpayConfig {
  env: 'integracion' | 'produccion';
  commerceCode: string;
  /** The secret half of the credentials: never logged. */
  apiKey: string;
  /** Base URL of Transbank's REST API (its Environment constant, a proxy, or a stand-in in tests). */
  apiUrl: string;
  /** Each call to Transbank; past it the call fails (the order's transaction is held meanwhile). */
  timeoutMs: number;
}

export interface PaymentsConfig {
  /** Null when Webpay is not offered (production without real credentials). */
  webpay: WebpayConfig | null;
  /** Why Webpay is off, for the start-up log; null when it is on. */
  webpayOff: string | null;
  /** DESCUENTO_TRANSFERENCIA_PCT: the transfer discount, 0 to 50. */
  transferDiscountPct: number;
}

/** Bounds on what one client can hold: each wait ends, and the number of sockets is capped. */
export interface HttpLimits {
  /** Receiving a whole request (headers and body); a slow sender is cut off after it. */
  requestTimeoutMs: number;
  /** A socket with no traffic at all for this long is closed. */
  connectionTimeoutMs: number;
  /** How long an idle keep-alive socket is kept open for the next request. */
  keepAliveTimeoutMs: number;
  /** From routing to the answer: past it the caller gets a 503 with Retry-After. */
  handlerTimeoutMs: number;
  /** Open sockets at once; the server drops connections beyond it. */
  maxConnections: number;
}

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  /** PostgreSQL connection string; when absent the embedded PGlite in dataDir is used. */
  databaseUrl: string | undefined;
  /** PostgreSQL pool size and time-outs. */
  pool: PoolSettings;
  dataDir: string;
  jwtSecret: string;
  jwtExpiresIn: string;
  allowedEmailDomains: readonly string[];
  admin: { email: string; password: string };
  /**
   * A clean install (SEED_DEMO_DATA=false) with ADMIN_EMAIL and ADMIN_PASSWORD set: the first
   * admin, created at start only while no admin exists. Undefined otherwise.
   */
  firstAdmin: { email: string; password: string } | undefined;
  redisUrl: string | undefined;
  /** Redis connection and its time-outs; absent without REDIS_URL. */
  redis: RedisSettings | undefined;
  /** Prefix of every Redis key, so several deployments can share one Redis. */
  redisPrefix: string;
  logLevel: string;
  webDistDir: string;
  bodyLimit: number;
  /** Largest product photo upload in bytes (413 beyond it); the only body allowed past bodyLimit. */
  imageMaxBytes: number;
  /** Largest product CSV import in bytes (413 beyond it). */
  importMaxBytes: number;
  http: HttpLimits;
  /** Event-loop delay (mean over a second) past which requests get 503; 0 turns it off. */
  pressure: { maxEventLoopDelayMs: number };
  /** SIGTERM: requests in flight get `drainMs`; past `graceMs` the process exits 1 regardless. */
  shutdown: { drainMs: number; graceMs: number };
  /** How often the server hands glibc's free pages back to the system; 0 never. */
  memoryTrimIntervalMs: number;
  /** Proxies whose X-Forwarded-For is believed: none, a hop count, or their addresses/CIDRs. */
  trustProxy: TrustProxy;
  rateLimit: { max: number; formsMax: number };
  loginLimits: LoginLimits;
  recoveryLimits: RecoveryLimits;
  seedDemoData: boolean;
  orders: OrdersConfig;
  mail: MailConfig;
  /** Where people reach the shop, for the links inside e-mails (no trailing slash). */
  publicUrl: string;
  /** Serves GET /api/dev/correos (the outbox) for browser tests; never in production. */
  devOutboxApi: boolean;
  /** The rule for new passwords (decision 015): the spec's 4–10 ('basica'), or 'fuerte'. */
  passwordPolicy: PasswordPolicy;
  /** 'obligatorio': an ADMIN logs in only with a second factor (TOTP), enrolling first if needed. */
  adminMfa: 'opcional' | 'obligatorio';
  /** Serves the API description at /api/docs; off in production unless API_DOCS=1. */
  apiDocs: boolean;
  /** Other sites (storefronts, apps) whose pages may call the API; none by default. */
  corsOrigins: readonly string[];
  payments: PaymentsConfig;
}

/** A time-out in milliseconds: at least 100 (0 would mean "wait for ever"), at most 10 minutes. */
const millis = (fallback: number) =>
  z.coerce.number().int().min(100).max(600_000).default(fallback);

/** The demo's admin account and transfer account: fine on a laptop, never in a shop that sells. */
export const DEMO_ADMIN = { email: 'admin@duoc.cl', password: 'admin123' } as const;
export const DEMO_BANK = { numeroCuenta: '00012345678', rut: '76.123.456-0' } as const;

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATABASE_URL: z.string().optional(),
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(1000).default(POOL_DEFAULTS.poolSize),
  DB_CONNECT_TIMEOUT_MS: millis(POOL_DEFAULTS.connectTimeoutMs),
  DB_QUERY_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).optional(),
  DB_STATEMENT_TIMEOUT_MS: millis(POOL_DEFAULTS.statementTimeoutMs),
  DB_IDLE_TX_TIMEOUT_MS: millis(POOL_DEFAULTS.idleInTransactionTimeoutMs),
  DATA_DIR: z.string().default(path.join(repoRoot, 'data')),
  JWT_SECRET: z.string().optional(),
  ALLOWED_EMAIL_DOMAINS: z.string().optional(),
  ADMIN_EMAIL: z.string().trim().optional(),
  // Unset, the demo admin gets the demo values; a clean install needs neither.
  ADMIN_PASSWORD: z.string().optional(),
  REDIS_URL: z.string().optional(),
  REDIS_CONNECT_TIMEOUT_MS: millis(1_000),
  REDIS_COMMAND_TIMEOUT_MS: z.coerce.number().int().min(10).max(60_000).default(250),
  REDIS_PREFIX: z
    .string()
    .regex(/^[\w:-]{1,40}$/)
    .default('nexbyte'),
  LOG_LEVEL: z.string().default('info'),
  WEB_DIST_DIR: z.string().default(path.join(repoRoot, 'apps/web/dist')),
  BODY_LIMIT: z.coerce
    .number()
    .int()
    .positive()
    .default(100 * 1024),
  IMAGE_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .max(50 * 1024 * 1024)
    .default(8 * 1024 * 1024),
  IMPORT_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .max(100 * 1024 * 1024)
    .default(10 * 1024 * 1024),
  REQUEST_TIMEOUT_MS: millis(30_000),
  CONNECTION_TIMEOUT_MS: millis(60_000),
  KEEP_ALIVE_TIMEOUT_MS: millis(72_000),
  HANDLER_TIMEOUT_MS: millis(15_000),
  MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).max(60_000).optional(),
  SHUTDOWN_DRAIN_MS: millis(3_000),
  SHUTDOWN_GRACE_MS: millis(10_000),
  MEMORY_TRIM_INTERVAL_MS: z.coerce.number().int().min(0).max(3_600_000).default(10_000),
  MAX_CONNECTIONS: z.coerce.number().int().min(1).max(1_000_000).default(1024),
  TRUST_PROXY: z.string().default(''),
  RATE_LIMIT_MAX: z.coerce.number().int().positive().default(1000),
  RATE_LIMIT_FORMS_MAX: z.coerce.number().int().positive().default(20),
  LOGIN_MAX_FAILS_ACCOUNT: z.coerce.number().int().positive().default(5),
  LOGIN_MAX_FAILS_CLIENT: z.coerce.number().int().positive().default(20),
  LOGIN_WINDOW_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(15 * 60),
  SEED_DEMO_DATA: z.stringbool().default(true),
  ORDER_EXPIRY_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 365)
    .default(48),
  ORDER_SWEEP_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(86_400).default(300),
  ORDER_MAX_UNITS_PER_PRODUCT: z.coerce.number().int().min(1).max(QTY_MAX).default(QTY_MAX),
  ORDER_GUEST_UNPAID_MAX: z.coerce
    .number()
    .int()
    .min(1)
    .max(1_000_000)
    .default(GUEST_UNPAID_ORDERS_MAX),
  BANK_NAME: z.string().trim().min(1).default('Banco Estado'),
  BANK_ACCOUNT_TYPE: z.string().trim().min(1).default('Cuenta corriente'),
  BANK_ACCOUNT_NUMBER: z.string().trim().min(1).default(DEMO_BANK.numeroCuenta),
  BANK_RUT: z.string().trim().min(1).default(DEMO_BANK.rut),
  BANK_HOLDER: z.string().trim().min(1).default('Nexbyte SpA'),
  BANK_EMAIL: z.string().trim().min(3).default('pagos@nexbyte.cl'),
  RECOVERY_MAX_PER_EMAIL: z.coerce.number().int().positive().default(3),
  RECOVERY_MAX_PER_CLIENT: z.coerce.number().int().positive().default(10),
  RECOVERY_WINDOW_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(15 * 60),
  SMTP_URL: z
    .string()
    .trim()
    .regex(/^smtps?:\/\/\S+$/, { error: 'debe empezar con smtp:// o smtps://' })
    .optional()
    .or(z.literal('')),
  MAIL_FROM: z.string().trim().min(3).default('Nexbyte <no-reply@nexbyte.cl>'),
  // Empty turns the owner's e-mails off.
  SHOP_EMAIL: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: 'debe ser una dirección de correo' }).or(z.literal('')))
    .default('tienda@nexbyte.cl'),
  PUBLIC_URL: z
    .string()
    .trim()
    .regex(/^https?:\/\/[^\s/]+(\/\S*)?$/, { error: 'debe ser una dirección http:// o https://' })
    .optional()
    .or(z.literal('')),
  DEV_OUTBOX_API: z.stringbool().default(false),
  PASSWORD_POLICY: z.enum(PASSWORD_POLICIES).optional(),
  ADMIN_MFA: z.enum(['opcional', 'obligatorio']).default('opcional'),
  API_DOCS: z.stringbool().optional(),
  CORS_ORIGINS: z.string().default(''),
  WEBPAY_ENV: z.enum(['integracion', 'produccion']).optional(),
  WEBPAY_COMMERCE_CODE: z
    .string()
    .trim()
    .regex(/^\d{1,12}$/, { error: 'debe ser el código de comercio (solo dígitos)' })
    .optional()
    .or(z.literal('')),
  WEBPAY_API_KEY: z.string().trim().optional(),
  WEBPAY_API_URL: z
    .string()
    .trim()
    .regex(/^https?:\/\/[^\s/]+$/, { error: 'debe ser una dirección http:// o https:// sin ruta' })
    .optional()
    .or(z.literal('')),
  WEBPAY_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(8_000),
  DESCUENTO_TRANSFERENCIA_PCT: z.coerce.number().min(0).max(50).default(0),
});

export class ConfigError extends Error {}

/** Which proxies may tell the client's address: none, the nearest N hops, or these addresses. */
export type TrustProxy = false | number | string[];

/** Names proxy-addr (Fastify's) knows for whole ranges. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY as a hop count (`1`: one proxy in front) or a list of proxy addresses and CIDRs.
 * `true` would believe every X-Forwarded-For entry, the left-most of which the client writes, so
 * every per-client limit could be dodged: it is refused rather than guessed at.
 */
function parseTrustProxy(raw: string): TrustProxy {
  const value = raw.trim().toLowerCase();
  if (['', '0', 'false', 'no', 'off'].includes(value)) return false;
  if (['true', 'yes', 'on'].includes(value)) {
    throw new ConfigError(
      'TRUST_PROXY=true ya no se acepta: creería la dirección que cualquier cliente escribe en X-Forwarded-For. Usa el número de proxies delante del servidor (TRUST_PROXY=1) o sus direcciones (TRUST_PROXY=10.0.0.0/8,127.0.0.1).',
    );
  }
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > 10) throw new ConfigError(`TRUST_PROXY: ${hops} proxies seguidos no es creíble.`);
    return hops;
  }
  const entries = value.split(',').map((entry) => entry.trim());
  const wrong = entries.filter((entry) => !isProxyAddress(entry));
  if (wrong.length > 0) {
    throw new ConfigError(
      `TRUST_PROXY debe ser un número de proxies o una lista de direcciones IP y rangos CIDR separados por comas; no se entiende: ${wrong.join(', ')}`,
    );
  }
  return entries;
}

/**
 * CORS_ORIGINS: the origins (scheme, host and port, as a browser sends them in `Origin`) allowed to
 * call the API from their pages. `*` is refused: the API answers with personal data.
 */
function parseCorsOrigins(raw: string): string[] {
  const origins = raw
    .split(',')
    .map((origin) => origin.trim().replace(/\/+$/, '').toLowerCase())
    .filter(Boolean);
  const wrong = origins.filter((origin) => !/^https?:\/\/[a-z0-9.-]+(:\d{1,5})?$/.test(origin));
  if (wrong.length > 0) {
    throw new ConfigError(
      `CORS_ORIGINS debe ser una lista de orígenes separados por comas, como https://tienda.ejemplo.cl (sin ruta ni *); no se entiende: ${wrong.join(', ')}`,
    );
  }
  return origins;
}

/**
 * With the embedded database and no JWT_SECRET, a secret is generated once and kept in DATA_DIR so
 * sessions survive restarts. Production must say its secret explicitly.
 */
function resolveJwtSecret(env: z.infer<typeof envSchema>): string {
  if (env.JWT_SECRET) {
    if (env.JWT_SECRET.length < 32) {
      throw new ConfigError('JWT_SECRET debe tener al menos 32 caracteres.');
    }
    return env.JWT_SECRET;
  }
  if (env.NODE_ENV === 'production') {
    throw new ConfigError(
      'Falta JWT_SECRET: en producción el servidor no arranca sin un secreto propio (32 caracteres o más).',
    );
  }
  if (env.DATABASE_URL) {
    throw new ConfigError(
      'Falta JWT_SECRET: con DATABASE_URL cada instancia debe compartir el mismo secreto.',
    );
  }
  const file = path.join(env.DATA_DIR, 'jwt-secret');
  // Whoever reads it can sign an admin's session: the owner's only, even if an older version
  // left it readable.
  if (existsSync(file)) {
    chmodSync(file, 0o600);
    return readFileSync(file, 'utf8').trim();
  }
  mkdirSync(env.DATA_DIR, { recursive: true, mode: 0o700 });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * The client-side query time-out must outlast the server's statement time-out, so that a slow
 * statement is cancelled by PostgreSQL (and the connection kept) and only a stalled network hits
 * the client's. By default it is one second longer.
 */
function queryTimeoutMs(env: z.infer<typeof envSchema>): number {
  const statement = env.DB_STATEMENT_TIMEOUT_MS;
  if (env.DB_QUERY_TIMEOUT_MS === undefined) return statement + 1_000;
  if (env.DB_QUERY_TIMEOUT_MS <= statement) {
    throw new ConfigError(
      `DB_QUERY_TIMEOUT_MS (${env.DB_QUERY_TIMEOUT_MS}) debe ser mayor que DB_STATEMENT_TIMEOUT_MS (${statement}).`,
    );
  }
  return env.DB_QUERY_TIMEOUT_MS;
}

/** Transbank's public integration credentials: they never charge anyone. */
const INTEGRATION_COMMERCE_CODE: string = transbank.IntegrationCommerceCodes.WEBPAY_PLUS;
const INTEGRATION_API_KEY: string = transbank.IntegrationApiKeys.WEBPAY;

/**
 * Webpay's settings. Outside production it runs against Transbank's integration environment with
 * the public test credentials unless told otherwise. Production offers Webpay only with credentials
 * of its own for the production environment: anything else would take orders nobody pays for, so
 * Webpay is turned off instead (and start-up says why). The SDK call is made inside the order's
 * transaction, so it must give up before PostgreSQL ends an idle transaction.
 */
function paymentsConfig(env: z.infer<typeof envSchema>): PaymentsConfig {
  const transferDiscountPct = env.DESCUENTO_TRANSFERENCIA_PCT;
  const production = env.NODE_ENV === 'production';
  const webpayEnv = env.WEBPAY_ENV ?? (production ? 'produccion' : 'integracion');
  if (env.WEBPAY_TIMEOUT_MS >= env.DB_IDLE_TX_TIMEOUT_MS) {
    throw new ConfigError(
      `WEBPAY_TIMEOUT_MS (${env.WEBPAY_TIMEOUT_MS}) debe ser menor que DB_IDLE_TX_TIMEOUT_MS (${env.DB_IDLE_TX_TIMEOUT_MS}): la llamada a Webpay ocurre dentro de la transacción del pedido.`,
    );
  }
  const integration = webpayEnv === 'integracion';
  const commerceCode = env.WEBPAY_COMMERCE_CODE || (integration ? INTEGRATION_COMMERCE_CODE : '');
  const apiKey = env.WEBPAY_API_KEY || (integration ? INTEGRATION_API_KEY : '');
  const off = (reason: string): PaymentsConfig => ({
    webpay: null,
    webpayOff: reason,
    transferDiscountPct,
  });
  if (production && integration) {
    return off(
      'WEBPAY_ENV=integracion no cobra de verdad; en producción usa WEBPAY_ENV=produccion',
    );
  }
  if (!commerceCode || !apiKey) {
    return off('faltan WEBPAY_COMMERCE_CODE y WEBPAY_API_KEY del ambiente de producción');
  }
  if (
    !integration &&
    (commerceCode === INTEGRATION_COMMERCE_CODE || apiKey === INTEGRATION_API_KEY)
  ) {
    return off(
      'las credenciales son las públicas de integración de Transbank, no las del comercio',
    );
  }
  return {
    webpay: {
      env: webpayEnv,
      commerceCode,
      apiKey,
      apiUrl:
        env.WEBPAY_API_URL ||
        (integration ? transbank.Environment.Integration : transbank.Environment.Production),
      timeoutMs: env.WEBPAY_TIMEOUT_MS,
    },
    webpayOff: null,
    transferDiscountPct,
  };
}

/**
 * On a clean install (no demo data) ADMIN_EMAIL and ADMIN_PASSWORD, when both are given, name the
 * first admin; the defaults are the demo's and never make an account there.
 */
function firstAdminOf(env: z.infer<typeof envSchema>, email: string): AppConfig['firstAdmin'] {
  if (env.SEED_DEMO_DATA || !env.ADMIN_PASSWORD) return undefined;
  if (!env.ADMIN_EMAIL) {
    throw new ConfigError(
      'Falta ADMIN_EMAIL: con SEED_DEMO_DATA=false y ADMIN_PASSWORD, el primer administrador necesita su correo.',
    );
  }
  return { email, password: env.ADMIN_PASSWORD };
}

/**
 * Production must not run on what the demo ships with: the demo admin's password anyone can read
 * in README, a transfer account that is not the shop's (customers would pay into it), the outbox
 * that shows e-mails with their links, or links that are not https.
 */
function refuseDemoSettingsInProduction(env: z.infer<typeof envSchema>): void {
  const demoAdmin = env.SEED_DEMO_DATA && !env.ADMIN_PASSWORD;
  if (env.ADMIN_PASSWORD === DEMO_ADMIN.password || demoAdmin) {
    throw new ConfigError(
      `ADMIN_PASSWORD es la contraseña de demostración (${DEMO_ADMIN.password}), que cualquiera puede leer: en producción usa una propia, o SEED_DEMO_DATA=false y npm run admin:create.`,
    );
  }
  if (env.BANK_ACCOUNT_NUMBER === DEMO_BANK.numeroCuenta || env.BANK_RUT === DEMO_BANK.rut) {
    const setting =
      env.BANK_ACCOUNT_NUMBER === DEMO_BANK.numeroCuenta ? 'BANK_ACCOUNT_NUMBER' : 'BANK_RUT';
    throw new ConfigError(
      `${setting} es la cuenta de demostración: en producción los clientes transferirían a una cuenta que no es de la tienda. Configura BANK_NAME, BANK_ACCOUNT_TYPE, BANK_ACCOUNT_NUMBER, BANK_RUT, BANK_HOLDER y BANK_EMAIL.`,
    );
  }
  if (env.DEV_OUTBOX_API) {
    throw new ConfigError(
      'DEV_OUTBOX_API muestra los correos guardados (con sus enlaces) a cualquiera: no se permite en producción.',
    );
  }
  if (!env.PUBLIC_URL || !env.PUBLIC_URL.startsWith('https://')) {
    throw new ConfigError(
      'PUBLIC_URL debe ser la dirección https:// de la tienda en producción (los enlaces de los correos y los pagos la usan).',
    );
  }
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
  const firstAdmin = firstAdminOf(env, adminEmail);
  const jwtSecret = resolveJwtSecret(env);
  const publicUrl = (env.PUBLIC_URL || `http://localhost:${env.PORT}`).replace(/\/+$/, '');
  if (env.NODE_ENV === 'production') refuseDemoSettingsInProduction(env);
  return {
    env: env.NODE_ENV,
    host: env.HOST,
    port: env.PORT,
    databaseUrl: env.DATABASE_URL || undefined,
    pool: {
      poolSize: env.DB_POOL_SIZE,
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
    importMaxBytes: env.IMPORT_MAX_BYTES,
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
    seedDemoData: env.SEED_DEMO_DATA,
    orders: {
      expiryHours: env.ORDER_EXPIRY_HOURS,
      sweepIntervalSeconds: env.ORDER_SWEEP_INTERVAL_SECONDS,
      maxUnitsPerProduct: env.ORDER_MAX_UNITS_PER_PRODUCT,
      guestUnpaidMax: env.ORDER_GUEST_UNPAID_MAX,
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
  };
}
