// The environment variables the server reads, their defaults and their bounds (README's
// Configuration table). Parsing only: what the values mean together is index.ts's.
import path from 'node:path';
import {
  canonicalComuna,
  CUOTAS_SIN_INTERES_LIMIT,
  CUOTAS_SIN_INTERES_MIN,
  GUEST_UNPAID_ORDERS_MAX,
  isValidInstallmentsSetting,
  isValidRun,
  normalizeRun,
  PASSWORD_POLICIES,
  QTY_MAX,
} from '@nexbyte/shared';
import { z } from 'zod';
import { POOL_DEFAULTS } from '../db/postgres';
import { repoRoot } from '../paths';

/** A time-out in milliseconds: at least 100 (0 would mean "wait for ever"), at most 10 minutes. */
const millis = (fallback: number) =>
  z.coerce.number().int().min(100).max(600_000).default(fallback);

const INSTALLMENTS_ERROR = `debe ser 0 (sin cuotas) o un número entero de ${CUOTAS_SIN_INTERES_MIN} a ${CUOTAS_SIN_INTERES_LIMIT}`;

/** The demo's admin account and transfer account: fine on a laptop, never in a shop that sells. */
export const DEMO_ADMIN = { email: 'admin@duoc.cl', password: 'admin123' } as const;
export const DEMO_BANK = { numeroCuenta: '00012345678', rut: '76.123.456-0' } as const;

/** The shop's tax identity until it is given its own (decision 030): OpenFactura's sandbox emisor. */
export const DEMO_EMISOR = {
  rut: '76795561-8',
  razonSocial: 'Empresa de demostración SpA',
  giro: 'Venta al por menor de computadores y equipos periféricos',
  acteco: 474100,
  direccion: 'Avenida Demostración 123',
  comuna: 'Santiago',
} as const;

