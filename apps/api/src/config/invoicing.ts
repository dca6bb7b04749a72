// The tax documents' settings (decision 030): the provider and the shop's tax identity.
import { ConfigError } from './config-error';
import { DEMO_EMISOR, type Env } from './env-schema';
import type { InvoicingConfig } from './types';

/**
 * OpenFactura's public sandbox: its demo `apikey` and the demo emisor it issues for, as its API
 * documentation publishes them. Fine to try the shop with; never in a shop that sells.
 */
export const DTE_SANDBOX = {
  apiUrl: 'https://dev-api.haulmer.com',
  apiKey: '928e15a2d14d4a6292345f04960f4bd3',
} as const;

/**
 * Invoicing is on when DTE_API_URL and DTE_API_KEY are both set; otherwise the shop works as
 * before and says why. Production refuses the sandbox's key and the demo identity: documents
 * would be issued in another taxpayer's name, or not at all.
 */
export function invoicingConfig(env: Env): InvoicingConfig {
  const emisor = {
    rut: env.DTE_RUT_EMISOR,
    razonSocial: env.DTE_RAZON_SOCIAL,
    giro: env.DTE_GIRO,
    acteco: env.DTE_ACTECO,
    direccion: env.DTE_DIRECCION,
    comuna: env.DTE_COMUNA,
  };
  const apiUrl = (env.DTE_API_URL || '').replace(/\/+$/, '');
  const apiKey = env.DTE_API_KEY || '';
  if (!apiUrl || !apiKey) {
    return {
      provider: null,
      off: 'faltan DTE_API_URL y DTE_API_KEY del proveedor de documentos tributarios',
      emisor,
    };
  }
  if (env.NODE_ENV === 'production') {
    if (apiKey === DTE_SANDBOX.apiKey) {
      throw new ConfigError(
        'DTE_API_KEY es la clave pública del ambiente de pruebas de OpenFactura: en producción los documentos no tendrían valor tributario. Usa la clave de la tienda.',
      );
    }
    if (emisor.rut === DEMO_EMISOR.rut) {
      throw new ConfigError(
        'DTE_RUT_EMISOR es el emisor de demostración: en producción las boletas saldrían a nombre de otro contribuyente. Configura DTE_RUT_EMISOR, DTE_RAZON_SOCIAL, DTE_GIRO, DTE_ACTECO, DTE_DIRECCION y DTE_COMUNA.',
      );
    }
  }
  return {
    provider: { apiUrl, apiKey, timeoutMs: env.DTE_TIMEOUT_MS },
    off: null,
    emisor,
  };
}
