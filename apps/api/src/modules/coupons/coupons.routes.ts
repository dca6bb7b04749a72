import { cuponInputSchema, cuponSchema, errorResponseSchema } from '@nexbyte/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminOnly, idParams } from '../params';
import { changeCoupon, createCoupon, deleteCoupon, listCoupons } from './coupons.service';

const adminErrors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
};

const couponRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['cupones'];
  const rules =
    'Tipos: `percent` (valor 1 a 100, redondeado hacia abajo), `amount` (pesos, nunca más que el subtotal) y `shipping` (envío gratis; valor 0). `validoDesde`/`validoHasta` en ISO 8601 o null; `minimoSubtotal` en pesos; `limiteTotal` y `limitePorCliente` (por cuenta, o por correo para invitados) null para no limitar. `usos` cuenta los pedidos que lo tienen ahora: un pedido cancelado o vencido devuelve su uso.';

  app.get(
    '/cupones',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        security: adminOnly,
        description: `ADMIN. Todos los cupones, por código. ${rules}`,
        response: { 200: z.array(cuponSchema), ...adminErrors },
      },
    },
    async () => listCoupons(app.db),
  );

  app.post(
    '/cupones',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        security: adminOnly,
        description: `ADMIN. Crea un cupón; el código se guarda en mayúsculas y uno repetido responde 409. ${rules}`,
        body: cuponInputSchema,
        response: { 201: cuponSchema, 409: errorResponseSchema, ...adminErrors },
      },
    },
    async (request, reply) => {
      const cupon = await createCoupon(app.db, request.body);
      request.log.info({ cupon: cupon.codigo }, 'cupón creado');
      return reply.status(201).send(cupon);
    },
  );

  app.put(
    '/cupones/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        security: adminOnly,
        description: `ADMIN. Cambia un cupón. Los pedidos ya hechos conservan su descuento. ${rules}`,
        params: idParams,
        body: cuponInputSchema,
        response: {
          200: cuponSchema,
          404: errorResponseSchema,
          409: errorResponseSchema,
          ...adminErrors,
        },
      },
    },
    async (request) => {
      const cupon = await changeCoupon(app.db, request.params.id, request.body);
      request.log.info({ cupon: cupon.codigo }, 'cupón cambiado');
      return cupon;
    },
  );

  app.delete(
    '/cupones/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        security: adminOnly,
        description:
          'ADMIN. Elimina un cupón que ningún pedido vigente usa; uno con usos responde 409 (se desactiva en su lugar).',
        params: idParams,
        response: {
          204: z.null(),
          404: errorResponseSchema,
          409: errorResponseSchema,
          ...adminErrors,
        },
      },
    },
    async (request, reply) => {
      await deleteCoupon(app.db, request.params.id);
      return reply.status(204).send(null);
    },
  );
};

export default couponRoutes;
