import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError, MESSAGES } from '../http-errors';

const hasNullByte = (value: unknown, depth = 0): boolean => {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 20 || value === null || typeof value !== 'object') return false;
  return Object.entries(value).some(([k, v]) => k.includes('\u0000') || hasNullByte(v, depth + 1));
};

async function security(app: FastifyInstance) {
  const production = app.config.env === 'production';
  await app.register(helmet, {
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
        formAction: ["'self'"],
        ...(production ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // HSTS only where the shop is served over HTTPS, which production is.
    strictTransportSecurity: production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(compress, { encodings: ['br', 'gzip'], threshold: 1024 });

  // PostgreSQL text cannot hold NUL: refuse it up front instead of failing in the database.
  app.addHook('preValidation', async (request) => {
    if (hasNullByte(request.body) || hasNullByte(request.query) || hasNullByte(request.params)) {
      throw new HttpError(400, MESSAGES.nullByte);
    }
  });
}

export default fp(security, { name: 'security', dependencies: ['core'] });
