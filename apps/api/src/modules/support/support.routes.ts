import {
  buildDomainSchemas,
  errorResponseSchema,
  isHoneypotFilled,
  LIST_LIMIT_DEFAULT,
  listaQuerySchema,
  messageResponseSchema,
  resolvePage,
  solicitudSoporteSchema,
  type Equipo,
  type Prioridad,
} from '@nexbyte/shared';
import { count, desc } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { solicitudesSoporte } from '../../db/schema';
import { PAGE_HEADERS_DESCRIPTION, sendPageHeaders } from '../paging';
import { adminOnly } from '../params';

export const SUPPORT_RECEIVED = 'Solicitud enviada. Te contactaremos con una cotización estimada.';

const supportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { soporte } = buildDomainSchemas(app.config.allowedEmailDomains);
  const tags = ['soporte'];

  app.post(
    '/soporte',
    {
      config: { rateLimit: { max: app.config.rateLimit.formsMax, timeWindow: '1 minute' } },
      schema: {
        tags,
        description:
          'Un campo `empresa` no vacío (honeypot) recibe la misma respuesta y no se guarda nada.',
        body: soporte,
        response: { 201: messageResponseSchema, 400: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const { empresa, ...solicitud } = request.body;
      if (isHoneypotFilled(empresa)) {
        request.log.info('solicitud de soporte descartada por el honeypot');
      } else {
        const values = {
          ...solicitud,
          telefonoCliente: solicitud.telefonoCliente ?? null,
          direccion: solicitud.direccion ?? null,
        };
        const [row] = await app.db
          .insert(solicitudesSoporte)
          .values(values)
          .returning({ id: solicitudesSoporte.id });
        // After the insert has committed: the shop's inbox hears of it (notifications module).
        app.events.publish([{ name: 'soporte.creado', data: { id: row!.id, ...values } }]);
      }
      return reply.status(201).send({ message: SUPPORT_RECEIVED });
    },
  );

  app.get(
    '/soporte',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        security: adminOnly,
        description: `De la más nueva a la más antigua, ${LIST_LIMIT_DEFAULT} por página sin \`limite\`. ${PAGE_HEADERS_DESCRIPTION}`,
        querystring: listaQuerySchema,
        response: {
          200: z.array(solicitudSoporteSchema),
          401: errorResponseSchema,
          403: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const { pagina, limite, offset } = resolvePage(request.query);
      const [rows, [counted]] = await Promise.all([
        app.db
          .select()
          .from(solicitudesSoporte)
          .orderBy(desc(solicitudesSoporte.fechaCreacion), desc(solicitudesSoporte.id))
          .limit(limite)
          .offset(offset),
        app.db.select({ total: count() }).from(solicitudesSoporte),
      ]);
      sendPageHeaders(request, reply, { pagina, limite, total: counted?.total ?? 0 });
      return rows.map((r) => ({
        ...r,
        equipo: r.equipo as Equipo,
        prioridad: r.prioridad as Prioridad,
        fechaCreacion: r.fechaCreacion.toISOString(),
      }));
    },
  );
};

export default supportRoutes;
