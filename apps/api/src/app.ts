import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import fp from 'fastify-plugin';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import { z } from 'zod';
import type { AppConfig } from './config';
import type { Database, Db } from './db/client';
import { MESSAGES } from './http-errors';
import accountRoutes from './modules/account/account.routes';
import { LoginLimiter } from './modules/auth/login-limiter';
import authRoutes from './modules/auth/auth.routes';
import recoveryRoutes from './modules/auth/recovery.routes';
import categoryRoutes from './modules/categories/categories.routes';
import contactRoutes from './modules/contact/contact.routes';
import devOutboxRoutes from './modules/mail/dev-outbox.routes';
import mailer from './modules/mail/mail.plugin';
import newsletterRoutes from './modules/newsletter/newsletter.routes';
import ordersExpiry from './modules/orders/orders-expiry.plugin';
import orderRoutes from './modules/orders/orders.routes';
import productRoutes from './modules/products/products.routes';
import supportRoutes from './modules/support/support.routes';
import userRoutes from './modules/users/users.routes';
import auth from './plugins/auth';
import docs from './plugins/docs';
import errors from './plugins/errors';
import security from './plugins/security';
import web from './plugins/web';

// Messages the schemas do not name themselves (a body that is not an object, say) still reach
// people in Spanish.
z.config(z.locales.es());

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    db: Db;
    database: Database;
    redis: Redis | null;
    loginLimiter: LoginLimiter;
  }
}

export interface BuildAppOptions {
  config: AppConfig;
  database: Database;
  logger?: FastifyServerOptions['logger'];
}

export function loggerOptions(config: AppConfig) {
  return {
    level: config.logLevel,
    // Tokens and passwords never reach the logs; request bodies are not logged at all.
    redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
  };
}

export async function buildApp({ config, database, logger = false }: BuildAppOptions) {
  const app = Fastify({
    logger,
    bodyLimit: config.bodyLimit,
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();
  // The API speaks JSON only: a text body is a 415, not a string for the validators to puzzle over.
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const redis = config.redisUrl
    ? new Redis(config.redisUrl, { maxRetriesPerRequest: 2, enableOfflineQueue: true })
    : null;
  redis?.on('error', (err) => app.log.error({ err: err.message }, 'error de conexión con Redis'));

  await app.register(
    fp(
      async (instance: FastifyInstance) => {
        instance.decorate('config', config);
        instance.decorate('database', database);
        instance.decorate('db', database.db);
        instance.decorate('redis', redis);
        instance.decorate(
          'loginLimiter',
          new LoginLimiter(config.loginLimits, redis, config.redisPrefix),
        );
        instance.addHook('onClose', async () => {
          await database.close();
          await redis?.quit();
        });
      },
      { name: 'core' },
    ),
  );
  await app.register(errors);
  await app.register(security);
  await app.register(auth);
  await app.register(mailer);
  await app.register(ordersExpiry);
  await app.register(docs);

  await app.register(
    async (api) => {
      await api.register(rateLimit, {
        max: config.rateLimit.max,
        timeWindow: '1 minute',
        ...(redis ? { redis, nameSpace: `${config.redisPrefix}:rate-limit:` } : {}),
        errorResponseBuilder: (_req, context) => ({
          statusCode: context.statusCode,
          message: MESSAGES.tooManyRequests,
        }),
      });
      await api.register(authRoutes);
      await api.register(productRoutes);
      await api.register(categoryRoutes);
      await api.register(userRoutes);
      await api.register(contactRoutes);
      await api.register(supportRoutes);
      await api.register(orderRoutes);
      await api.register(recoveryRoutes);
      await api.register(accountRoutes);
      await api.register(newsletterRoutes);
      // Only for browser tests; the configuration refuses it in production.
      if (config.devOutboxApi) await api.register(devOutboxRoutes);
    },
    { prefix: '/api' },
  );

  await app.register(web);
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
