import {
  alertaStockSchema,
  bajaAlertasSchema,
  errorResponseSchema,
  messageResponseSchema,
  STOCK_ALERT_MESSAGES,
} from '@nexbyte/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { conflict, notFound } from '../../http-errors';
import { renderMail, type ShopIdentity } from '../notifications/templates/mail-content';
import { productsForCart } from '../products/inventory';
import { restockContent, withAlertsUnsubscribe } from './stock-alert-mail';
import { alertToSend, subscribe, takeWaiting, unsubscribe } from './stock-alerts.repository';
import { addressOf, unsubscribeToken } from './unsubscribe-token';

const PRODUCT_NOT_FOUND = 'Producto no encontrado.';

/**
 * 'Avísame cuando llegue' (docs/product.md#stock-alerts): an address waits for an out-of-stock
 * product; the transaction that brings its stock back enqueues one e-mail per address (decision
 * 028), each with a one-click way out.
 */
const stockAlertRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['alertas de stock'];
  const secret = app.config.jwtSecret;
  const shop: ShopIdentity = {
    name: 'Nexbyte',
    tagline: 'Tecnología y mantención de PC',
    url: app.config.publicUrl,
  };

  // Composed at each attempt from current data: an address that unsubscribed meanwhile gets
  // nothing (the e-mail is dropped), and the price is today's.
  const enqueue = app.mailer.kind<{ alertaId: number }>('alerta-stock', async ({ alertaId }) => {
    const alert = await alertToSend(app.db, alertaId);
    if (!alert) return null;
    const [product] = await productsForCart(app.db, [alert.productoId]);
    if (!product?.activo) return null;
    const content = restockContent(
      alert.correo,
      product,
      app.mailer.link(`/productos/detalle/${product.id}`),
    );
    return withAlertsUnsubscribe(
      await renderMail(content, shop),
      app.mailer.link(`/alertas/baja#${unsubscribeToken(secret, alert.correo)}`),
    );
  });

  app.events.on('producto.repuesto', async ({ id }, tx) => {
    for (const alert of await takeWaiting(tx, id)) {
      await enqueue(tx, `aviso de stock ${id}`, { alertaId: alert.id }, `alerta-stock:${alert.id}`);
    }
  });

  const formsLimit = {
    rateLimit: { max: app.config.rateLimit.formsMax, timeWindow: '1 minute' },
  };

  app.post(
    '/alertas-stock',
    {
      config: formsLimit,
      schema: {
        tags,
        description:
          'Pide un correo cuando vuelva a haber stock de un producto agotado. Con sesión iniciada, al correo de la cuenta (el del cuerpo se ignora). Pedirlo dos veces no es un error; pedirlo después de darse de baja vuelve a activarlo. 409 si el producto tiene stock.',
        body: alertaStockSchema,
        response: {
          200: messageResponseSchema,
          400: errorResponseSchema,
          404: errorResponseSchema,
          409: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const user = await app.currentUser(request);
      const correo = user ? user.correo.toLowerCase() : request.body.correo;
      const [product] = await productsForCart(app.db, [request.body.productoId]);
      if (!product?.activo) throw notFound(PRODUCT_NOT_FOUND);
      if (product.stock > 0) throw conflict(STOCK_ALERT_MESSAGES.inStock);
      await subscribe(app.db, product.id, correo, user?.id ?? null);
      return { message: STOCK_ALERT_MESSAGES.subscribed(correo) };
    },
  );

  app.post(
    '/alertas-stock/baja',
    {
      config: formsLimit,
      schema: {
        tags,
        description:
          'Da de baja, sin iniciar sesión, la dirección del enlace firmado de un aviso de stock (la página lo lee del fragmento: `/alertas/baja#<token>`): no recibe más avisos, ni los ya encolados, hasta que vuelva a pedir uno. Hacerlo dos veces no es un error.',
        body: bajaAlertasSchema,
        response: {
          200: messageResponseSchema,
          400: errorResponseSchema,
          404: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const correo = addressOf(secret, request.body.token);
      if (!correo) throw notFound(STOCK_ALERT_MESSAGES.invalidUnsubscribeLink);
      await unsubscribe(app.db, correo);
      return { message: STOCK_ALERT_MESSAGES.unsubscribed };
    },
  );
};

export default stockAlertRoutes;
