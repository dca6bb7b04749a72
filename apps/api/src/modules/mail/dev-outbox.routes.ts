import { errorResponseSchema } from '@nexbyte/shared';
import { desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { correos } from '../../db/schema';

const OUTBOX_PAGE = 50;

const correoSchema = z.object({
  id: z.number().int(),
  para: z.string(),
  asunto: z.string(),
  texto: z.string(),
  createdAt: z.string(),
});

/**
 * GET /api/dev/correos: the latest e-mails of the outbox, so browser tests can follow a link.
 * Registered only with DEV_OUTBOX_API=1, which the configuration refuses in production.
 */
const devOutboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/dev/correos',
    {
      schema: {
        tags: ['desarrollo'],
        description:
          'Solo en desarrollo (DEV_OUTBOX_API=1): los últimos correos guardados sin enviar, del más nuevo al más antiguo.',
        querystring: z.object({ para: z.string().trim().toLowerCase().max(320).optional() }),
        response: { 200: z.array(correoSchema), 400: errorResponseSchema },
      },
    },
    async (request) => {
      const { para } = request.query;
      const rows = await app.db
        .select()
        .from(correos)
        .where(para ? eq(correos.para, para) : undefined)
        .orderBy(desc(correos.createdAt), desc(correos.id))
        .limit(OUTBOX_PAGE);
      return rows.map((r) => ({
        id: r.id,
        para: r.para,
        asunto: r.asunto,
        texto: r.texto,
        createdAt: r.createdAt.toISOString(),
      }));
    },
  );
};

export default devOutboxRoutes;
