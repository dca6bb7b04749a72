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
  /** The job queue: jobs due or running, and how long the oldest due one has waited (null: none). */
  cola: z
    .object({ pendientes: z.number().int(), antiguedadSegundos: z.number().int().nullable() })
    .nullable(),
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
          'Estado del servidor y de sus dependencias. 200 mientras la base de datos responde `select 1` en menos de 1 s y su disco tiene espacio (Redis caído sigue siendo 200); 503 si no: `db: caido`, o `almacenamiento: lleno` mientras la tienda no puede guardar pedidos. `cola`: los trabajos en espera o en curso (correos, barridos) y la antigüedad en segundos del más viejo que ya debía correr; null si no se pudo leer.',
        response: { 200: saludSchema, 503: saludSchema },
      },
    },
    async (_request, reply) => {
      const redis = app.redis;
      let cola: { pendientes: number; antiguedadSegundos: number | null } | null = null;
      const [dbOk, redisOk, storageFull] = await Promise.all([
        within(app.db.execute(sql`select 1`).then(), DB_CHECK_MS),
        redis && redis.status === 'ready'
          ? within(redis.ping(), REDIS_CHECK_MS)
          : Promise.resolve(false),
        app.storage.check(),
        within(
          app.jobs.depth().then((depth) => {
            cola = depth;
          }),
          DB_CHECK_MS,
        ),
      ]);
      const ok = dbOk && !storageFull;
      reply.header('cache-control', 'no-store');
      return reply.status(ok ? 200 : 503).send({
        estado: ok ? 'ok' : 'degradado',
        db: dbOk ? 'ok' : 'caido',
        almacenamiento: storageFull ? 'lleno' : 'ok',
        redis: redis ? (redisOk ? 'ok' : 'caido') : 'no_configurado',
        cola,
      });
    },
  );
}

export default fp(health, { name: 'health', dependencies: ['core', 'storage', 'jobs'] });
