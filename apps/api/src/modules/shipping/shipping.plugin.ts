import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { findOrder, findOrderRow } from '../orders/orders.service';
import { CarrierQuotes } from './carrier-quotes';
import { chilexpressCarrier } from './chilexpress-carrier';
import { Shipments, type OrderPort } from './shipments.service';

declare module 'fastify' {
  interface FastifyInstance {
    carrierQuotes: CarrierQuotes;
    shipments: Shipments;
  }
}

/**
 * The carrier (decision 036): Chilexpress when CARRIER_API_URL is set; without it the checkout
 * charges the región's table as before (decision 021) and shipments are recorded by hand.
 * Shipped orders are tracked every TRACKING_POLL_SECONDS by a periodic job.
 */
async function shipping(app: FastifyInstance) {
  const { shipping: config } = app.config;
  const log = app.log.child({ modulo: 'envios' });
  const carrier = config.carrier ? chilexpressCarrier(config.carrier) : null;
  app.decorate('carrierQuotes', new CarrierQuotes(carrier, config, app.config.jwtSecret, log));
  // Orders move through the checkout (registered after this plugin): asked for at call time.
  const orders: OrderPort = {
    async find(numero) {
      const row = await findOrderRow(app.db, numero);
      if (!row) return null;
      const pedido = await findOrder(app.db, numero, {
        bank: app.config.orders.bank,
        showActors: false,
      });
      return pedido ? { id: row.id, pedido } : null;
    },
    async markShipped(numero, actor, tracking) {
      await app.checkout.changeStatus(numero, 'ENVIADO', actor, tracking);
    },
    async markDelivered(numero) {
      await app.checkout.changeStatus(numero, 'ENTREGADO', {
        usuarioId: null,
        label: 'sistema: seguimiento del transportista',
      });
    },
  };
  const shipments = new Shipments(app.db, carrier, config, orders, log);
  app.decorate('shipments', shipments);
  if (carrier && config.trackingPollSeconds > 0) {
    app.jobs.every('seguimiento-envios', config.trackingPollSeconds, async () => {
      const result = await shipments.pollTracking();
      if (result.asked > 0) log.info(result, 'seguimiento de envíos');
    });
  }
}

export default fp(shipping, { name: 'shipping', dependencies: ['core', 'jobs'] });
