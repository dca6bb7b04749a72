import {
  findCoupon,
  normalizeCouponCode,
  orderTotals,
  quoteProblemMessage,
  type Cotizacion,
  type LineaPedidoInput,
  type ProblemaCotizacionItem,
} from '@nexbyte/shared';
import type { Db } from '../../db/client';
import { findProductsForCart, type ProductoActual } from './orders.repository';

const UNKNOWN_PRODUCT = 'Un producto de tu carrito';

/** A price the shopper saw differs from today's by at least a cent. */
const priceChanged = (seen: number | undefined, now: number) =>
  seen !== undefined && Math.abs(seen - now) >= 0.005;

function problemFor(
  item: LineaPedidoInput,
  product: ProductoActual | undefined,
): ProblemaCotizacionItem | null {
  const base = { productoId: item.productoId, precioAnterior: null, precioActual: null };
  if (!product || !product.activo) {
    const nombre = product?.nombre ?? UNKNOWN_PRODUCT;
    return {
      ...base,
      tipo: 'NO_DISPONIBLE',
      disponible: 0,
      mensaje: quoteProblemMessage({ tipo: 'NO_DISPONIBLE', nombre }),
    };
  }
  const { nombre, stock } = product;
  if (stock <= 0) {
    return {
      ...base,
      tipo: 'SIN_STOCK',
      disponible: 0,
      mensaje: quoteProblemMessage({ tipo: 'SIN_STOCK', nombre }),
    };
  }
  if (stock < item.qty) {
    return {
      ...base,
      tipo: 'STOCK_INSUFICIENTE',
      disponible: stock,
      mensaje: quoteProblemMessage({ tipo: 'STOCK_INSUFICIENTE', nombre, disponible: stock }),
    };
  }
  if (priceChanged(item.precio, product.precio)) {
    const facts = { precioAnterior: item.precio ?? null, precioActual: product.precio };
    return {
      ...base,
      ...facts,
      tipo: 'PRECIO_CAMBIO',
      disponible: stock,
      mensaje: quoteProblemMessage({ tipo: 'PRECIO_CAMBIO', nombre, ...facts }),
    };
  }
  return null;
}

/**
 * What the cart costs now, from the database: current prices and stock, the coupon and shipping
 * with the shared arithmetic, and what changed since each product went into the cart. Lines of
 * inactive or unknown products are left out of the totals.
 */
export async function quoteCart(
  db: Db,
  items: LineaPedidoInput[],
  cupon: string | null | undefined,
): Promise<Cotizacion> {
  const products = new Map(
    (
      await findProductsForCart(
        db,
        items.map((i) => i.productoId),
      )
    ).map((p) => [p.id, p]),
  );
  const coupon = findCoupon(cupon);
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
      qty: item.qty,
      stock: product.stock,
      disponible: product.stock >= item.qty,
      subtotal: Math.round(product.precio * item.qty * 100) / 100,
    });
  }
  const totals = orderTotals(
    lineas.map((l) => ({
      productoId: l.productoId,
      nombre: l.nombre,
      precio: l.precio,
      qty: l.qty,
    })),
    coupon,
  );
  return {
    lineas,
    problemas,
    cupon: coupon ? { codigo: coupon.code, label: coupon.label } : null,
    cuponInvalido: normalizeCouponCode(cupon) !== '' && coupon === null,
    subtotal: totals.subtotal,
    descuento: totals.discount,
    envio: totals.shipping,
    total: totals.total,
    iva: totals.iva,
  };
}
