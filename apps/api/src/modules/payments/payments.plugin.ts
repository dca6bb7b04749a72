import type { MetodoPago } from '@nexbyte/shared';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { PaymentProvider } from './provider';
import { transferProvider } from './transfer-provider';
import { webpayProvider } from './webpay-provider';

/** The providers this instance offers and the rules around them. */
export interface Payments {
  /** The methods on, in the order the checkout shows them. */
  methods: MetodoPago[];
  /** The provider of a method, or null when it is not offered. */
  provider(method: MetodoPago): PaymentProvider | null;
  /** DESCUENTO_TRANSFERENCIA_PCT. */
  transferDiscountPct: number;
  /** CUOTAS_SIN_INTERES_MAX: 0, or up to how many interest-free installments a card pays. */
  installmentsMax: number;
  /** Where Webpay sends the buyer back: `${PUBLIC_URL}/api/pagos/webpay/retorno`. */
  returnUrl: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    payments: Payments;
  }
}

export const WEBPAY_RETURN_PATH = '/api/pagos/webpay/retorno';

/**
 * The payment providers (decision 016). Webpay is on unless production lacks real credentials;
 * then start-up says so once, without the credentials themselves.
 */
async function payments(app: FastifyInstance) {
  const { webpay, webpayOff, transferDiscountPct, installmentsMax } = app.config.payments;
  const providers = new Map<MetodoPago, PaymentProvider>();
  if (webpay) providers.set('WEBPAY', webpayProvider(webpay));
  providers.set('TRANSFERENCIA', transferProvider);
  if (webpayOff) app.log.warn({ motivo: webpayOff }, 'Webpay no se ofrece en esta tienda');
  app.decorate('payments', {
    methods: [...providers.keys()],
    provider: (method) => providers.get(method) ?? null,
    transferDiscountPct,
    installmentsMax,
    returnUrl: `${app.config.publicUrl}${WEBPAY_RETURN_PATH}`,
  } satisfies Payments);
}

export default fp(payments, { name: 'payments', dependencies: ['core'] });
