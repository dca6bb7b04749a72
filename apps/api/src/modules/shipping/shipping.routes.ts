import { ajustesEnvioInputSchema, ajustesEnvioSchema, errorResponseSchema } from '@nexbyte/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminOnly } from '../params';
import { loadShippingSettings, saveShippingSettings } from './shipping.service';

const shippingRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['envios'];

  app.get(
    '/envios',
    {
      schema: {
        tags,
        description:
          'Lo que cuesta el despacho en cada una de las 16 regiones (`precio`, y `envioGratisDesde`: el subtotal desde el que es gratis, o null si nunca lo es) y el retiro en tienda (`retiro`: dirección y horario, `activo`; null si no se ha configurado). Una región que el administrador no ha tarificado usa los valores de la especificación ($3.990, gratis desde $80.000). Sin token: el carrito la usa para estimar el envío.',
        response: { 200: ajustesEnvioSchema },
      },
    },
    async () => loadShippingSettings(app.db),
  );

  app.put(
    '/envios',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        security: adminOnly,
        description:
          'ADMIN. Cambia el precio y el umbral de envío gratis de las regiones enviadas (las demás quedan como estaban) y el retiro en tienda (`retiro: null` lo quita). Responde los ajustes completos. Los pedidos ya hechos conservan el envío que pagaron.',
        body: ajustesEnvioInputSchema,
        response: {
          200: ajustesEnvioSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
        },
      },
    },
    async (request) => {
      await saveShippingSettings(app.db, request.body.regiones, request.body.retiro);
      request.log.info(
        { regiones: request.body.regiones.length, retiro: request.body.retiro?.activo ?? null },
        'ajustes de envío cambiados',
      );
      return loadShippingSettings(app.db);
    },
  );
};

export default shippingRoutes;
