import {
  buildDomainSchemas,
  cambioEstadoSchema,
  cotizacionRequestSchema,
  cotizacionSchema,
  errorResponseSchema,
  faltaStockSchema,
  fieldErrors,
  findCoupon,
  MESSAGES_PEDIDO,
  numeroPedidoParams,
  pedidoAccesoQuerySchema,
  pedidoResumenSchema,
  pedidoSchema,
  pedidosQuerySchema,
  PEDIDOS_LIMITE_DEFAULT,
  resumenPedidosSchema,
  type Usuario,
} from '@nexbyte/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, MESSAGES as HTTP_MESSAGES, notFound } from '../../http-errors';
import { adminOnly } from '../params';
import { changeOrderStatus } from './change-status';
import { notifyOrder } from './orders.mail';
import {
  findOrderRow,
  findOrderRowById,
  listOrders,
  loadOrder,
  ordersSummary,
  type PedidoRow,
} from './orders.repository';
import { placeOrder, ShortfallError, type Buyer } from './place-order';
import { quoteCart } from './quote';

const userErrors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
};
const adminErrors = { ...userErrors, 403: errorResponseSchema };

/** Headers are checked loosely: the schema names the one we read and lets the rest through. */
const idempotencyHeaders = z.looseObject({
  'idempotency-key': z
    .string({ error: MESSAGES_PEDIDO.claveInvalida })
    .trim()
    .regex(/^[\w-]{8,100}$/, { error: MESSAGES_PEDIDO.claveInvalida })
    .optional(),
});

const fullName = (u: Usuario) => `${u.nombre} ${u.apellidos}`;

/** Who may read an order: its customer, an admin, or (for a guest's order) whoever has its e-mail. */
function mayRead(row: PedidoRow, user: Usuario | null, email: string | undefined): boolean {
  if (user?.role === 'ADMIN') return true;
  if (user && row.usuarioId === user.id) return true;
  return row.usuarioId === null && email !== undefined && email === row.clienteCorreo.toLowerCase();
}

