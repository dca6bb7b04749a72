import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError, MESSAGES } from '../http-errors';

/** Half of a UTF-16 surrogate pair without its other half: no character at all. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Text PostgreSQL cannot store: a NUL byte, or (in JSON columns) a lone surrogate. */
const unstorable = (text: string) => text.includes('\u0000') || LONE_SURROGATE.test(text);

const hasUnstorableText = (value: unknown, depth = 0): boolean => {
  if (typeof value === 'string') return unstorable(value);
  if (depth > 20 || value === null || typeof value !== 'object') return false;
  // An upload's bytes (a CSV, a photo) are the route's to read: walking them as an object's
  // entries would build one entry per byte, seconds of work and a gigabyte for a 10 MB file.
  if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer) return false;
  return Object.entries(value).some(([k, v]) => unstorable(k) || hasUnstorableText(v, depth + 1));
};

/**
 * Browser features the shop never uses, off for the page and anything it loads; payment stays
 * with the shop's own origin for a payment request later.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=(self)',
  'usb=()',
].join(', ');

/** Shared with the catalogue cache, which keeps its answers already compressed the same way. */
export const COMPRESSION = { encodings: ['br', 'gzip'], threshold: 1024 } as const;

async function security(app: FastifyInstance) {
  const production = app.config.env === 'production';
  // The checkout posts the buyer to Webpay's payment form, on the host its API runs on.
  const webpay = app.config.payments.webpay;
  const paymentForms = webpay ? [new URL(webpay.apiUrl).origin] : [];
  await app.register(helmet, {
    global: false,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'", ...paymentForms],
        ...(production ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // HSTS only where the shop is served over HTTPS, which production is.
    strictTransportSecurity: production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
  // @fastify/helmet would build helmet's middleware again for every request, the largest cost of
  // a cached catalogue answer. The headers depend only on the options above: the first request's
  // are kept and set on every later one.
  let securityHeaders: [string, string | number | string[]][] | null = null;
  app.addHook('onRequest', (_request, reply, done) => {
    if (securityHeaders) {
      for (const [name, value] of securityHeaders) reply.raw.setHeader(name, value);
    } else {
      const before = new Set(reply.raw.getHeaderNames());
      reply.helmet();
      reply.raw.setHeader('permissions-policy', PERMISSIONS_POLICY);
      securityHeaders = reply.raw
        .getHeaderNames()
        .filter((name) => !before.has(name))
        .map((name) => [name, reply.raw.getHeader(name)!]);
    }
    done();
  });
  await app.register(compress, {
    encodings: [...COMPRESSION.encodings],
    threshold: COMPRESSION.threshold,
  });

  // API answers carry accounts, orders, messages and tokens: no cache keeps them unless the route
  // says otherwise (the catalogue sets its own public caching). Refusals carry none of that.
  app.addHook('onSend', async (request, reply, payload) => {
    const answered = reply.statusCode < 400;
    if (answered && request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
    return payload;
  });

  // PostgreSQL text cannot hold NUL, nor its JSON a lone surrogate: refuse them up front
  // instead of failing in the database (a contact message's e-mail keeps its data as JSON).
  app.addHook('preValidation', async (request) => {
    if (
      hasUnstorableText(request.body) ||
      hasUnstorableText(request.query) ||
      hasUnstorableText(request.params)
    ) {
      throw new HttpError(400, MESSAGES.nullByte);
    }
  });
}

export default fp(security, { name: 'security', dependencies: ['core'] });
