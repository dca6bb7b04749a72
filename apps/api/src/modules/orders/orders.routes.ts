import {
  errorResponseSchema,
  messageResponseSchema,
  ORDER_ACCESS_HEADER,
  ORDER_MESSAGES,
  numeroPedidoParams,
  pedidoAccesoFormSchema,
  pedidoAccesoHeadersSchema,
  pedidoResumenSchema,
  pedidoSchema,
  pedidosQuerySchema,
  ORDERS_LIMIT_DEFAULT,
  resolvePage,
  resumenPedidosSchema,
  isStaffRole,
} from '@nexbyte/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../http-errors';
import { sendPageHeaders } from '../paging';
import { staffOnly } from '../params';
import { mayRead, newAccessToken } from './order-access';
import {
  findOrderRow,
  listOrders,
  loadOrder,
  ordersSummary,
  renewAccessToken,
  type PedidoRow,
} from './orders.repository';

const userErrors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
};
const adminErrors = { ...userErrors, 403: errorResponseSchema };

const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['pedidos'];
  const view = (row: PedidoRow, showActors: boolean) =>
    loadOrder(app.db, row, { bank: app.config.orders.bank, showActors });

  app.get(
    '/pedidos/resumen',
    {
      onRequest: app.requireStaff,
      schema: {
        tags,
        security: staffOnly,
        description:
          'Para el dashboard: pedidos pendientes de pago y ventas del mes (pagadas este mes calendario en Chile).',
        response: { 200: resumenPedidosSchema, ...adminErrors },
      },
    },
    async () => ordersSummary(app.db),
  );

  app.get(
    '/pedidos',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security: staffOnly,
        description:
          'Pedidos del más nuevo al más antiguo: los propios; un ADMIN o VENDOR ve todos (filtro `estado`) salvo con `propios=true`. El total sin paginar va en X-Total-Count y las demás páginas en Link.',
        querystring: pedidosQuerySchema,
        response: { 200: z.array(pedidoResumenSchema), ...userErrors },
      },
    },
    async (request, reply) => {
      const user = request.user!;
      const { estado, propios } = request.query;
      const { pagina, limite, offset } = resolvePage(request.query, ORDERS_LIMIT_DEFAULT);
      const all = isStaffRole(user.role) && !propios;
      const { items, total } = await listOrders(app.db, {
        ...(all ? {} : { usuarioId: user.id }),
        estado,
        limit: limite,
        offset,
      });
      sendPageHeaders(request, reply, { pagina, limite, total });
      return items;
    },
  );

  app.get(
    '/pedidos/:numero',
    {
      config: {
        // Guessing a guest's token is held to the forms' pace; customers and admins browsing
        // their orders are not.
        rateLimit: {
          max: (request: FastifyRequest) =>
            request.headers[ORDER_ACCESS_HEADER]
              ? app.config.rateLimit.formsMax
              : app.config.rateLimit.max,
          timeWindow: '1 minute',
        },
      },
      schema: {
        tags,
        description:
          'Un pedido, para su cliente, un ADMIN o un VENDOR; el de un invitado también con su token de acceso en la cabecera `Pedido-Acceso` (el del enlace del correo). En cualquier otro caso, 404. El pedido de una cuenta eliminada solo lo ven ADMIN y VENDOR.',
        params: numeroPedidoParams,
        headers: pedidoAccesoHeadersSchema,
        response: { 200: pedidoSchema, 404: errorResponseSchema, ...userErrors },
      },
    },
    async (request) => {
      const [row, user] = await Promise.all([
        findOrderRow(app.db, request.params.numero),
        app.currentUser(request),
      ]);
      // Missing and not yours answer alike, so a number reveals nothing.
      if (!row || !mayRead(row, user, request.headers[ORDER_ACCESS_HEADER])) {
        throw notFound(ORDER_MESSAGES.notFound);
      }
      return view(row, isStaffRole(user?.role));
    },
  );

  app.post(
    '/pedidos/:numero/enlace',
    {
      config: { rateLimit: { max: app.config.rateLimit.formsMax, timeWindow: '1 minute' } },
      schema: {
        tags,
        description:
          'Para el invitado que perdió el enlace: si `correo` es el del pedido de invitado, le envía a ese correo un enlace nuevo (el anterior deja de abrirlo), hasta ORDER_LINKS_PER_HOUR por pedido y hora; pasado ese número no envía nada y el enlace anterior sigue sirviendo. Responde 202 con el mismo mensaje, y con el mismo trabajo, sea cual sea el correo, así que no revela nada del pedido.',
        params: numeroPedidoParams,
        body: pedidoAccesoFormSchema,
        response: { 202: messageResponseSchema, 400: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const { numero } = request.params;
      // The same work whatever the e-mail: a token is made, and one UPDATE of the order's row
      // decides in the database whether it replaces the old one; its e-mail is enqueued with it.
      const access = newAccessToken();
      await app.db.transaction(async (tx) => {
        const sent = await renewAccessToken(
          tx,
          numero,
          request.body.correo,
          access.hash,
          app.config.orders.linksPerHour,
        );
        if (sent) {
          await app.events.record(tx, [
            { name: 'pedido.enlace', data: { numero, acceso: access.token } },
          ]);
        }
      });
      return reply.status(202).send({ message: ORDER_MESSAGES.linkSent });
    },
  );
};

export default orderRoutes;
