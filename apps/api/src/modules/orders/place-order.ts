import { createHash } from 'node:crypto';
import {
  MESSAGES_PEDIDO,
  orderTotals,
  shortfallMessage,
  type Coupon,
  type FaltaStock,
  type LineaPedidoInput,
  type MetodoPago,
} from '@nexbyte/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { productos } from '../../db/schema';
import { pedidoEventos, pedidoItems, pedidos } from '../../db/schema-orders';
import { conflict, HttpError } from '../../http-errors';
import { takeStock, type TakenLine } from './orders.repository';

/** Advisory-lock class of the Idempotency-Key (two-key form; the sweep uses the one-key form). */
const IDEMPOTENCY_LOCK_CLASS = 724_100;

/** A shortfall: nothing was taken, and the answer names what ran short. */
export class ShortfallError extends Error {
  constructor(readonly body: FaltaStock) {
    super(body.message);
    this.name = 'ShortfallError';
  }
}

export interface Buyer {
  usuarioId: number | null;
  nombre: string;
  correo: string;
  run: string | null;
  telefono: string | null;
}

export interface Idempotency {
  key: string;
  /** Whose key it is: 'u:<id>' for a customer, 'g:<e-mail>' for a guest. */
  scope: string;
}

export interface PlaceOrderInput {
  buyer: Buyer;
  entrega: { region: string; comuna: string; direccion: string };
  items: LineaPedidoInput[];
  coupon: Coupon | null;
  metodoPago: MetodoPago;
  totalEsperado?: number | undefined;
  idempotency: Idempotency | null;
  expiryHours: number;
}

export interface PlacedOrder {
  id: number;
  /** True when the Idempotency-Key had already placed this order: nothing new was bought. */
  replayed: boolean;
}

/**
 * What identifies a purchase for its Idempotency-Key: the cart and the delivery, not the prices the
 * cart showed or the expected total (a retry after a price change is the same purchase).
 */
export function requestFingerprint(input: PlaceOrderInput): string {
  const items = [...input.items]
    .sort((a, b) => a.productoId - b.productoId)
    .map((i) => [i.productoId, i.qty]);
  const { buyer, entrega } = input;
  const facts = [items, input.coupon?.code ?? null, entrega, buyer.correo, buyer.run];
  return createHash('sha256').update(JSON.stringify(facts)).digest('hex');
}

async function shortfall(db: Db, missing: LineaPedidoInput[]): Promise<ShortfallError> {
  const rows = await db
    .select({
      id: productos.id,
      nombre: productos.nombre,
      stock: productos.stock,
      activo: productos.activo,
    })
    .from(productos)
    .where(
      inArray(
        productos.id,
        missing.map((m) => m.productoId),
      ),
    );
  const byId = new Map(rows.map((r) => [r.id, r]));
  const products = missing.map((m) => {
    const row = byId.get(m.productoId);
    return {
      productoId: m.productoId,
      nombre: row?.nombre ?? `Producto ${m.productoId}`,
      disponible: row?.activo ? row.stock : 0,
    };
  });
  return new ShortfallError({
    message: shortfallMessage(products.map((p) => p.nombre)),
    productos: products,
  });
}

/**
 * Places an order in one transaction: takes each line's stock with a guarded update (in product id
 * order, so concurrent orders never deadlock), prices the lines with what the database answered,
 * and writes the order, its lines and its first event. A shortfall throws and so takes nothing.
 * With an Idempotency-Key, a second request waits for the first and answers its order.
 */
export async function placeOrder(db: Db, input: PlaceOrderInput): Promise<PlacedOrder> {
  const hash = input.idempotency ? requestFingerprint(input) : null;
  return db.transaction(async (tx) => {
    if (input.idempotency) {
      const { scope, key } = input.idempotency;
      await tx.execute(
        sql`select pg_advisory_xact_lock(${IDEMPOTENCY_LOCK_CLASS}, hashtext(${`${scope}|${key}`}))`,
      );
      const [existing] = await tx
        .select({ id: pedidos.id, requestHash: pedidos.requestHash })
        .from(pedidos)
        .where(and(eq(pedidos.idempotencyScope, scope), eq(pedidos.idempotencyKey, key)));
      if (existing) {
        if (existing.requestHash !== hash) throw new HttpError(422, MESSAGES_PEDIDO.claveReusada);
        return { id: existing.id, replayed: true };
      }
    }

    const taken: TakenLine[] = [];
    const missing: LineaPedidoInput[] = [];
    for (const item of [...input.items].sort((a, b) => a.productoId - b.productoId)) {
      const line = await takeStock(tx, item.productoId, item.qty);
      if (line) taken.push(line);
      else missing.push(item);
    }
    if (missing.length > 0) throw await shortfall(tx, missing);

    // The lines keep the cart's order.
    const order = input.items.map((i) => taken.find((t) => t.productoId === i.productoId)!);
    const totals = orderTotals(order, input.coupon);
    if (
      input.totalEsperado !== undefined &&
      Math.abs(input.totalEsperado - totals.total) >= 0.005
    ) {
      throw conflict(MESSAGES_PEDIDO.totalCambio);
    }

    const { buyer, entrega } = input;
    const [created] = await tx
      .insert(pedidos)
      .values({
        usuarioId: buyer.usuarioId,
        clienteNombre: buyer.nombre,
        clienteCorreo: buyer.correo,
        clienteRun: buyer.run,
        clienteTelefono: buyer.telefono,
        ...entrega,
        metodoPago: input.metodoPago,
        cupon: input.coupon?.code ?? null,
        subtotal: totals.subtotal.toFixed(2),
        descuento: totals.discount.toFixed(2),
        envio: totals.shipping.toFixed(2),
        total: totals.total.toFixed(2),
        idempotencyScope: input.idempotency?.scope ?? null,
        idempotencyKey: input.idempotency?.key ?? null,
        requestHash: hash,
        expiresAt: sql`now() + ${input.expiryHours}::float8 * interval '1 hour'`,
      })
      .returning({ id: pedidos.id });
    const id = created!.id;
    await tx.insert(pedidoItems).values(
      order.map((l) => ({
        pedidoId: id,
        productoId: l.productoId,
        nombre: l.nombre,
        precio: l.precio.toFixed(2),
        qty: l.qty,
      })),
    );
    await tx.insert(pedidoEventos).values({
      pedidoId: id,
      de: null,
      a: 'PENDIENTE_PAGO',
      usuarioId: buyer.usuarioId,
      por: `${buyer.usuarioId ? 'cliente' : 'invitado'}: ${buyer.nombre} <${buyer.correo}>`,
    });
    return { id, replayed: false };
  });
}
