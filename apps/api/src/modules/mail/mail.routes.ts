import {
  CORREO_MESSAGES,
  correoEnvioSchema,
  errorResponseSchema,
  LIST_LIMIT_DEFAULT,
  listaCorreosQuerySchema,
  messageResponseSchema,
  resolvePage,
  type CorreoEnvio,
  type EstadoCorreo,
} from '@nexbyte/shared';
import { count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { conflict, notFound } from '../../http-errors';
import { PAGE_HEADERS_DESCRIPTION, sendPageHeaders } from '../paging';
import { adminOnly, idParams } from '../params';
import { correos } from './mail.schema';
import { MAIL_QUEUES } from './mailer';

/** The states the owner sees: an attempt in progress is still waiting. */
const STORED_STATES: Record<EstadoCorreo, string[]> = {
  pendiente: ['pendiente', 'enviando'],
  enviado: ['enviado'],
  fallido: ['fallido'],
};

const shownState = (estado: string): EstadoCorreo =>
  estado === 'enviando' ? 'pendiente' : (estado as EstadoCorreo);

/** When the e-mail's job is due next (pg-boss keeps it; the queue's name finds it by its key). */
const nextAttempt: SQL<Date | null> = sql`(
  select j.start_after from pgboss.job j
   where j.name in (${sql.join(
     Object.keys(MAIL_QUEUES).map((q) => sql`${q}`),
     sql`, `,
   )}) and j.id = ${correos.trabajoId} and j.state in ('created', 'retry')
)`;

/** The owner's view of the shop's e-mails (ADMIN): never a body, a token or what composes it. */
const mailRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['correos'];

  app.get(
    '/correos',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        security: adminOnly,
        description: `ADMIN. Los correos de la tienda, del más nuevo al más antiguo (${LIST_LIMIT_DEFAULT} por página sin \`limite\`), con \`estado\` opcional: pendiente (esperando o reintentando), enviado o fallido. Destinatario, asunto, intentos y último error; nunca el cuerpo. ${PAGE_HEADERS_DESCRIPTION}`,
        querystring: listaCorreosQuerySchema,
        response: {
          200: z.array(correoEnvioSchema),
          401: errorResponseSchema,
          403: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const { pagina, limite, offset } = resolvePage(request.query);
      const where = request.query.estado
        ? inArray(correos.estado, STORED_STATES[request.query.estado])
        : undefined;
      const [rows, [counted]] = await Promise.all([
        app.db
          .select({
            id: correos.id,
            tipo: correos.tipo,
            para: correos.para,
            asunto: correos.asunto,
            estado: correos.estado,
            intentos: correos.intentos,
            ultimoError: correos.ultimoError,
            createdAt: correos.createdAt,
            sentAt: correos.sentAt,
            proximo: nextAttempt,
          })
          .from(correos)
          .where(where)
          .orderBy(desc(correos.id))
          .limit(limite)
          .offset(offset),
        app.db.select({ total: count() }).from(correos).where(where),
      ]);
      sendPageHeaders(request, reply, { pagina, limite, total: counted?.total ?? 0 });
      return rows.map((r): CorreoEnvio => ({
        id: r.id,
        tipo: r.tipo,
        para: r.para,
        asunto: r.asunto,
        estado: shownState(r.estado),
        intentos: r.intentos,
        ultimoError: r.ultimoError,
        creadoAt: r.createdAt.toISOString(),
        enviadoAt: r.sentAt?.toISOString() ?? null,
        proximoIntentoAt:
          shownState(r.estado) === 'pendiente' && r.proximo
            ? new Date(r.proximo).toISOString()
            : null,
      }));
    },
  );

  app.post(
    '/correos/:id/reintentar',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        security: adminOnly,
        description:
          'ADMIN. Vuelve a enviar un correo fallido: queda en espera con un trabajo nuevo y sus intentos desde cero. 409 si no está fallido.',
        params: idParams,
        response: {
          202: messageResponseSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
          404: errorResponseSchema,
          409: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      if (await app.mailer.retry(id)) {
        return reply.status(202).send({ message: CORREO_MESSAGES.retried });
      }
      const [row] = await app.db.select({ id: correos.id }).from(correos).where(eq(correos.id, id));
      throw row ? conflict(CORREO_MESSAGES.notFailed) : notFound(CORREO_MESSAGES.notFound);
    },
  );
};

export default mailRoutes;
