import {
  bajaNewsletterSchema,
  errorResponseSchema,
  messageResponseSchema,
  NEWSLETTER_MESSAGES,
  newsletterResumenSchema,
  newsletterSchema,
} from '@nexbyte/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../http-errors';
import { adminOnly } from '../params';
import { subscribersCsv } from './subscribers-csv';
import {
  countActiveSubscribers,
  listActiveSubscribers,
  subscribe,
  unsubscribe,
} from './newsletter.repository';

export const CSV_FILENAME = 'suscriptores-newsletter.csv';

/** The mailer adds the unsubscribe link to every e-mail for a subscriber, this one included. */
function welcomeMail(to: string) {
  return {
    to,
    subject: 'Te suscribiste al newsletter de Nexbyte',
    text: [
      '¡Hola!',
      '',
      'Gracias por suscribirte al newsletter de Nexbyte. Te escribiremos con ofertas, novedades y',
      'consejos para mantener tu PC en forma.',
      '',
      'Si no fuiste tú, usa el enlace de abajo y no te escribiremos más.',
      '',
      'Equipo Nexbyte',
    ].join('\n'),
  };
}

const adminErrors = { 401: errorResponseSchema, 403: errorResponseSchema };

const newsletterRoutes: FastifyPluginAsyncZod = async (app) => {
  const welcome = app.mailer.kind<{ email: string }>('newsletter', async ({ email }) =>
    welcomeMail(email),
  );
  const tags = ['newsletter'];

  app.post(
    '/newsletter',
    {
      config: { rateLimit: { max: app.config.rateLimit.formsMax, timeWindow: '1 minute' } },
      schema: {
        tags,
        description:
          'Suscribe un correo. Suscribirse otra vez no es un error (una sola fila) y la respuesta es siempre la misma; un correo dado de baja vuelve a quedar activo.',
        body: newsletterSchema,
        response: { 200: messageResponseSchema, 400: errorResponseSchema },
      },
    },
    async (request) => {
      const { email } = request.body;
      // Only a new (or returning) subscriber is welcomed, by a job enqueued with the subscription:
      // the answer says nothing of whether the address was already subscribed.
      await app.db.transaction(async (tx) => {
        if (await subscribe(tx, email)) await welcome(tx, 'bienvenida al newsletter', { email });
      });
      return { message: NEWSLETTER_MESSAGES.subscribed };
    },
  );

  app.post(
    '/newsletter/baja',
    {
      config: { rateLimit: { max: app.config.rateLimit.formsMax, timeWindow: '1 minute' } },
      schema: {
        tags,
        description:
          'Da de baja al dueño del enlace de los correos, sin iniciar sesión, con el token del enlace en el cuerpo (la página lo lee del fragmento de la dirección, `/newsletter/baja#<token>`). Hacerlo dos veces no es un error.',
        body: bajaNewsletterSchema,
        response: {
          200: messageResponseSchema,
          400: errorResponseSchema,
          404: errorResponseSchema,
        },
      },
    },
    async (request) => {
      if (!(await unsubscribe(app.db, request.body.token))) {
        throw notFound(NEWSLETTER_MESSAGES.invalidUnsubscribeLink);
      }
      return { message: NEWSLETTER_MESSAGES.unsubscribed };
    },
  );

  app.get(
    '/newsletter/resumen',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        security: adminOnly,
        description: 'Cuántos suscriptores activos tiene el newsletter.',
        response: { 200: newsletterResumenSchema, ...adminErrors },
      },
    },
    async () => ({ suscriptores: await countActiveSubscribers(app.db) }),
  );

  app.get(
    '/newsletter/suscriptores.csv',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        security: adminOnly,
        description:
          'Los suscriptores activos en CSV (UTF-8): correo y fecha de suscripción (ISO 8601).',
        response: {
          200: { content: { 'text/csv': { schema: z.string() } } },
          ...adminErrors,
        },
      },
    },
    async (_request, reply) => {
      const csv = subscribersCsv(await listActiveSubscribers(app.db));
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${CSV_FILENAME}"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );
};

export default newsletterRoutes;
