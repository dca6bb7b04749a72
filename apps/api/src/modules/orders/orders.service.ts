import type { DatosTransferencia, Pedido } from '@nexbyte/shared';
import type { Db } from '../../db/client';
import { findOrderView } from './orders.repository';

/**
 * What the orders module offers the others. Checkout writes orders only through these, inside the
 * transaction it gives them; everyone reads an order as the API answers it.
 */
export { accessTokenMatches, mayRead, newAccessToken, orderLinkPath } from './order-access';
export {
  unpaidGuestHoldings,
  renewAccessToken,
  setStockHold,
  deleteOrder,
  dueOrderIds,
  findByIdempotencyKey,
  insertOrder,
  lockDueOrders,
  findOrderRow,
  lockOrder,
  lockOrderForPayment,
  setPaymentTerms,
  setStatus,
  unitsOf,
  type NewOrder,
  type NewOrderLine,
  type OrderPaymentTerms,
  type PedidoRow,
  type StatusEvent,
  type Tracking,
} from './orders.repository';

/** An order as the API answers it, or null when there is none with that number. */
export async function findOrder(
  db: Db,
  numero: string,
  options: { bank: DatosTransferencia; showActors: boolean },
): Promise<Pedido | null> {
  return findOrderView(db, numero, options);
}
