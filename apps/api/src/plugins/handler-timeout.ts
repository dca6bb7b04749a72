import { errorCodes, type FastifyInstance, type FastifyReply } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** This route's own handler time-out, instead of HANDLER_TIMEOUT_MS (a long CSV import). */
    handlerTimeoutMs?: number;
  }
}

export interface HandlerTimeoutOptions {
  /** HANDLER_TIMEOUT_MS: a request not answered within it gets 503 (plugins/errors.ts). */
  timeoutMs: number;
  /** How often requests in flight are looked at; a time-out fires up to this late. */
  sweepMs?: number;
}

/**
 * The handler time-out (decision 039): a request whose handler has not answered within
 * HANDLER_TIMEOUT_MS (or its route's `config.handlerTimeoutMs`) is answered 503 with Retry-After,
 * so a database that hangs never leaves a buyer waiting for ever; the handler itself runs on and
 * its late answer is dropped. Fastify's own `handlerTimeout` cancels its timer when the request's
 * body has been read, so it never fired for a POST, and costs every request an AbortController.
 * Here the requests in flight are a map looked at every `sweepMs`.
 */
async function handlerTimeout(app: FastifyInstance, options: HandlerTimeoutOptions) {
  const { timeoutMs } = options;
  const sweepMs = options.sweepMs ?? Math.min(1_000, Math.max(10, Math.floor(timeoutMs / 4)));
  const boundOf = (reply: FastifyReply) =>
    reply.request.routeOptions.config.handlerTimeoutMs ?? timeoutMs;
  /** Each request in flight with its deadline (performance.now()). */
  const inFlight = new Map<FastifyReply, number>();

  app.addHook('onRequest', (_request, reply, done) => {
    const ms = boundOf(reply);
    if (ms > 0) inFlight.set(reply, performance.now() + ms);
    done();
  });
  app.addHook('onResponse', (_request, reply, done) => {
    inFlight.delete(reply);
    done();
  });

  const sweep = () => {
    const now = performance.now();
    for (const [reply, deadline] of inFlight) {
      // Answered, taken over by its handler, or its client gone: nothing left to time out.
      if (reply.sent || reply.raw.destroyed) {
        inFlight.delete(reply);
        continue;
      }
      if (now < deadline) continue;
      inFlight.delete(reply);
      const err = new errorCodes.FST_ERR_HANDLER_TIMEOUT(boundOf(reply), reply.request.url);
      // An answer already on its way cannot become a 503: it is cut instead.
      if (reply.raw.headersSent) reply.raw.destroy(err);
      else reply.send(err);
    }
  };
  const timer = setInterval(sweep, sweepMs);
  timer.unref();
  app.addHook('onClose', (_app, done) => {
    clearInterval(timer);
    done();
  });
}

export default fp(handlerTimeout, { name: 'handler-timeout' });