export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATABASE_URL: z.string().optional(),
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(1000).default(POOL_DEFAULTS.poolSize),
  DB_MAX_TRANSACTIONS: z.coerce
    .number()
    .int()
    .min(1)
    .max(1000)
    .default(POOL_DEFAULTS.maxTransactions),
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
  // Up to the pixel bound (40 megapixels), which a 1-px-wide image reaches with one side.
  IMAGE_MAX_SIDE: z.coerce.number().int().min(100).max(40_000_000).default(10_000),
  IMAGE_TIME_LIMIT_SECONDS: z.coerce.number().int().min(1).max(600).default(10),
  IMPORT_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .max(100 * 1024 * 1024)
    .default(10 * 1024 * 1024),
  IMPORT_MAX_ROWS: z.coerce.number().int().min(1).max(1_000_000).default(100_000),
  IMPORT_MAX_COLUMNS: z.coerce.number().int().min(1).max(1_000).default(50),
  IMPORT_MAX_LINE_CHARS: z.coerce.number().int().min(1_024).max(1_048_576).default(32_768),
  IMPORT_SYNC_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(0)
    .max(100 * 1024 * 1024)
    .default(1024 * 1024),
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
  // Unset, the demo loads outside production only (index.ts); production loads it only when asked.
  SEED_DEMO_DATA: z.stringbool().optional(),
  ORDER_EXPIRY_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 365)
    .default(48),
  ORDER_SWEEP_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(86_400).default(300),
  // Seconds between two looks at an idle job queue (pg-boss allows 0.5 and up); 0: no workers.
  JOBS_POLL_SECONDS: z.coerce
    .number()
    .min(0)
    .max(3_600)
    .refine((n) => n === 0 || n >= 0.5, 'JOBS_POLL_SECONDS: 0 o al menos 0.5')
    .optional(),
  // A run of catalogue changes (a burst of orders) clears the catalogue's cache at most this often.
  CATALOG_CACHE_COALESCE_MS: z.coerce.number().int().min(0).max(60_000).optional(),
  // A run of changes that only move stock (orders taking units) clears it at most this often.
  CATALOG_CACHE_STOCK_COALESCE_MS: z.coerce.number().int().min(0).max(60_000).optional(),
  // How long one SMTP conversation may take (connect, greeting, each answer).
  MAIL_SEND_TIMEOUT_MS: millis(10_000),
  ORDER_MAX_UNITS_PER_PRODUCT: z.coerce.number().int().min(1).max(QTY_MAX).default(QTY_MAX),
  ORDER_GUEST_UNPAID_MAX: z.coerce
    .number()
    .int()
    .min(1)
    .max(1_000_000)
    .default(GUEST_UNPAID_ORDERS_MAX),
  // What a guest's unpaid orders may hold together, per e-mail and per client (decision 013).
  ORDER_GUEST_UNPAID_MAX_UNITS: z.coerce.number().int().min(1).max(1_000_000).default(40),
  ORDER_GUEST_UNPAID_MAX_TOTAL: z.coerce
    .number()
    .int()
    .min(1)
    .max(10_000_000_000)
    .default(5_000_000),
  // An unpaid Webpay order holds its stock this long (the buyer pays while the page waits).
  WEBPAY_HOLD_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(15),
  ORDER_LINKS_PER_HOUR: z.coerce.number().int().min(1).max(100).default(3),
  // Orders placed at once by one instance; the others wait their turn (decision 038).
  ORDER_CONCURRENCY: z.coerce.number().int().min(1).max(100).default(1),
  // How long an order may wait for its turn before the answer is 503 with Retry-After: waiting
  // in line is waiting for the database, bounded like DB_CONNECT_TIMEOUT_MS.
  ORDER_QUEUE_WAIT_MS: millis(2_000),
  // Before each order, shoppers' catalogue answers being read from the database finish first,
  // waited for at most this long (0: not waited for).
  ORDER_READS_FIRST_MS: z.coerce.number().int().min(0).max(1_000).default(25),
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
  SUPPORT_LINK_EXPIRY_DAYS: z.coerce.number().int().min(0).max(3650).default(30),
  SUPPORT_MAX_PER_EMAIL_HOUR: z.coerce.number().int().positive().default(5),
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
  CUOTAS_SIN_INTERES_MAX: z.coerce
    .number({ error: INSTALLMENTS_ERROR })
    .default(0)
    .refine(isValidInstallmentsSetting, { error: INSTALLMENTS_ERROR }),
  // Tax documents (decision 030): both set turn invoicing on; the identity defaults to the demo's.
  DTE_API_URL: z
    .string()
    .trim()
    .regex(/^https?:\/\/[^\s/]+\/?$/, {
      error: 'debe ser una dirección http:// o https:// sin ruta',
    })
    .optional()
    .or(z.literal('')),
  DTE_API_KEY: z.string().trim().optional(),
  DTE_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  DTE_RUT_EMISOR: z
    .string()
    .trim()
    .refine(isValidRun, { error: 'debe ser un RUT válido (ej: 76.123.456-0)' })
    .transform(normalizeRun)
    .default(DEMO_EMISOR.rut),
  DTE_RAZON_SOCIAL: z.string().trim().min(2).max(100).default(DEMO_EMISOR.razonSocial),
  DTE_GIRO: z.string().trim().min(2).max(80).default(DEMO_EMISOR.giro),
  DTE_ACTECO: z.coerce.number().int().min(1).max(999_999).default(DEMO_EMISOR.acteco),
  DTE_DIRECCION: z.string().trim().min(3).max(70).default(DEMO_EMISOR.direccion),
  DTE_COMUNA: z.string().trim().min(2).max(20).default(DEMO_EMISOR.comuna),
  // Carriers (decision 036): CARRIER_API_URL set turns Chilexpress's rates and shipments on.
  CARRIER_API_URL: z
    .string()
    .trim()
    .regex(/^https?:\/\/[^\s/]+\/?$/, {
      error: 'debe ser una dirección http:// o https:// sin ruta',
    })
    .optional()
    .or(z.literal('')),
  CARRIER_API_KEY: z.string().trim().optional(),
  CARRIER_CUSTOMER_CARD: z.string().trim().max(20).optional(),
  CARRIER_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(50)
    .max(2_000, { error: 'la cotización no espera más de 2000 ms al transportista' })
    .default(1_500),
  CARRIER_QUOTE_CACHE_SECONDS: z.coerce.number().int().min(0).max(3_600).default(300),
  CARRIER_ORIGIN_COMUNA: z
    .string()
    .trim()
    .refine((v) => canonicalComuna(v) !== null, { error: 'debe ser una comuna de Chile' })
    .default('Providencia'),
  PARCEL_BOX_KG: z.coerce.number().min(0).max(20).default(0.3),
  TRACKING_POLL_SECONDS: z.coerce.number().int().min(0).max(86_400).default(1_800),
  SHIPMENT_STUCK_DAYS: z.coerce.number().int().min(1).max(60).default(5),
});

/** The environment once parsed. */
export type Env = z.infer<typeof envSchema>;
