import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { JobQueue } from './job-queue';

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobQueue;
  }
}

/**
 * The durable job queue (decision 028). Modules define their queues while they are registered;
 * the queue starts once the app is ready and stops first when it closes (preClose): a job still
 * running gets SHUTDOWN_DRAIN_MS to finish, then goes back to the queue.
 */
async function jobs(app: FastifyInstance) {
  const queue = new JobQueue({
    database: app.database,
    log: app.log.child({ modulo: 'trabajos' }),
    pollSeconds: app.config.jobs.pollSeconds,
  });
  app.decorate('jobs', queue);
  // The first attempt, before the server listens (a failed one is retried in the background): a
  // request's transaction must never wait for the queues to exist.
  app.addHook('onReady', () => queue.start());
  app.addHook('preClose', () => queue.stop(app.config.shutdown.drainMs));
}

export default fp(jobs, { name: 'jobs', dependencies: ['core'] });
