import {
  DEFAULT_SHIPPING_RULE,
  PICKUP_SHIPPING_RULE,
  SHIPPING_MESSAGES,
  type MetodoEntrega,
  type RetiroTienda,
  type ShippingRule,
} from '@nexbyte/shared';
import type { Db } from '../../db/client';
import { HttpError } from '../../http-errors';
import type { AcceptedShipping } from './carrier-quotes';
import { activePickup, regionRule } from './shipping.repository';

export { activePickup, loadShippingSettings, saveShippingSettings } from './shipping.repository';

export interface DeliveryQuote {
  entrega: MetodoEntrega;
  rule: ShippingRule;
  /** The store's pickup point, for RETIRO. */
  pickup: RetiroTienda | null;
  /** The signed option the buyer accepted for a home delivery (decision 036), if any. */
  accepted: AcceptedShipping | null;
}

/**
 * The shipping rule of an order or a quote: pickup's (free) when the buyer picks it up and it is
 * on, else the región's; a cart that does not know its región yet gets the spec's values.
 * Pickup while it is off is a 422: the buyer must choose home delivery.
 */
export async function deliveryQuote(
  db: Db,
  entrega: MetodoEntrega,
  region: string | undefined,
  accepted: AcceptedShipping | null = null,
): Promise<DeliveryQuote> {
  if (entrega === 'RETIRO') {
    const pickup = await activePickup(db);
    if (!pickup) {
      throw new HttpError(422, SHIPPING_MESSAGES.pickupOff, {
        entrega: SHIPPING_MESSAGES.pickupOff,
      });
    }
    return { entrega, rule: PICKUP_SHIPPING_RULE, pickup, accepted: null };
  }
  if (!region) return { entrega, rule: DEFAULT_SHIPPING_RULE, pickup: null, accepted: null };
  const tarifa = await regionRule(db, region);
  // The accepted option's price, with the región's free-shipping threshold still honoured.
  const fee = accepted ? accepted.precio : tarifa.precio;
  return { entrega, rule: { fee, freeFrom: tarifa.envioGratisDesde }, pickup: null, accepted };
}

export { CarrierQuotes, type AcceptedShipping } from './carrier-quotes';
export { recordShipmentChoice } from './shipments.repository';
