import { errorResponseSchema } from '@nexbyte/shared';
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isLoopback } from '../../client-key';
import { correos } from './mail.schema';
import { notFound } from '../../http-errors';

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
 * Registered only with DEV_OUTBOX_API=1, which the configuration refuses in production and on a
 * HOST other than loopback. Those e-mails open accounts (a recovery link sets a password), so even
 * then only this machine is answered: the socket's address, which X-Forwarded-For cannot change.
 */
const devOutboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.log.warn(
    'DEV_OUTBOX_API está activo: GET /api/dev/correos muestra los correos guardados (con sus enlaces) a quien se conecte desde esta máquina.',
  );
  app.addHook('onRequest', async (request) => {
    if (!isLoopback(request.raw.socket.remoteAddress)) throw notFound();
  });
  app.get(
    '/dev/correos',
    {
      schema: {
        tags: ['desarrollo'],
        description:
          'Solo en desarrollo (DEV_OUTBOX_API=1): los últimos correos entregados a la bandeja de salida (sin SMTP_URL), del más nuevo al más antiguo.',
        querystring: z.object({ para: z.string().trim().toLowerCase().max(320).optional() }),
        response: { 200: z.array(correoSchema), 400: errorResponseSchema },
      },
    },
    async (request) => {
      const { para } = request.query;
      const rows = await app.db
        .select()
        .from(correos)
        .where(
          and(
            eq(correos.estado, 'enviado'),
            isNotNull(correos.texto),
            para ? eq(correos.para, para) : undefined,
          ),
        )
        .orderBy(desc(correos.createdAt), desc(correos.id))
        .limit(OUTBOX_PAGE);
      return rows.map((r) => ({
        id: r.id,
        para: r.para ?? '',
        asunto: r.asunto ?? '',
        texto: r.texto ?? '',
        createdAt: r.createdAt.toISOString(),
      }));
    },
  );
};

export default devOutboxRoutes;
