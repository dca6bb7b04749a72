import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  emailDomainsMessage,
  hasAllowedDomain,
  parseEmailDomains,
  PASSWORD_MAX,
  PASSWORD_MIN,
} from '@nexbyte/shared';
import { z } from 'zod';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

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
}

/** Orders: how long an unpaid order keeps its stock, and where the transfer goes. */
export interface OrdersConfig {
  expiryHours: number;
  /** How often the expiry sweep runs; 0 turns it off (tests call it themselves). */
  sweepIntervalSeconds: number;
  bank: {
    banco: string;
    tipoCuenta: string;
    numeroCuenta: string;
    rut: string;
    titular: string;
    correo: string;
  };
}

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  /** PostgreSQL connection string; when absent the embedded PGlite in dataDir is used. */
  databaseUrl: string | undefined;
  dataDir: string;
  jwtSecret: string;
  jwtExpiresIn: string;
  allowedEmailDomains: readonly string[];
  admin: { email: string; password: string };
  redisUrl: string | undefined;
  /** Prefix of every Redis key, so several deployments can share one Redis. */
  redisPrefix: string;
  logLevel: string;
  webDistDir: string;
  bodyLimit: number;
  trustProxy: boolean;
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
}

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATABASE_URL: z.string().optional(),
  DATA_DIR: z.string().default(path.join(repoRoot, 'data')),
  JWT_SECRET: z.string().optional(),
  ALLOWED_EMAIL_DOMAINS: z.string().optional(),
  ADMIN_EMAIL: z.string().default('admin@duoc.cl'),
  ADMIN_PASSWORD: z.string().default('admin123'),
  REDIS_URL: z.string().optional(),
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
  TRUST_PROXY: z.stringbool().default(false),
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
  BANK_NAME: z.string().trim().min(1).default('Banco Estado'),
  BANK_ACCOUNT_TYPE: z.string().trim().min(1).default('Cuenta corriente'),
  BANK_ACCOUNT_NUMBER: z.string().trim().min(1).default('00012345678'),
  BANK_RUT: z.string().trim().min(1).default('76.123.456-0'),
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
  PUBLIC_URL: z
    .string()
    .trim()
    .regex(/^https?:\/\/[^\s/]+(\/\S*)?$/, { error: 'debe ser una dirección http:// o https://' })
    .optional()
    .or(z.literal('')),
  DEV_OUTBOX_API: z.stringbool().default(false),
});

export class ConfigError extends Error {}

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
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(env.DATA_DIR, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new ConfigError(`Configuración inválida: ${problems}`);
  }
  const env = parsed.data;
  if (env.ADMIN_PASSWORD.length < PASSWORD_MIN || env.ADMIN_PASSWORD.length > PASSWORD_MAX) {
    throw new ConfigError(
      `ADMIN_PASSWORD debe tener entre ${PASSWORD_MIN} y ${PASSWORD_MAX} caracteres (la regla de inicio de sesión).`,
    );
  }
  if (env.DEV_OUTBOX_API && env.NODE_ENV === 'production') {
    throw new ConfigError(
      'DEV_OUTBOX_API muestra los correos guardados (con sus enlaces) a cualquiera: no se permite en producción.',
    );
  }
  const allowedEmailDomains = parseEmailDomains(env.ALLOWED_EMAIL_DOMAINS);
  if (!hasAllowedDomain(env.ADMIN_EMAIL, allowedEmailDomains)) {
    throw new ConfigError(
      `ADMIN_EMAIL (${env.ADMIN_EMAIL}) no podría iniciar sesión: ${emailDomainsMessage(allowedEmailDomains)}.`,
    );
  }
  return {
    env: env.NODE_ENV,
    host: env.HOST,
    port: env.PORT,
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: path.resolve(env.DATA_DIR),
    jwtSecret: resolveJwtSecret(env),
    jwtExpiresIn: '8h',
    allowedEmailDomains,
    admin: { email: env.ADMIN_EMAIL.trim().toLowerCase(), password: env.ADMIN_PASSWORD },
    redisUrl: env.REDIS_URL || undefined,
    redisPrefix: env.REDIS_PREFIX,
    logLevel: env.LOG_LEVEL,
    webDistDir: path.resolve(env.WEB_DIST_DIR),
    bodyLimit: env.BODY_LIMIT,
    trustProxy: env.TRUST_PROXY,
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
      bank: {
        banco: env.BANK_NAME,
        tipoCuenta: env.BANK_ACCOUNT_TYPE,
        numeroCuenta: env.BANK_ACCOUNT_NUMBER,
        rut: env.BANK_RUT,
        titular: env.BANK_HOLDER,
        correo: env.BANK_EMAIL,
      },
    },
    mail: { smtpUrl: env.SMTP_URL || undefined, from: env.MAIL_FROM },
    publicUrl: (env.PUBLIC_URL || `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    devOutboxApi: env.DEV_OUTBOX_API,
  };
}
