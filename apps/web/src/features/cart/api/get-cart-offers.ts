import { unitPrice, type CartItem, type Cotizacion, type Oferta } from '@nexbyte/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { apiFetch } from '../../../lib/api-client';

/** What a cart line shows of its price: the one charged and, while an offer runs, the normal one. */
export interface CartLinePrice {
  precio: number;
  precioNormal?: number | null;
  oferta?: Oferta | null;
}

type QuotedLine = Cotizacion['lineas'][number];

/**
 * POST /pedidos/cotizacion for the cart's products, one unit each: only the prices are read, so a
 * change of quantity asks nothing. The server says which offers run now (decision 035).
 */
export async function getCartOffers(ids: readonly number[], signal?: AbortSignal) {
  const quote = await apiFetch<Cotizacion>('/pedidos/cotizacion', {
    method: 'POST',
    body: { items: ids.map((productoId) => ({ productoId, qty: 1 })) },
    signal,
  });
  return quote.lineas;
}

export const cartOffersQueryOptions = (ids: readonly number[]) =>
  queryOptions({
    queryKey: ['carrito', 'ofertas', ids],
    queryFn: ({ signal }) => getCartOffers(ids, signal),
    // An offer starts and ends by the server's clock: the cart asks again whenever it opens.
    staleTime: 0,
  });

/** The line's offer, when the server prices it at the price the line holds. */
function offerOf(item: CartItem, line: QuotedLine | undefined): CartLinePrice | null {
  if (!line || line.precioNormal == null || !line.oferta || line.precio !== unitPrice(item)) {
    return null;
  }
  return { precio: line.precio, precioNormal: line.precioNormal, oferta: line.oferta };
}

/**
 * Each line's price as the cart shows it: the price the line holds, with the normal price and the
 * offer while the server applies one at that price. A line whose price changed since it went into
 * the cart shows it as it is; the checkout's quote tells of the change.
 */
export function useCartPrices(items: readonly CartItem[]) {
  const ids = useMemo(() => items.map((item) => item.id).sort((a, b) => a - b), [items]);
  const { data: lines } = useQuery({ ...cartOffersQueryOptions(ids), enabled: ids.length > 0 });
  return useMemo(() => {
    const prices = new Map<number, CartLinePrice>();
    let savings = 0;
    for (const item of items) {
      const offer = offerOf(
        item,
        lines?.find((line) => line.productoId === item.id),
      );
      prices.set(item.id, offer ?? { precio: unitPrice(item) });
      if (offer) savings += (offer.precioNormal! - offer.precio) * item.qty;
    }
    // Prices may carry cents, as in cartSubtotal.
    return { prices, savings: Math.round(savings * 100) / 100 };
  }, [items, lines]);
}
