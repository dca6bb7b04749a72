// Webpay's settings, the transfer discount and the interest-free installments.
import { ConfigError } from './config-error';
import type { Env } from './env-schema';
import type { PaymentsConfig } from './types';

/**
 * Transbank's public integration credentials (they never charge anyone) and its two hosts, as
 * transbank-sdk publishes them. Written here so that reading the configuration does not load the
 * SDK (and axios), which loads with the first payment (decision 025); payments.test.ts checks
 * that they still equal the SDK's.
 */
export const TRANSBANK = {
  integrationCommerceCode: '597055555532',
  integrationApiKey: '579B532A7440BB0C9079DED94D31EA1615BACEB56610332264630D42D0A36B1C',
  integrationUrl: 'https://webpay3gint.transbank.cl',
  productionUrl: 'https://webpay3g.transbank.cl',
} as const;
const INTEGRATION_COMMERCE_CODE: string = TRANSBANK.integrationCommerceCode;
const INTEGRATION_API_KEY: string = TRANSBANK.integrationApiKey;

/**
 * Webpay's settings. Outside production it runs against Transbank's integration environment with
 * the public test credentials unless told otherwise. Production offers Webpay only with credentials
 * of its own for the production environment: anything else would take orders nobody pays for, so
 * Webpay is turned off instead (and start-up says why). A return's commit and a cancel's refund
 * are made inside the order's transaction, so each call must give up before PostgreSQL ends an
 * idle transaction.
 */
export function paymentsConfig(env: Env): PaymentsConfig {
  const transferDiscountPct = env.DESCUENTO_TRANSFERENCIA_PCT;
  const installmentsMax = env.CUOTAS_SIN_INTERES_MAX;
  const production = env.NODE_ENV === 'production';
  const webpayEnv = env.WEBPAY_ENV ?? (production ? 'produccion' : 'integracion');
  if (env.WEBPAY_TIMEOUT_MS >= env.DB_IDLE_TX_TIMEOUT_MS) {
    throw new ConfigError(
      `WEBPAY_TIMEOUT_MS (${env.WEBPAY_TIMEOUT_MS}) debe ser menor que DB_IDLE_TX_TIMEOUT_MS (${env.DB_IDLE_TX_TIMEOUT_MS}): la confirmación y el reembolso de Webpay ocurren dentro de la transacción del pedido.`,
    );
  }
  const integration = webpayEnv === 'integracion';
  const commerceCode = env.WEBPAY_COMMERCE_CODE || (integration ? INTEGRATION_COMMERCE_CODE : '');
  const apiKey = env.WEBPAY_API_KEY || (integration ? INTEGRATION_API_KEY : '');
  const off = (reason: string): PaymentsConfig => ({
    webpay: null,
    webpayOff: reason,
    transferDiscountPct,
    installmentsMax,
  });
  if (production && integration) {
    return off(
      'WEBPAY_ENV=integracion no cobra de verdad; en producción usa WEBPAY_ENV=produccion',
    );
  }
  if (!commerceCode || !apiKey) {
    return off('faltan WEBPAY_COMMERCE_CODE y WEBPAY_API_KEY del ambiente de producción');
  }
  if (
    !integration &&
    (commerceCode === INTEGRATION_COMMERCE_CODE || apiKey === INTEGRATION_API_KEY)
  ) {
    return off(
      'las credenciales son las públicas de integración de Transbank, no las del comercio',
    );
  }
  return {
    webpay: {
      env: webpayEnv,
      commerceCode,
      apiKey,
      apiUrl:
        env.WEBPAY_API_URL || (integration ? TRANSBANK.integrationUrl : TRANSBANK.productionUrl),
      timeoutMs: env.WEBPAY_TIMEOUT_MS,
    },
    webpayOff: null,
    transferDiscountPct,
    installmentsMax,
  };
}
