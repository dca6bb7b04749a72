import {
  ajustesEnvioInputSchema,
  ajustesEnvioSchema,
  crearEnviosRequestSchema,
  crearEnviosSchema,
  envioPedidoSchema,
  errorResponseSchema,
  numeroPedidoParams,
  opcionesEnvioRequestSchema,
  opcionesEnvioSchema,
  ORDER_ACCESS_HEADER,
  ORDER_MESSAGES,
  pedidoAccesoHeadersSchema,
  SHIPMENT_MESSAGES,
  type Usuario,
} from '@nexbyte/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError, notFound } from '../../http-errors';
import { findOrderRow, mayRead } from '../orders/orders.service';
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

  const actorOf = (user: Usuario) => ({
    usuarioId: user.id,
    label: `${user.nombre} ${user.apellidos} <${user.correo}>`,
  });
  const adminErrors = {
    401: errorResponseSchema,
    403: errorResponseSchema,
    404: errorResponseSchema,
    409: errorResponseSchema,
    422: errorResponseSchema,
    502: errorResponseSchema,
  };

  app.post(
    '/pedidos/:numero/envio',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        security: adminOnly,
        description:
          "ADMIN. 'Crear envío': crea la orden de transporte del pedido PAGADO con el transportista (el servicio que eligió el comprador), guarda su número y la etiqueta (PDF) y pasa el pedido a ENVIADO con el seguimiento; el comprador recibe el correo. Idempotente: si el pedido ya tiene orden de transporte, responde la misma (`creado: false`), y dos clics a la vez hacen una sola. Retiro en tienda o sin transportista configurado: 422; no pagado: 409, o mientras otra petición la está creando y no termina; el transportista no la creó: 502 con su motivo.",
        params: numeroPedidoParams,
        response: {
          200: z.object({ envio: envioPedidoSchema, creado: z.boolean() }),
          ...adminErrors,
        },
      },
    },
    async (request) => app.shipments.create(request.params.numero, actorOf(request.user!)),
  );

  app.post(
    '/envios/crear',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        security: adminOnly,
        description:
          "ADMIN. 'Crear envío' de varios pedidos a la vez (hasta 50), uno tras otro: por cada uno, su envío o el motivo por el que no se creó. Idempotente como el de un pedido.",
        body: crearEnviosRequestSchema,
        response: { 200: crearEnviosSchema, ...adminErrors },
      },
    },
    async (request) => {
      const resultados = [];
      for (const numero of request.body.numeros) {
        try {
          const { envio } = await app.shipments.create(numero, actorOf(request.user!));
          resultados.push({ numero, ok: true, envio, mensaje: null });
        } catch (err) {
          if (!(err instanceof HttpError)) throw err;
          resultados.push({ numero, ok: false, envio: null, mensaje: err.message });
        }
      }
      return { resultados };
    },
  );

  app.get(
    '/pedidos/:numero/etiqueta.pdf',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        security: adminOnly,
        description: 'ADMIN. La etiqueta del envío en PDF, para imprimirla. 404 si aún no hay.',
        params: numeroPedidoParams,
      },
    },
    async (request, reply) => {
      const pdf = await app.shipments.label(request.params.numero);
      if (!pdf) throw notFound(SHIPMENT_MESSAGES.noLabel);
      return reply
        .type('application/pdf')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `inline; filename="etiqueta-${request.params.numero}.pdf"`)
        .send(pdf);
    },
  );

  app.get(
    '/pedidos/:numero/envio',
    {
      schema: {
        tags,
        description:
          'Cómo viaja el pedido: el servicio y precio aceptados y, una vez enviado, el número de la orden de transporte, el enlace de seguimiento y los eventos que informó el transportista. Con la misma llave que el pedido (sesión del cliente, `Pedido-Acceso` del invitado, o personal). 404 si no se puede leer o es retiro en tienda.',
        params: numeroPedidoParams,
        headers: pedidoAccesoHeadersSchema,
        response: { 200: envioPedidoSchema, 404: errorResponseSchema },
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
      const envio = await app.shipments.view(row.numero);
      if (!envio) throw notFound(ORDER_MESSAGES.notFound);
      return envio;
    },
  );

  app.get(
    '/envios/atrasados',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        security: adminOnly,
        description:
          'ADMIN. Envíos con orden de transporte que no se han entregado SHIPMENT_STUCK_DAYS días después de salir: el panel los marca.',
        response: {
          200: z.array(envioPedidoSchema),
          401: errorResponseSchema,
          403: errorResponseSchema,
        },
      },
    },
    async () => app.shipments.stuck(),
  );
};

export default shippingRoutes;
