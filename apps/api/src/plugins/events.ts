import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { EventBus } from '../events';

declare module 'fastify' {
  interface FastifyInstance {
    events: EventBus;
  }
}

/** The shop's event bus; modules subscribe when they are registered. */
async function events(app: FastifyInstance) {
  app.decorate('events', new EventBus());
}

export default fp(events, { name: 'events' });
