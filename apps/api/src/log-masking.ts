/**
 * What the logs must not hold: live tokens (a recovery token read from a log reset a password) and
 * e-mail addresses. The logger applies these by field name, so every line that logs a `url`,
 * `para`, `correo` or `email` is masked, whoever writes it.
 */

const MASK = '***';

/**
 * Path segments that are secrets: whatever follows `recuperar/`, `baja/` or `seguimiento/` (a
 * repair ticket's tracking token, in the links mailed before it moved to the fragment), except the
 * route name `seguimiento/cotizacion`.
 */
const SECRET_SEGMENT = /(\/(?:recuperar|baja|seguimiento)\/)(?!cotizacion(?:[/?#]|$))[^/?#]+/gi;

/** Query parameters whose value is a secret or a person's address. */
const SECRET_PARAM = /token|^t$|acceso|codigo|code|clave|pass|secret|^(?:email|correo|para)$/i;

/** An address in a query value, as typed or escaped (`%40`); a malformed escape is looked at as is. */
const ADDRESS = /@|%40/i;

function maskParam(pair: string): string {
  const at = pair.indexOf('=');
  if (at < 0) return pair;
  const name = pair.slice(0, at);
  return SECRET_PARAM.test(name) || ADDRESS.test(pair.slice(at + 1)) ? `${name}=${MASK}` : pair;
}

function maskUrlOnce(url: string): string {
  const at = url.indexOf('?');
  const path = (at < 0 ? url : url.slice(0, at)).replace(SECRET_SEGMENT, `$1${MASK}`);
  if (at < 0) return path;
  return `${path}?${url
    .slice(at + 1)
    .split('&')
    .map(maskParam)
    .join('&')}`;
}

/**
 * The URLs last masked, with what they became: a shop's requests repeat a few hundred URLs (the
 * catalogue's lists), and every request logs its own. Up to MASKED_MAX URLs of MASKED_LENGTH
 * characters at most (a longer one is masked each time); emptied when full.
 */
const masked = new Map<string, string>();
const MASKED_MAX = 1_000;
const MASKED_LENGTH = 300;

/** A request URL fit for the log: tokens in the path and secret query values replaced by ***. */
export function maskUrl(url: string): string {
  if (url.length > MASKED_LENGTH) return maskUrlOnce(url);
  let out = masked.get(url);
  if (out === undefined) {
    out = maskUrlOnce(url);
    if (masked.size >= MASKED_MAX) masked.clear();
    masked.set(url, out);
  }
  return out;
}

/** `ana.diaz@gmail.com` → `a***@gmail.com`: the domain is enough to reason about delivery. */
export function maskEmail(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(maskEmail);
  if (typeof value !== 'string' || !value.includes('@')) return value;
  const at = value.lastIndexOf('@');
  return `${value.slice(0, 1)}${MASK}${value.slice(at)}`;
}

/**
 * An error fit for the log. A failed query's error (drizzle's) carries the query's parameters in its
 * message, its stack and a `params` field, and PostgreSQL's `detail` quotes the values of a row:
 * names, e-mails, RUNs. The log keeps the SQL, the codes and the stack, never the values.
 */
export function maskError(err: Error, depth = 0): LoggedError {
  // pino hands over whatever was logged under `err`; only an Error has values to hide.
  if (!(err instanceof Error)) return err as unknown as LoggedError;
  const fields = err as Error & Record<string, unknown>;
  const message = err.message.replace(/\nparams: [\s\S]*$/, `\nparams: ${MASK}`);
  const out: LoggedError = {
    type: err.constructor?.name ?? 'Error',
    message,
    stack: (err.stack ?? '').replace(err.message, message),
  };
  for (const key of ['code', 'statusCode', 'severity', 'routine', 'table', 'column', 'query']) {
    if (fields[key] !== undefined) out[key] = fields[key];
  }
  if (fields.detail !== undefined) out.detail = MASK;
  const { cause } = err;
  if (cause !== undefined) {
    out.cause = cause instanceof Error && depth < 5 ? maskError(cause, depth + 1) : String(cause);
  }
  return out;
}

interface LoggedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

interface LoggedRequest {
  method?: string;
  url?: string;
  socket?: { remoteAddress?: string };
}

/** pino serializers: by field name, for every line of every logger of the app. */
export const maskingSerializers = {
  url: (url: unknown) => (typeof url === 'string' ? maskUrl(url) : url),
  para: maskEmail,
  correo: maskEmail,
  email: maskEmail,
  err: maskError,
  req: (req: LoggedRequest) => ({
    method: req.method,
    url: req.url === undefined ? undefined : maskUrl(req.url),
    remoteAddress: req.socket?.remoteAddress,
  }),
};
