import {
  buildDomainSchemas,
  cambioEstadoSchema,
  cotizacionRequestSchema,
  cotizacionSchema,
  errorResponseSchema,
  faltaStockSchema,
  inicioPagoSchema,
  ORDER_ACCESS_HEADER,
  ORDER_MESSAGES,
  numeroPedidoParams,
  pedidoAccesoHeadersSchema,
  pedidoCreadoSchema,
  pedidoSchema,
  reintentoPagoSchema,
  isStaffRole,
  type Role,
} from '@nexbyte/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clientKey } from '../../client-key';
import { MESSAGES as HTTP_MESSAGES, notFound } from '../../http-errors';
import { findOrder, findOrderRow, mayRead, setStockHold } from '../orders/orders.service';
import { staffOnly } from '../params';
import { ShortfallError } from '../products/inventory';
import { GuestClientLimit } from './guest-client-limit';
import { stockHoldHours } from './payment-terms';
import { checkUnitsPerProduct } from './place-order';
import { quoteCart } from './quote';

const userErrors = { 400: errorResponseSchema, 401: errorResponseSchema };

/** Headers are checked loosely: the schema names the one we read and lets the rest through. */
const idempotencyHeaders = z.looseObject({
  'idempotency-key': z
    .string({ error: ORDER_MESSAGES.invalidKey })
    .trim()
    .regex(/^[\w-]{8,100}$/, { error: ORDER_MESSAGES.invalidKey })
    .optional(),
});

/** Who asked for a new payment, as the payment attempt records it. */
const PAYER_LABELS: Record<Role, string> = {
  ADMIN: 'admin',
  VENDOR: 'vendedor',
  CLIENT: 'cliente',
};

