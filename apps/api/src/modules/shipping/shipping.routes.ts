import {
  ajustesEnvioInputSchema,
  ajustesEnvioSchema,
  errorResponseSchema,
  opcionesEnvioRequestSchema,
  opcionesEnvioSchema,
} from '@nexbyte/shared';
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

  app.post(
    '/envios/opciones',
    {
      schema: {
        tags,
        description:
          'Cómo despachar un carrito a una comuna: cada servicio del transportista con su precio y fecha estimada de entrega (`opciones`, `origen: TRANSPORTISTA`), para el bulto del carrito (`bulto`: peso con la caja y medidas, ver docs/product.md#parcels). Si el transportista no responde dentro de CARRIER_TIMEOUT_MS, o no hay transportista configurado, una sola opción con la tarifa de la región (`origen: TABLA`, y `mensaje` dice por qué cuando el transportista no respondió). Cada opción trae `cotizacion`, firmada: el pedido (`envioCotizado`) cobra ese precio, para esa comuna y ese bulto, durante 30 minutos. `envioGratisDesde` es el umbral de la región, que también vale para el precio del transportista. Sin token.',
        body: opcionesEnvioRequestSchema,
        response: { 200: opcionesEnvioSchema, 400: errorResponseSchema },
      },
    },
    async (request) => app.carrierQuotes.options(app.db, request.body),
  );
};

export default shippingRoutes;
