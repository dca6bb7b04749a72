import type { Producto } from '@nexbyte/shared';

/**
 * Products as a shopper sees them (docs/product.md#offers): an offer only while it runs. Tells
 * `expireAt` when any of these prices next changes, so a kept answer that holds them is dropped
 * then (decision 035): every cached route that answers products passes them through here.
 */
export function forShoppers(products: Producto[], expireAt: (ms: number) => void): Producto[] {
  noteOfferChanges(products, expireAt);
  return products.map(({ oferta, ...p }) =>
    p.precioNormal == null ? p : { ...p, oferta: oferta ?? null },
  );
}

/** Only the deadlines: for the staff's answers, which keep the stored offers. */
export function noteOfferChanges(products: Producto[], expireAt: (ms: number) => void): void {
  for (const p of products) {
    if (!p.oferta) continue;
    const desde = Date.parse(p.oferta.desde);
    const hasta = Date.parse(p.oferta.hasta);
    // Priced with the offer: true until it ends. Priced without it: until it starts, unless it
    // has ended (a start passed while this was priced clears at once).
    if (p.precioNormal != null) expireAt(hasta);
    else if (hasta > Date.now()) expireAt(desde);
  }
}
