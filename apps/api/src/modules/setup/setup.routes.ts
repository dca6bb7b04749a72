import { errorResponseSchema, puestaEnMarchaSchema } from '@nexbyte/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DEMO_BANK } from '../../config';
import { adminOnly } from '../params';
import { hasCatalogue } from './setup.service';

/** The owner's checklist for going live, on the admin dashboard. */
const setupRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/puesta-en-marcha',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['configuración'],
        security: adminOnly,
        description:
          'ADMIN. Lo que falta para vender: primera categoría, primer producto, datos bancarios propios (BANK_*), envío de correos (SMTP_URL) y Webpay en producción; `boletaElectronica` es false mientras la boleta electrónica no está configurada (DTE_API_URL y DTE_API_KEY). Cada paso es `true` cuando está hecho; `correosFallidos` cuenta los correos que no se pudieron enviar (se revisan en /admin/correos).',
        response: { 200: puestaEnMarchaSchema, 401: errorResponseSchema, 403: errorResponseSchema },
      },
    },
    async () => {
      const { bank } = app.config.orders;
      const catalogue = await hasCatalogue(app.db);
      return {
        ...catalogue,
        datosBancarios: bank.numeroCuenta !== DEMO_BANK.numeroCuenta && bank.rut !== DEMO_BANK.rut,
        envioCorreos: Boolean(app.config.mail.smtpUrl),
        mediosPago: app.config.payments.webpay?.env === 'produccion',
        boletaElectronica: app.invoicing.on,
        correosFallidos: await app.mailer.failedCount(),
      };
    },
  );
};

export default setupRoutes;
