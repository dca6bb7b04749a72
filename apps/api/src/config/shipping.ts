import { canonicalComuna, REGIONES } from '@nexbyte/shared';
import type { Env } from './env-schema';

export interface CarrierConfig {
  apiUrl: string;
  apiKey: string;
  /** CARRIER_TIMEOUT_MS: a quote waits this long, then the región's table is offered. */
  timeoutMs: number;
  /** Chilexpress's customer card (TCC) the transport orders are billed to. */
  customerCard: string;
}

export interface ShippingConfig {
  /** Null when no carrier is set up: the checkout charges the región's table, as before. */
  carrier: CarrierConfig | null;
  /** Where parcels leave from (the shop's comuna). */
  origin: { region: string; comuna: string };
  /** PARCEL_BOX_KG: the empty box's weight, added to every parcel. */
  boxKg: number;
  /** CARRIER_QUOTE_CACHE_SECONDS: a (comuna, parcel) quote is reused this long. */
  quoteCacheMs: number;
  /** TRACKING_POLL_SECONDS: how often shipped orders are asked about (0: never). */
  trackingPollSeconds: number;
  /** SHIPMENT_STUCK_DAYS: a shipment without delivery after this many days is flagged. */
  stuckDays: number;
}

export function shippingConfig(env: Env): ShippingConfig {
  const comuna = canonicalComuna(env.CARRIER_ORIGIN_COMUNA) ?? 'Providencia';
  const region = REGIONES.find((r) => r.comunas.includes(comuna))!.nombre;
  const apiUrl = (env.CARRIER_API_URL || '').replace(/\/+$/, '');
  return {
    carrier: apiUrl
      ? {
          apiUrl,
          apiKey: env.CARRIER_API_KEY || '',
          timeoutMs: env.CARRIER_TIMEOUT_MS,
          customerCard: env.CARRIER_CUSTOMER_CARD || '',
        }
      : null,
    origin: { region, comuna },
    boxKg: env.PARCEL_BOX_KG,
    quoteCacheMs: env.CARRIER_QUOTE_CACHE_SECONDS * 1000,
    trackingPollSeconds: env.TRACKING_POLL_SECONDS,
    stuckDays: env.SHIPMENT_STUCK_DAYS,
  };
}
