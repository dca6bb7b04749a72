import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

const DB_CHECK_MS = 1_000;
const REDIS_CHECK_MS = 500;

const saludSchema = z.object({
  estado: z.enum(['ok', 'degradado']),
  db: z.enum(['ok', 'caido']),
  /** 'lleno': the database's disk is full, so orders cannot be saved (reads still work). */
  almacenamiento: z.enum(['ok', 'lleno']),
  redis: z.enum(['ok', 'caido', 'no_configurado']),
});

/** Resolves to whether `work` settled well within `ms`; never rejects. */
async function within(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([work.then(() => true), late]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * GET /api/salud for supervisors and load balancers: which dependency is down. The database is
 * required (503 without it); Redis only speeds things up, so its loss alone keeps 200. Not rate
 * limited and not turned away under pressure, so a check always gets an answer.
 */
async function health(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/salud',
    {
      config: { pressureHandler: () => undefined },
      schema: {
        tags: ['salud'],
        description:
          'Estado del servidor y de sus dependencias. 200 mientras la base de datos responde `select 1` en menos de 1 s y su disco tiene espacio (Redis caído sigue siendo 200); 503 si no: `db: caido`, o `almacenamiento: lleno` mientras la tienda no puede guardar pedidos.',
        response: { 200: saludSchema, 503: saludSchema },
      },
    },
    async (_request, reply) => {
      const redis = app.redis;
      const [dbOk, redisOk, storageFull] = await Promise.all([
        within(app.db.execute(sql`select 1`).then(), DB_CHECK_MS),
        redis && redis.status === 'ready'
          ? within(redis.ping(), REDIS_CHECK_MS)
          : Promise.resolve(false),
        app.storage.check(),
      ]);
      const ok = dbOk && !storageFull;
      reply.header('cache-control', 'no-store');
      return reply.status(ok ? 200 : 503).send({
        estado: ok ? 'ok' : 'degradado',
        db: dbOk ? 'ok' : 'caido',
        almacenamiento: storageFull ? 'lleno' : 'ok',
        redis: redis ? (redisOk ? 'ok' : 'caido') : 'no_configurado',
      });
    },
  );
}

export default fp(health, { name: 'health', dependencies: ['core', 'storage'] });
