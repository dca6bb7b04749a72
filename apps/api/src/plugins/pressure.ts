import underPressure from '@fastify/under-pressure';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { MESSAGES, RETRY_AFTER_SECONDS } from '../http-errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** under-pressure's per-route handler; GET /api/salud uses it to stay reachable. */
    pressureHandler?: () => undefined;
  }
}

const LOG_EVERY_MS = 10_000;

/**
 * The web app's built code and styles (content-hashed, served from disk). A page already served
 * asks for them at once, and until its script runs its buttons take no presses (decision 024):
 * refusing them would leave the shopper a page that never comes alive, for a request that costs
 * the loop almost nothing. Only files the build has (each is a route of its own); any other
 * address under the folder is turned away like the rest.
 */
const PAGE_ASSETS = '/assets/';

/**
 * When the event loop is saturated (a blocking query on the embedded database, a flood of
 * requests on two cores), new requests are turned away at once with 503 and Retry-After instead of
 * queueing behind it and timing out. One warning every 10 s at most, not one per request. The
 * files a served page needs to come alive are still served.
 */
async function pressure(app: FastifyInstance) {
  const maxEventLoopDelay = app.config.pressure.maxEventLoopDelayMs;
  if (maxEventLoopDelay === 0) return;
  let lastLogged = 0;
  await app.register(underPressure, {
    maxEventLoopDelay,
    // under-pressure sends what the handler returns; its type says void.
    pressureHandler: ((
      request: FastifyRequest,
      reply: FastifyReply,
      type: string,
      value: number | undefined,
    ) => {
      if (request.routeOptions.url?.startsWith(PAGE_ASSETS)) return undefined;
      const now = Date.now();
      if (now - lastLogged > LOG_EVERY_MS) {
        lastLogged = now;
        request.log.warn({ type, value }, 'servidor sobrecargado: se rechazan solicitudes con 503');
      }
      reply.status(503).header('retry-after', String(RETRY_AFTER_SECONDS));
      return { message: MESSAGES.overloaded };
    }) as unknown as () => void,
  });
}

export default fp(pressure, { name: 'pressure', dependencies: ['core'] });