const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  const { pedido, datosInvitado } = buildDomainSchemas(app.config.allowedEmailDomains);
  const tags = ['pedidos'];
  const view = (row: PedidoRow, showActors: boolean) =>
    loadOrder(app.db, row, { bank: app.config.orders.bank, showActors });
  const formsLimit = {
    rateLimit: { max: app.config.rateLimit.formsMax, timeWindow: '1 minute' },
  };

  app.post(
    '/pedidos/cotizacion',
    {
      schema: {
        tags,
        description:
          'Precios, stock, descuento, envío, total e IVA actuales de un carrito, calculados con lo que guarda la base de datos. `problemas` dice qué cambió desde que cada producto entró al carrito (`precio` es el que vio el cliente).',
        body: cotizacionRequestSchema,
        response: { 200: cotizacionSchema, 400: errorResponseSchema },
      },
    },
    async (request) => quoteCart(app.db, request.body.items, request.body.cupon),
  );

  app.post(
    '/pedidos',
    {
      config: formsLimit,
      schema: {
        tags,
        description:
          'Crea un pedido (pago por transferencia). Con token, a nombre del cliente; sin token, como invitado con nombre, correo, RUN y teléfono. Precios, descuento y envío salen de la base de datos. Un faltante de stock responde 409 sin tomar nada. La cabecera `Idempotency-Key` hace que un reintento devuelva el mismo pedido (200) en vez de crear otro.',
        headers: idempotencyHeaders,
        body: pedido,
        response: {
          200: pedidoSchema,
          201: pedidoSchema,
          409: faltaStockSchema.or(errorResponseSchema),
          422: errorResponseSchema,
          ...userErrors,
        },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const user = request.headers.authorization ? await app.currentUser(request) : null;
      if (request.headers.authorization && !user) {
        // A stale token must not silently turn a customer's purchase into a guest's.
        return reply.status(401).send({ message: HTTP_MESSAGES.invalidSession });
      }
      const coupon = findCoupon(body.cupon);
      if (body.cupon && !coupon) {
        throw badRequest(MESSAGES_PEDIDO.cupon, { cupon: MESSAGES_PEDIDO.cupon });
      }
      let buyer: Buyer;
      if (user) {
        buyer = {
          usuarioId: user.id,
          nombre: fullName(user),
          correo: user.correo,
          run: user.run,
          telefono: body.telefono ?? user.telefono,
        };
      } else {
        const guest = datosInvitado.safeParse(body);
        if (!guest.success) throw badRequest(HTTP_MESSAGES.validation, fieldErrors(guest.error));
        const g = guest.data;
        buyer = {
          usuarioId: null,
          nombre: g.nombre,
          correo: g.correo,
          run: g.run,
          telefono: g.telefono,
        };
      }
      const key = request.headers['idempotency-key'];
      try {
        const placed = await placeOrder(app.db, {
          buyer,
          entrega: { region: body.region, comuna: body.comuna, direccion: body.direccion },
          items: body.items,
          coupon,
          metodoPago: body.metodoPago,
          totalEsperado: body.totalEsperado,
          idempotency: key ? { key, scope: user ? `u:${user.id}` : `g:${buyer.correo}` } : null,
          expiryHours: app.config.orders.expiryHours,
        });
        const row = (await findOrderRowById(app.db, placed.id))!;
        if (placed.replayed) {
          reply.header('idempotent-replayed', 'true');
          return reply.status(200).send(await view(row, false));
        }
        request.log.info({ pedido: row.numero, total: row.total }, 'pedido creado');
        notifyOrder(app, row.numero, 'creado');
        return reply.status(201).send(await view(row, false));
      } catch (err) {
        if (err instanceof ShortfallError) return reply.status(409).send(err.body);
        throw err;
      }
    },
  );

  app.get(
    '/pedidos/resumen',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        security: adminOnly,
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
        security: adminOnly,
        description:
          'Pedidos del más nuevo al más antiguo: los propios; un ADMIN ve todos (filtro `estado`) salvo con `propios=true`. El total sin paginar va en X-Total-Count.',
        querystring: pedidosQuerySchema,
        response: { 200: z.array(pedidoResumenSchema), ...userErrors },
      },
    },
    async (request, reply) => {
      const user = request.user!;
      const { estado, propios, pagina = 1, limite = PEDIDOS_LIMITE_DEFAULT } = request.query;
      const all = user.role === 'ADMIN' && !propios;
      const { items, total } = await listOrders(app.db, {
        ...(all ? {} : { usuarioId: user.id }),
        estado,
        limit: limite,
        offset: (pagina - 1) * limite,
      });
      reply.header('x-total-count', String(total));
      return items;
    },
  );

  app.get(
    '/pedidos/:numero',
    {
      config: {
        // Guessing a guest's e-mail is held to the forms' pace; customers and admins browsing
        // their orders are not.
        rateLimit: {
          max: (request: FastifyRequest) =>
            (request.query as { email?: unknown }).email
              ? app.config.rateLimit.formsMax
              : app.config.rateLimit.max,
          timeWindow: '1 minute',
        },
      },
      schema: {
        tags,
        description:
          'Un pedido, para su cliente o un ADMIN; el de un invitado también con `?email=` igual al del pedido. En cualquier otro caso, 404.',
        params: numeroPedidoParams,
        querystring: pedidoAccesoQuerySchema,
        response: { 200: pedidoSchema, 404: errorResponseSchema, ...userErrors },
      },
    },
    async (request) => {
      const [row, user] = await Promise.all([
        findOrderRow(app.db, request.params.numero),
        app.currentUser(request),
      ]);
      // Missing and not yours answer alike, so a number reveals nothing.
      if (!row || !mayRead(row, user, request.query.email)) {
        throw notFound(MESSAGES_PEDIDO.noEncontrado);
      }
      return view(row, user?.role === 'ADMIN');
    },
  );

  app.patch(
    '/pedidos/:numero/estado',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        security: adminOnly,
        description:
          'PENDIENTE_PAGO → PAGADO → ENVIADO → ENTREGADO, o CANCELADO desde PENDIENTE_PAGO o PAGADO (devuelve el stock). Otro cambio responde 409. Queda registrado quién y cuándo.',
        params: numeroPedidoParams,
        body: cambioEstadoSchema,
        response: {
          200: pedidoSchema,
          404: errorResponseSchema,
          409: errorResponseSchema,
          ...adminErrors,
        },
      },
    },
    async (request) => {
      const admin = request.user!;
      const change = await changeOrderStatus(app.db, request.params.numero, request.body.estado, {
        usuarioId: admin.id,
        label: `${fullName(admin)} <${admin.correo}>`,
      });
      request.log.info({ pedido: change.numero, de: change.de, a: change.a }, 'estado de pedido');
      notifyOrder(app, change.numero, 'estado');
      return view((await findOrderRowById(app.db, change.id))!, true);
    },
  );
};

export default orderRoutes;
