import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { LoginLimiter } from '../modules/auth/login-limiter';
import { RecoveryLimiter } from '../modules/auth/recovery-limiter';

declare module 'fastify' {
  interface FastifyInstance {
    loginLimiter: LoginLimiter;
    recoveryLimiter: RecoveryLimiter;
  }
}

/** The counters of failed logins and recovery requests, shared through Redis when it is set. */
async function limiters(app: FastifyInstance) {
  const { config, redis } = app;
  app.decorate('loginLimiter', new LoginLimiter(config.loginLimits, redis, config.redisPrefix));
  app.decorate(
    'recoveryLimiter',
    new RecoveryLimiter(config.recoveryLimits, redis, config.redisPrefix),
  );
}

export default fp(limiters, { name: 'limiters', dependencies: ['core'] });
