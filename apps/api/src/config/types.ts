// The configuration's shape: what the server and its modules read once loadConfig (index.ts) has
// read the environment.
import type { PasswordPolicy } from '@nexbyte/shared';
import type { PoolSettings } from '../db/postgres';
import type { RedisSettings } from '../redis';
import type { ShippingConfig } from './shipping';

/** Which proxies may tell the client's address: none, the nearest N hops, or these addresses. */
export type TrustProxy = false | number | string[];

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

/** The repair desk's tracking links and its request form. */
export interface SupportConfig {
  /** Days after a ticket closes that its tracking link still opens it. */
  linkDaysAfterClose: number;
  /** Requests (each one an e-mail to the address given) per normalised e-mail and hour. */
  maxPerEmailHour: number;
}

export interface MailConfig {
  /** SMTP server (smtp:// or smtps://); when absent, e-mails go to the outbox table and the log. */
  smtpUrl: string | undefined;
  /** Longest wait for one SMTP step (connect, greeting, an answer). */
  sendTimeoutMs: number;
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
  /** Units, and pesos, that the unpaid orders of one guest e-mail, and of one client, may hold. */
  guestUnpaidMaxUnits: number;
  guestUnpaidMaxTotal: number;
  /** How long an unpaid Webpay order holds its stock (a transfer's holds `expiryHours`). */
  webpayHoldMinutes: number;
  /** New links to a guest's order the look-up form sends per order and hour. */
  linksPerHour: number;
  /** Orders placed at once by this instance; the others wait in line (decision 038). */
  concurrency: number;
  /** How long an order waits for its turn before it is answered 503. */
  queueWaitMs: number;
  /** Longest an order, its turn come, waits for shoppers' answers being built (0: never). */
  readsFirstMs: number;
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

/** The provider of electronic tax documents (decision 030): where it is and the shop's key. */
export interface InvoicingProviderConfig {
  /** Base URL of its REST API (OpenFactura's, its sandbox's, or a stand-in in tests). */
  apiUrl: string;
  /** The secret: never logged. */
  apiKey: string;
  /** Each call to the provider; past it the call counts as unanswered (a time-out). */
  timeoutMs: number;
}

/** The shop as the SII knows it: what every document says of its emisor. */
export interface EmisorConfig {
  rut: string;
  razonSocial: string;
  giro: string;
  acteco: number;
  direccion: string;
  comuna: string;
}

export interface InvoicingConfig {
  /** Null when invoicing is off (no provider settings): the shop works as it did before. */
  provider: InvoicingProviderConfig | null;
  /** Why it is off, for the start-up log and the setup checklist; null when it is on. */
  off: string | null;
  emisor: EmisorConfig;
}

export interface PaymentsConfig {
  /** Null when Webpay is not offered (production without real credentials). */
  webpay: WebpayConfig | null;
  /** Why Webpay is off, for the start-up log; null when it is on. */
  webpayOff: string | null;
  /** DESCUENTO_TRANSFERENCIA_PCT: the transfer discount, 0 to 50. */
  transferDiscountPct: number;
  /** CUOTAS_SIN_INTERES_MAX: interest-free card installments offered, 0 (none) or 2 to 48. */
  installmentsMax: number;
}

/** The product CSV import's bounds (each refused with a Spanish message naming it). */
export interface ImportLimits {
  maxRows: number;
  maxColumns: number;
  /** Characters in one line (and in one record) of the file. */
  maxLineChars: number;
  /** Files up to this size are answered with the report; larger ones run as a job. */
  syncMaxBytes: number;
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
   * A clean install (no demo data) with ADMIN_EMAIL and ADMIN_PASSWORD set: the first
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
  /** A product photo's longest side in pixels and seconds to process it (413 and 503 beyond). */
  imageLimits: { maxSide: number; timeLimitSeconds: number };
  /** Largest product CSV import in bytes (413 beyond it). */
  importMaxBytes: number;
  /** What one product CSV may hold, and the size past which it is imported as a job (202). */
  importLimits: ImportLimits;
  http: HttpLimits;
  /** Event-loop delay (mean over a second) past which requests get 503; 0 turns it off. */
  pressure: { maxEventLoopDelayMs: number };
  /** SIGTERM: requests in flight get `drainMs`; past `graceMs` the process exits 1 regardless. */
  shutdown: { drainMs: number; graceMs: number };
  /** The durable job queue: seconds between two looks at an idle queue; 0 runs no workers. */
  jobs: { pollSeconds: number };
  /**
   * A run of catalogue changes clears the catalogue's cache at most once per this many ms (the
   * first change of a quiet spell at once); 0 clears at every change.
   */
  catalogCacheCoalesceMs: number;
  /**
   * The same for a run of changes that only move stock (orders taking units, never a product
   * sold out or back in stock): the kept answers get the current stock at most once per this
   * many ms.
   */
  catalogCacheStockCoalesceMs: number;
  /** How often the server hands glibc's free pages back to the system; 0 never. */
  memoryTrimIntervalMs: number;
  /** Proxies whose X-Forwarded-For is believed: none, a hop count, or their addresses/CIDRs. */
  trustProxy: TrustProxy;
  rateLimit: { max: number; formsMax: number };
  loginLimits: LoginLimits;
  recoveryLimits: RecoveryLimits;
  support: SupportConfig;
  /** Load the demo into an empty database: SEED_DEMO_DATA, by default outside production only. */
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
  invoicing: InvoicingConfig;
  /** Carriers, parcels and tracking (decision 036). */
  shipping: ShippingConfig;
}
