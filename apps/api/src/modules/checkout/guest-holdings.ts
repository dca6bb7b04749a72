import { ORDER_MESSAGES } from '@nexbyte/shared';
import { customerEmailKey } from '../../customer-email';
import { HttpError } from '../../http-errors';
import { unpaidGuestHoldings } from '../orders/orders.service';
import type { Checkout } from './place-order';
import type { Step } from './workflow';

/**
 * What a guest's unpaid orders may hold together (decision 013), once the order is priced: their
 * units and their total, per e-mail (counted in the database, under the lock the limits step took
 * on the e-mail's key) and per client (counted by GuestClientLimit). One more is a 429 naming the
 * limit, and the transaction's rollback gives the stock back.
 */
export const guestHoldingsStep: Step<Checkout> = {
  name: 'reserva del invitado',
  async run(ctx) {
    const buyer = ctx.buyer!;
    if (buyer.usuarioId !== null) return;
    const { guestUnpaidMaxUnits: maxUnits, guestUnpaidMaxTotal: maxTotal } = ctx.limits;
    const units = ctx.input.request.items.reduce((sum, i) => sum + i.qty, 0);
    const total = ctx.totals!.total;
    // Counted by the limits step under the e-mail's lock, which this transaction still holds.
    const held =
      ctx.guestHeld ?? (await unpaidGuestHoldings(ctx.tx, customerEmailKey(buyer.correo)));
    if (held.units + units > maxUnits) {
      throw new HttpError(429, ORDER_MESSAGES.guestUnpaidUnits(maxUnits, 'correo'));
    }
    if (held.total + total > maxTotal + 0.005) {
      throw new HttpError(429, ORDER_MESSAGES.guestUnpaidTotal(maxTotal, 'correo'));
    }
    const hit = await ctx.input.guestClient?.take(units, total);
    if (hit === 'units') {
      throw new HttpError(429, ORDER_MESSAGES.guestUnpaidUnits(maxUnits, 'cliente'));
    }
    if (hit === 'total') {
      throw new HttpError(429, ORDER_MESSAGES.guestUnpaidTotal(maxTotal, 'cliente'));
    }
  },
};
