import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { MESSAGES, RETRY_AFTER_SECONDS } from '../http-errors';

/**
 * While the server closes, requests that still arrive on open keep-alive sockets are answered
 * with our 503 (Fastify's own would be English) and every answer asks the client to close the
 * socket, so the drain ends as soon as the requests in flight do.
 */
async function shutdown(app: FastifyInstance) {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async (_request, reply) => {
    if (!closing) return;
    return reply
      .status(503)
      .header('connection', 'close')
      .header('retry-after', String(RETRY_AFTER_SECONDS))
      .send({ message: MESSAGES.unavailable });
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });
}

export default fp(shutdown, { name: 'shutdown' });
