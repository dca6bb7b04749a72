import fastifyCors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Said to a preflight from an origin not in CORS_ORIGINS. */
export const CORS_REFUSED = 'Este sitio no puede llamar a la API de la tienda.';

/** How long a browser may reuse a preflight's answer. */
const PREFLIGHT_MAX_AGE_SECONDS = 600;

/**
 * Lets the pages of the sites in CORS_ORIGINS (a storefront or an app on another host) call the
 * API, preflight included; any other origin gets no CORS headers, so its browser refuses the
 * answer. Sessions travel in the Authorization header, never in cookies: no credentials mode.
 */
async function cors(app: FastifyInstance) {
  const allowed = new Set(app.config.corsOrigins);
  // A preflight from any other origin is refused as such (403, no allow headers, so its browser
  // stops there), not answered as an unknown route: the route exists, the origin may not call it.
  app.addHook('onRequest', async (request, reply) => {
    const { origin } = request.headers;
    const preflight =
      request.method === 'OPTIONS' &&
      origin !== undefined &&
      request.headers['access-control-request-method'] !== undefined;
    if (!preflight || allowed.has(origin)) return;
    return reply
      .status(403)
      .header('vary', 'origin')
      .header('cache-control', 'no-store')
      .send({ message: CORS_REFUSED });
  });
  if (allowed.size === 0) return;
  await app.register(fastifyCors, {
    origin: (origin, callback) => callback(null, origin !== undefined && allowed.has(origin)),
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    // pedido-acceso: the guest's order token (decision 013).
    allowedHeaders: ['authorization', 'content-type', 'idempotency-key', 'pedido-acceso'],
    // Paging (catalogue and admin lists) and when to try again.
    exposedHeaders: ['x-total-count', 'link', 'retry-after'],
    maxAge: PREFLIGHT_MAX_AGE_SECONDS,
  });
}

export default fp(cors, { name: 'cors', dependencies: ['core'] });
