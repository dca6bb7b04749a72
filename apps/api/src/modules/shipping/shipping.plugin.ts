import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { CarrierQuotes } from './carrier-quotes';
import { chilexpressCarrier } from './chilexpress-carrier';

declare module 'fastify' {
  interface FastifyInstance {
    carrierQuotes: CarrierQuotes;
  }
}

/**
 * The carrier (decision 036): Chilexpress when CARRIER_API_URL is set; without it the checkout
 * charges the región's table as before (decision 021).
 */
async function shipping(app: FastifyInstance) {
  const { shipping: config } = app.config;
  const log = app.log.child({ modulo: 'envios' });
  const carrier = config.carrier ? chilexpressCarrier(config.carrier) : null;
  app.decorate('carrierQuotes', new CarrierQuotes(carrier, config, app.config.jwtSecret, log));
}

export default fp(shipping, { name: 'shipping', dependencies: ['core'] });
