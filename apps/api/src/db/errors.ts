/**
 * The database could not be reached, or went away in the middle of the work: the request may
 * succeed if tried again in a moment, so callers answer 503 with Retry-After, never a 500.
 */
export class DatabaseUnavailableError extends Error {
  readonly code = 'DB_UNAVAILABLE';

  constructor(message = 'La base de datos no está disponible.', options?: ErrorOptions) {
    super(message, options);
    this.name = 'DatabaseUnavailableError';
  }
}

/**
 * The disk that holds the data is full (or the account's quota is spent): nothing new can be
 * written until someone frees space, while reads keep working. Answered 503 with Retry-After.
 */
export class StorageFullError extends Error {
  readonly code = 'STORAGE_FULL';

  constructor(
    message = 'No queda espacio en el disco de la base de datos.',
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'StorageFullError';
  }
}

/** The file system's own answer: no space left, or the quota spent. */
const STORAGE_NODE_CODES = new Set(['ENOSPC', 'EDQUOT']);

/**
 * PostgreSQL's class 53 (insufficient resources) that is about storage: 53000 (the class itself,
 * which some paths raise for a failed write) and 53100 disk_full. Not 53200 out_of_memory, 53300
 * too_many_connections or 53400 configuration_limit_exceeded (temp_file_limit, say).
 */
const STORAGE_SQLSTATES = new Set(['53000', '53100']);

/** What PGlite's file system and PostgreSQL's messages say when the write did not fit. */
const STORAGE_MESSAGES = /No space left on device|Disk quota exceeded/;

function storageFull(e: object): boolean {
  if (e instanceof StorageFullError) return true;
  const { code, message } = e as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (STORAGE_NODE_CODES.has(code) || STORAGE_SQLSTATES.has(code))) {
    return true;
  }
  return typeof message === 'string' && STORAGE_MESSAGES.test(message);
}

/**
 * True when `err`, or anything in its `cause` chain, says the disk that holds the data is full:
 * PostgreSQL's disk_full (both drivers), or ENOSPC/EDQUOT from the embedded database's file system.
 */
export function isStorageFull(err: unknown): boolean {
  return someInChain(err, storageFull);
}

/** Socket-level failures of the connection to the database server. */
const NODE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH']);

/**
 * SQLSTATEs that say the server is going away, starting up or full (admin_shutdown,
 * crash_shutdown, cannot_connect_now, too_many_connections), plus query_canceled: our own
 * statement_timeout fired, so the database is too slow to answer right now.
 */
const SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300', '57014']);

/** pg-pool's answer when every connection stayed busy for the whole connect time-out. */
const POOL_QUEUE_TIMEOUT = 'timeout exceeded when trying to connect';

/** What node-postgres and pg-pool throw when a connection is lost, cannot be had, or stalls. */
const PG_MESSAGES = [
  /^Connection terminated/,
  new RegExp(POOL_QUEUE_TIMEOUT),
  /Query read timeout/,
  // A client whose socket already failed (or that we closed), asked again in the same transaction.
  /^Client (has encountered a connection error|was closed) and is not queryable/,
  // Shutting down: the pool is closing while a request still wants it.
  /Cannot use a pool after calling end on the pool/,
];

function matches(e: object): boolean {
  if (e instanceof DatabaseUnavailableError) return true;
  const { code, message } = e as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    if (NODE_CODES.has(code) || SQLSTATES.has(code)) return true;
    // Class 08: connection exception (connection_failure, protocol_violation, ...).
    if (/^08[0-9A-Z]{3}$/.test(code)) return true;
  }
  return typeof message === 'string' && PG_MESSAGES.some((re) => re.test(message));
}

/**
 * True when `err`, or anything in its `cause` chain (drizzle wraps driver errors), says the
 * database is unreachable or lost the connection. An AggregateError (a host name that resolves to
 * several addresses, all refused) counts when any of its errors does.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  return someInChain(err, matches);
}

/**
 * True when the database is up but every pooled connection stayed busy: we are overloaded, which
 * the caller says with its own message (still 503 with Retry-After).
 */
export function isDatabaseSaturated(err: unknown): boolean {
  return someInChain(err, (e) => (e as { message?: unknown }).message === POOL_QUEUE_TIMEOUT);
}

function someInChain(err: unknown, test: (e: object) => boolean): boolean {
  const seen = new Set<unknown>();
  const pending: unknown[] = [err];
  while (pending.length > 0) {
    const e = pending.pop();
    if (!e || typeof e !== 'object' || seen.has(e)) continue;
    seen.add(e);
    if (test(e)) return true;
    pending.push((e as { cause?: unknown }).cause);
    if (e instanceof AggregateError) pending.push(...(e.errors as unknown[]));
  }
  return false;
}
