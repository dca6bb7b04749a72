import {
  COUPON_INVALID_MESSAGE,
  ivaBreakdown,
  type TipoDocumento,
  normalizeCouponCode,
  orderTotals,
  type Coupon,
  type MetodoEntrega,
  quoteProblemMessage,
  type Cotizacion,
  type LineaPedidoInput,
  type MetodoPago,
  type ProblemaCotizacionItem,
  type QuoteProblemFacts,
} from '@nexbyte/shared';
import type { Db } from '../../db/client';
import {
  checkCouponRules,
  CouponRefused,
  findUsableCoupon,
  type CouponBuyer,
} from '../coupons/coupons.service';
import { productsForCart, type ProductForCart } from '../products/inventory';
import { deliveryQuote, type CarrierQuotes } from '../shipping/shipping.service';
import { withPaymentDiscount } from './payment-terms';

const UNKNOWN_PRODUCT = 'Un producto de tu carrito';

/** A price the shopper saw differs from today's by at least a cent. */
const priceChanged = (seen: number | undefined, now: number) =>
  seen !== undefined && Math.abs(seen - now) >= 0.005;

/** What changed for a cart line since it went into the cart, the gravest first; null if nothing. */
function problemFor(
  item: LineaPedidoInput,
  product: ProductForCart | undefined,
): ProblemaCotizacionItem | null {
  const stock = product?.stock ?? 0;
  const facts: Omit<QuoteProblemFacts, 'nombre'> | null =
    !product || !product.activo
      ? { tipo: 'NO_DISPONIBLE', disponible: 0 }
      : stock <= 0
        ? { tipo: 'SIN_STOCK', disponible: 0 }
        : stock < item.qty
          ? { tipo: 'STOCK_INSUFICIENTE', disponible: stock }
          : priceChanged(item.precio, product.precio)
            ? {
                tipo: 'PRECIO_CAMBIO',
                disponible: stock,
                precioAnterior: item.precio ?? null,
                precioActual: product.precio,
              }
            : null;
  if (!facts) return null;
  // An inactive product's name is not the public's to learn (a quote accepts any id).
  const nombre = product?.activo ? product.nombre : UNKNOWN_PRODUCT;
  return {
    productoId: item.productoId,
    precioAnterior: null,
    precioActual: null,
    disponible: 0,
    ...facts,
    mensaje: quoteProblemMessage({ ...facts, nombre }),
  };
}

/** The coupon if the server accepts it for this subtotal and buyer, else why not. */
async function judgeCoupon(
  db: Db,
  code: string | null | undefined,
  subtotal: number,
  buyer: CouponBuyer | null,
): Promise<{ coupon: Coupon | null; message: string | null }> {
  if (normalizeCouponCode(code) === '') return { coupon: null, message: null };
  const found = await findUsableCoupon(db, code);
  if (!found) return { coupon: null, message: COUPON_INVALID_MESSAGE };
  try {
    await checkCouponRules(db, found, subtotal, buyer);
    return { coupon: found.coupon, message: null };
  } catch (err) {
    if (err instanceof CouponRefused) return { coupon: null, message: err.message };
    throw err;
  }
}

export interface QuoteRequest {
  items: LineaPedidoInput[];
  cupon?: string | null | undefined;
  entrega: MetodoEntrega;
  region?: string | undefined;
  documento?: TipoDocumento | undefined;
  /** The signed shipping option chosen (decision 036). */
  envioCotizado?: string | undefined;
}

/**
 * What the cart costs now, from the database: current prices and stock, the coupon (judged by the
 * server's rules; a logged-in buyer's own uses count) and shipping (the región's, pickup's or the
 * spec's) with the shared arithmetic, the payment method's discount (the transfer's, `percent`),
 * and what changed since each product went into the cart. Lines of inactive or unknown products are
 * left out of the totals. A factura's quote also gives the total's neto; prices stay IVA-included
 * (docs/product.md#tax-documents).
 */
export async function quoteCart(
  db: Db,
  request: QuoteRequest,
  buyer: CouponBuyer | null,
  payment: { metodo: MetodoPago | undefined; percent: number },
  carrierQuotes?: CarrierQuotes,
): Promise<Cotizacion> {
  const { items, cupon } = request;
  const accepted =
    carrierQuotes && request.entrega === 'DESPACHO'
      ? await carrierQuotes.accepted(db, request, false)
      : null;
  const delivery = await deliveryQuote(db, request.entrega, request.region, accepted);
  const products = new Map(
    (
      await productsForCart(
        db,
        items.map((i) => i.productoId),
      )
    ).map((p) => [p.id, p]),
  );
  const lineas: Cotizacion['lineas'] = [];
  const problemas: ProblemaCotizacionItem[] = [];
  for (const item of items) {
    const product = products.get(item.productoId);
    const problem = problemFor(item, product);
    if (problem) problemas.push(problem);
    if (!product || !product.activo) continue;
    lineas.push({
      productoId: product.id,
      nombre: product.nombre,
      imagen: product.imagen,
      precio: product.precio,
      // Only while an offer runs, as a product's answer says it.
      ...(product.oferta ? { precioNormal: product.precioNormal, oferta: product.oferta } : {}),
      qty: item.qty,
      stock: product.stock,
      disponible: product.stock >= item.qty,
      subtotal: Math.round(product.precio * item.qty * 100) / 100,
    });
  }
  const priced = lineas.map((l) => ({
    productoId: l.productoId,
    nombre: l.nombre,
    precio: l.precio,
    qty: l.qty,
  }));
  const { subtotal } = orderTotals(priced, null, delivery.rule);
  const judged = await judgeCoupon(db, cupon, subtotal, buyer);
  const coupon = judged.coupon;
  const totals = withPaymentDiscount(
    orderTotals(priced, coupon, delivery.rule),
    payment.metodo,
    payment.percent,
  );
  const documento = request.documento ?? 'BOLETA';
  const factura = documento === 'FACTURA' ? ivaBreakdown(totals.total) : null;
  return {
    lineas,
    problemas,
    cupon: coupon
      ? { codigo: coupon.code, label: coupon.label, tipo: coupon.kind, valor: coupon.value }
      : null,
    cuponInvalido: judged.message !== null,
    cuponMensaje: judged.message,
    entrega: delivery.entrega,
    reglaEnvio: { precio: delivery.rule.fee, envioGratisDesde: delivery.rule.freeFrom },
    subtotal: totals.subtotal,
    descuento: totals.discount,
    descuentoPago: totals.paymentDiscount,
    envio: totals.shipping,
    total: totals.total,
    iva: factura?.iva ?? totals.iva,
    documento,
    neto: factura?.neto ?? null,
  };
}
