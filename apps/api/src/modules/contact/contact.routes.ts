import {
  buildDomainSchemas,
  contactoSchema,
  errorResponseSchema,
  isHoneypotFilled,
  LIST_LIMIT_DEFAULT,
  listaQuerySchema,
  messageResponseSchema,
  resolvePage,
} from '@nexbyte/shared';
import { count, desc } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contactos } from './contact.schema';
import { PAGE_HEADERS_DESCRIPTION, sendPageHeaders } from '../paging';
import { adminOnly } from '../params';

export const CONTACT_RECEIVED = 'Mensaje enviado. ¡Gracias! Te responderemos a la brevedad.';

const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  const { contacto } = buildDomainSchemas(app.config.allowedEmailDomains);
  const tags = ['contacto'];
  // Messages sent at once are saved together, each with its e-mail, in one statement.
  const saveMessage = app.events.inserter(
    app.db,
    'contacto.creado',
    (rows: readonly { nombre: string; email: string; mensaje: string }[]) =>
      app.db
        .insert(contactos)
        .values([...rows])
        .returning({
          id: contactos.id,
          nombre: contactos.nombre,
          email: contactos.email,
          mensaje: contactos.mensaje,
        })
        .getSQL(),
    // Waiting for a stuck group counts as waiting for a connection: bounded the same, then a 503.
    { maxWaitMs: app.config.pool.connectTimeoutMs },
  );

  app.post(
    '/contactos',
    {
      config: { rateLimit: { max: app.config.rateLimit.formsMax, timeWindow: '1 minute' } },
      schema: {
        tags,
        description:
          'Un campo `empresa` no vacío (honeypot) recibe la misma respuesta y no se guarda nada.',
        body: contacto,
        response: { 201: messageResponseSchema, 400: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const { empresa, ...message } = request.body;
      if (isHoneypotFilled(empresa)) {
        request.log.info('mensaje de contacto descartado por el honeypot');
      } else {
        // The message and the shop's e-mail about it (notifications module) commit together.
        await saveMessage(message);
      }
      return reply.status(201).send({ message: CONTACT_RECEIVED });
    },
  );

  app.get(
    '/contactos',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        security: adminOnly,
        description: `Del más nuevo al más antiguo, ${LIST_LIMIT_DEFAULT} por página sin \`limite\`. ${PAGE_HEADERS_DESCRIPTION}`,
        querystring: listaQuerySchema,
        response: {
          200: z.array(contactoSchema),
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
          .from(contactos)
          .orderBy(desc(contactos.fechaEnvio), desc(contactos.id))
          .limit(limite)
          .offset(offset),
        app.db.select({ total: count() }).from(contactos),
      ]);
      sendPageHeaders(request, reply, { pagina, limite, total: counted?.total ?? 0 });
      return rows.map((r) => ({ ...r, fechaEnvio: r.fechaEnvio.toISOString() }));
    },
  );
};

export default contactRoutes;
