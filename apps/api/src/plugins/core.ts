import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import type { AppConfig } from '../config';
import type { Database, Db } from '../db/client';
import { closeRedis, connectRedis, redisReady } from '../redis';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    db: Db;
    database: Database;
    redis: Redis | null;
  }
}

export interface CoreOptions {
  config: AppConfig;
  database: Database;
}

/** What every other plugin stands on: the configuration, the database and Redis (when set). */
async function core(app: FastifyInstance, { config, database }: CoreOptions) {
  const redis = config.redis ? connectRedis(config.redis, app.log) : null;
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.decorate('redis', redis);
  if (redis && config.redis) await redisReady(redis, config.redis.connectTimeoutMs);
  // Registered first, so these close last, after everything that uses them.
  app.addHook('onClose', async () => {
    await database.close();
    if (redis) await closeRedis(redis);
  });
}

export default fp(core, { name: 'core' });