const checkoutRoutes: FastifyPluginAsyncZod = async (app) => {
  const { pedido } = buildDomainSchemas(app.config.allowedEmailDomains);
  const tags = ['pedidos'];
  const { orders } = app.config;
  const guestClients = new GuestClientLimit(
    app.redis,
    app.config.redisPrefix,
    {
      orders: orders.guestUnpaidMax,
      units: orders.guestUnpaidMaxUnits,
      total: orders.guestUnpaidMaxTotal,
    },
    orders.expiryHours,
  );
  const view = async (numero: string, showActors: boolean) =>
    (await findOrder(app.db, numero, { bank: app.config.orders.bank, showActors }))!;

  app.post(
    '/pedidos/cotizacion',
    {
      schema: {
        tags,
        description:
          'Precios, stock, descuento, envío, total e IVA actuales de un carrito, calculados con lo que guarda la base de datos. Con `metodoPago: "TRANSFERENCIA"` trae en `descuentoPago` el descuento por transferencia (DESCUENTO_TRANSFERENCIA_PCT sobre el subtotal menos el cupón; 0 si no hay). `problemas` dice qué cambió desde que cada producto entró al carrito (`precio` es el que vio el cliente). `entrega` (DESPACHO por defecto, o RETIRO: gratis, 422 si el retiro está apagado) y `region` eligen la regla de envío (`reglaEnvio`); sin región, los valores de la especificación. Un cupón rechazado no es un error: `cuponInvalido` y `cuponMensaje` dicen por qué (inválido, vencido, mínimo de compra, sin usos). Con token, cuentan los usos del propio cliente.',
        body: cotizacionRequestSchema,
        response: { 200: cotizacionSchema, 400: errorResponseSchema, 422: errorResponseSchema },
      },
    },
    async (request) => {
      checkUnitsPerProduct(request.body.items, orders.maxUnitsPerProduct);
      // A customer's own coupon uses count in the quote; a guest's are only known at the order.
      const user = request.headers.authorization ? await app.currentUser(request) : null;
      return quoteCart(
        app.db,
        request.body,
        user ? { usuarioId: user.id, correo: user.correo, run: user.run } : null,
        { metodo: request.body.metodoPago, percent: app.payments.transferDiscountPct },
        app.carrierQuotes,
      );
    },
  );

  app.post(
    '/pedidos',
    {
      config: { rateLimit: { max: app.config.rateLimit.formsMax, timeWindow: '1 minute' } },
      schema: {
        tags,
        description:
          'Crea un pedido, pagado con Webpay (`metodoPago: "WEBPAY"`) o por transferencia. Con token, a nombre del cliente; sin token, como invitado con nombre, correo, RUN y teléfono. Precios, descuentos (cupón y transferencia) y envío salen de la base de datos. Con WEBPAY abre una transacción por el total del pedido y responde `pago: { url, token }`: el navegador envía `token_ws` = token a `url` con un formulario POST; si Webpay no responde, no se crea el pedido (502) y el stock vuelve. Webpay apagado: 422. Un faltante de stock responde 409 sin tomar nada. `entrega: "RETIRO"` (retiro en tienda, gratis) no pide dirección y guarda la de la tienda; con el retiro apagado responde 422. El envío de un despacho es el de la región. Un cupón desconocido o inactivo responde 400; vencido, aún no vigente, bajo el mínimo o sobre el límite del cliente, 422; sin usos disponibles, 409. Su uso se cuenta dentro de la transacción del pedido. La cabecera `Idempotency-Key` hace que un reintento devuelva el mismo pedido (200) en vez de crear otro, con el `pago` aún pendiente si lo hay. El pedido nuevo de un invitado trae `acceso`, el token que lo abre (`/pedido/{numero}#{acceso}`); solo se guarda su hash, así que un reintento responde `acceso: null` (el enlace va en el correo).',
        headers: idempotencyHeaders,
        body: pedido,
        response: {
          200: pedidoCreadoSchema,
          201: pedidoCreadoSchema,
          409: faltaStockSchema.or(errorResponseSchema),
          422: errorResponseSchema,
          429: errorResponseSchema,
          502: errorResponseSchema,
          ...userErrors,
        },
      },
    },
    async (request, reply) => {
      const user = request.headers.authorization ? await app.currentUser(request) : null;
      if (request.headers.authorization && !user) {
        // A stale token must not silently turn a customer's purchase into a guest's.
        return reply.status(401).send({ message: HTTP_MESSAGES.invalidSession });
      }
      // Keyed like every per-client limit (an IPv6 client by its /64).
      const guestClient = user ? undefined : guestClients.hold(clientKey(request.ip));
      if (guestClient && !(await guestClient.takeOrder())) {
        return reply.status(429).send({ message: ORDER_MESSAGES.guestUnpaidClient });
      }
      try {
        const placed = await app.checkout
          .placeOrder({
            request: request.body,
            user,
            idempotencyKey: request.headers['idempotency-key'],
            guestClient,
          })
          .catch(async (err: unknown) => {
            await guestClient?.giveBack();
            throw err;
          });
        if (placed.replayed) await guestClient?.giveBack();
        if (placed.replayed) reply.header('idempotent-replayed', 'true');
        else request.log.info({ pedido: placed.numero }, 'pedido creado');
        const order = await app.checkout.answerInTurn(() => view(placed.numero, false));
        return reply
          .status(placed.replayed ? 200 : 201)
          .send({ ...order, acceso: placed.acceso, pago: placed.pago });
      } catch (err) {
        if (err instanceof ShortfallError) return reply.status(409).send(err.body);
        throw err;
      }
    },
  );

  app.patch(
    '/pedidos/:numero/estado',
    {
      onRequest: app.requireStaff,
      schema: {
        tags,
        security: staffOnly,
        description:
          'ADMIN o VENDOR. PENDIENTE_PAGO → PAGADO → ENVIADO → ENTREGADO, o CANCELADO desde PENDIENTE_PAGO o PAGADO (devuelve el stock). Cancelar un pedido pagado con Webpay primero reembolsa el pago (reversa o anulación, según responda Webpay; queda en `cobro.reembolso`); si el reembolso falla, el pedido sigue pagado y la respuesta es 502 con el motivo. Otro cambio responde 409. Queda registrado quién y cuándo. Al pasar a ENVIADO se pueden registrar `transportista` y `numeroSeguimiento` (opcionales, hasta 60 caracteres), que el cliente ve en su pedido y recibe por correo; con otro estado son 400.',
        params: numeroPedidoParams,
        body: cambioEstadoSchema,
        response: {
          200: pedidoSchema,
          404: errorResponseSchema,
          409: errorResponseSchema,
          403: errorResponseSchema,
          502: errorResponseSchema,
          ...userErrors,
        },
      },
    },
    async (request) => {
      const admin = request.user!;
      const { estado, transportista, numeroSeguimiento } = request.body;
      const change = await app.checkout.changeStatus(
        request.params.numero,
        estado,
        { usuarioId: admin.id, label: `${admin.nombre} ${admin.apellidos} <${admin.correo}>` },
        { transportista, numeroSeguimiento },
      );
      request.log.info({ pedido: change.numero, de: change.de, a: change.a }, 'estado de pedido');
      return view(change.numero, true);
    },
  );

  app.post(
    '/pedidos/:numero/pago',
    {
      config: {
        // Like reading the order: guessing a guest's token is held to the forms' pace.
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
          'Paga de nuevo un pedido pendiente de pago (por ejemplo, tras un rechazo) o lo cambia a transferencia. Lo pueden pedir su cliente, un ADMIN o VENDOR, o el invitado con su token en `Pedido-Acceso`, como GET /pedidos/{numero}; en otro caso, 404. Con WEBPAY abre una transacción nueva por el total actual y responde `pago: { url, token }`; con TRANSFERENCIA responde `pago: null` y el total se recalcula con el descuento por transferencia. Un pedido que no está pendiente de pago responde 409.',
        params: numeroPedidoParams,
        headers: pedidoAccesoHeadersSchema,
        body: reintentoPagoSchema,
        response: {
          200: z.object({ pedido: pedidoSchema, pago: inicioPagoSchema.nullable() }),
          404: errorResponseSchema,
          409: errorResponseSchema,
          422: errorResponseSchema,
          502: errorResponseSchema,
          ...userErrors,
        },
      },
    },
    async (request) => {
      const [row, user] = await Promise.all([
        findOrderRow(app.db, request.params.numero),
        app.currentUser(request),
      ]);
      if (!row || !mayRead(row, user, request.headers[ORDER_ACCESS_HEADER])) {
        throw notFound(ORDER_MESSAGES.notFound);
      }
      const por = user ? `${PAYER_LABELS[user.role]}: ${user.correo}` : 'invitado';
      const { metodoPago } = request.body;
      const { numero, pago } = await app.checkout.retryPayment(row.numero, metodoPago, por);
      // The stock is held as long as the method it is paid with now allows (decision 013).
      await setStockHold(app.db, numero, stockHoldHours(metodoPago, orders), orders.expiryHours);
      request.log.info(
        { pedido: numero, metodoPago: request.body.metodoPago },
        'nuevo intento de pago',
      );
      return { pedido: await view(numero, isStaffRole(user?.role)), pago };
    },
  );
};

export default checkoutRoutes;
