import { createHash } from 'node:crypto';
import {
  type buildDomainSchemas,
  fieldErrors,
  maxUnitsMessage,
  ORDER_MESSAGES,
  orderTotals,
  type Usuario,
} from '@nexbyte/shared';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { ShopEvent } from '../../events';
import { badRequest, conflict, HttpError, MESSAGES as HTTP_MESSAGES } from '../../http-errors';
import {
  checkCouponRules,
  findUsableCoupon,
  takeCouponUse,
  type FoundCoupon,
} from '../coupons/coupons.service';
import {
  unpaidGuestHoldings,
  findByIdempotencyKey,
  insertOrder,
  newAccessToken,
  setStatus,
} from '../orders/orders.service';
import type { Payments } from '../payments/payments.plugin';
import { pendingPaymentOf } from '../payments/payments.service';
import type { PaymentStart } from '../payments/provider';
import { keepOrderCompany } from '../invoicing/companies.service';
import { crossedLowStock, takeStock, type TakenLine } from '../products/inventory';
import {
  deliveryQuote,
  recordShipmentChoice,
  type CarrierQuotes,
  type DeliveryQuote,
} from '../shipping/shipping.service';
import { PAYMENT_MESSAGES } from './payment-flow';
import { customerEmailKey } from '../../customer-email';
import type { GuestClientHold } from './guest-client-limit';
import { guestHoldingsStep } from './guest-holdings';
import { withPaymentDiscount, type PricedTotals } from './payment-terms';
import { DONE, type Step } from './workflow';

type DomainSchemas = ReturnType<typeof buildDomainSchemas>;
export type OrderRequest = z.infer<DomainSchemas['pedido']>;

/** Advisory-lock class of the Idempotency-Key (two-key form; the sweep uses the one-key form). */
const IDEMPOTENCY_LOCK_CLASS = 724_100;
/** Advisory-lock class of a guest's e-mail: their orders are counted and placed one at a time. */
const GUEST_EMAIL_LOCK_CLASS = 724_102;

/** Holds `key` of `lockClass` until the order's transaction ends, where another could come between. */
async function lockUntilCommit(ctx: Checkout, lockClass: number, key: string): Promise<void> {
  if (ctx.oneTransactionAtATime) return;
  await ctx.tx.execute(sql`select pg_advisory_xact_lock(${lockClass}, hashtext(${key}))`);
}

export interface Buyer {
  usuarioId: number | null;
  nombre: string;
  correo: string;
  run: string | null;
  telefono: string | null;
}

export interface PlaceOrderInput {
  request: OrderRequest;
  /** The logged-in customer, or null for a guest. */
  user: Usuario | null;
  idempotencyKey?: string | undefined;
  /** A guest's places in their client's counters (GuestClientLimit); none for a customer. */
  guestClient?: GuestClientHold | undefined;
}

/** What placing an order knows as it goes, step by step. */
export interface Checkout {
  tx: Db;
  /**
   * The database runs one transaction at a time (the embedded PGlite, one connection): nobody
   * can come between this order's reads and writes, so the advisory locks that keep concurrent
   * orders apart on PostgreSQL would only cost a round trip each.
   */
  oneTransactionAtATime: boolean;
  input: PlaceOrderInput;
  /** The guest's data, checked with the shop's allowed e-mail domains. */
  guestSchema: DomainSchemas['datosInvitado'];
  expiryHours: number;
  /** How much one order may hold: units of a product, unpaid orders of a guest's e-mail. */
  limits: {
    maxUnitsPerProduct: number;
    guestUnpaidMax: number;
    guestUnpaidMaxUnits: number;
    guestUnpaidMaxTotal: number;
  };
  coupon?: FoundCoupon | null;
  /** Home delivery to the buyer's región, or pickup at the store, and what it costs. */
  delivery?: DeliveryQuote;
  buyer?: Buyer;
  /** A guest's unpaid orders under the e-mail's key, counted once under its lock. */
  guestHeld?: { orders: number; units: number; total: number };
  idempotency?: { scope: string; key: string; hash: string } | null;
  lines?: TakenLine[];
  totals?: PricedTotals;
  order?: { id: number; numero: string };
  /** A guest's new order: the token that opens it, answered once and e-mailed, never stored. */
  accessToken?: string;
  /** True when the Idempotency-Key had already placed this order: nothing new was bought. */
  replayed?: boolean;
  /** The payment providers on, the transfer discount and Webpay's return URL. */
  payments: Payments;
  /** The carrier's signed options (decision 036); absent, delivery is the región's table. */
  carrierQuotes?: CarrierQuotes;
  /** Where the buyer pays (WEBPAY); null for a transfer, a replay with none pending, or $0. */
  payment?: PaymentStart | null;
  /** True when the order needed no payment ($0) and was confirmed as it was placed. */
  paid?: boolean;
  log: FastifyBaseLogger;
  /** Published once the transaction has committed. */
  events: ShopEvent[];
}

/** A method this shop does not offer now (Webpay without credentials in production) is a 422. */
export const methodStep: Step<Checkout> = {
  name: 'medio de pago',
  beforeTransaction: true,
  run(ctx) {
    if (!ctx.payments.provider(ctx.input.request.metodoPago)) {
      throw new HttpError(422, PAYMENT_MESSAGES.webpayOff);
    }
  },
};

/** An unknown or inactive code is a 400; its other rules are checked once the subtotal is known. */
export const couponStep: Step<Checkout> = {
  name: 'cupón',
  async run(ctx) {
    const { cupon } = ctx.input.request;
    ctx.coupon = await findUsableCoupon(ctx.tx, cupon);
    if (cupon && !ctx.coupon) {
      throw badRequest(ORDER_MESSAGES.cupon, { cupon: ORDER_MESSAGES.cupon });
    }
  },
};

/** The región's shipping rule, or pickup's; pickup while it is off is a 422. */
export const deliveryStep: Step<Checkout> = {
  name: 'entrega',
  beforeTransaction: true,
  async run(ctx) {
    const { entrega, region } = ctx.input.request;
    const accepted =
      entrega === 'DESPACHO' && ctx.carrierQuotes
        ? await ctx.carrierQuotes.accepted(ctx.tx, ctx.input.request, true)
        : null;
    ctx.delivery = await deliveryQuote(ctx.tx, entrega, region, accepted);
  },
};

/**
 * A home delivery records how it travels: the carrier's service and price the buyer accepted, or
 * the región's table (no carrier, or it did not answer), with the parcel it was rated for.
 */
export const shipmentChoiceStep: Step<Checkout> = {
  name: 'envío elegido',
  async run(ctx) {
    const { request } = ctx.input;
    if (request.entrega !== 'DESPACHO' || !ctx.carrierQuotes) return;
    const accepted =
      ctx.delivery!.accepted ??
      ctx.carrierQuotes.tableShipping(
        ctx.lines!,
        request.region!,
        request.comuna!,
        ctx.delivery!.rule.fee,
      );
    await recordShipmentChoice(ctx.tx, ctx.order!.id, accepted);
  },
};

export const buyerStep: Step<Checkout> = {
  name: 'comprador',
  beforeTransaction: true,
  run(ctx) {
    const { user, request } = ctx.input;
    if (user) {
      ctx.buyer = {
        usuarioId: user.id,
        nombre: `${user.nombre} ${user.apellidos}`,
        correo: user.correo,
        run: user.run,
        telefono: request.telefono ?? user.telefono,
      };
      return;
    }
    const guest = ctx.guestSchema.safeParse(request);
    if (!guest.success) throw badRequest(HTTP_MESSAGES.validation, fieldErrors(guest.error));
    const { nombre, correo, run, telefono } = guest.data;
    ctx.buyer = { usuarioId: null, nombre, correo, run, telefono };
  },
};

/**
 * What identifies a purchase for its Idempotency-Key: the cart and the delivery, not the prices the
 * cart showed or the expected total (a retry after a price change is the same purchase).
 */
function requestFingerprint(ctx: Checkout): string {
  const { items, entrega, region, comuna, direccion } = ctx.input.request;
  const lines = [...items]
    .sort((a, b) => a.productoId - b.productoId)
    .map((i) => [i.productoId, i.qty]);
  const { correo, run } = ctx.buyer!;
  const place = entrega === 'RETIRO' ? { entrega } : { region, comuna, direccion };
  const facts: unknown[] = [lines, ctx.coupon?.coupon.code ?? null, place, correo, run];
  // A boleta adds nothing, so keys given before documents were asked for still match.
  const { documento } = ctx.input.request;
  if (documento.tipo === 'FACTURA') facts.push(documento);
  return createHash('sha256').update(JSON.stringify(facts)).digest('hex');
}

/** With an Idempotency-Key, a second request waits for the first and answers its order. */
export const idempotencyStep: Step<Checkout> = {
  name: 'idempotencia',
  async run(ctx) {
    const { idempotencyKey: key, user } = ctx.input;
    if (!key) return;
    const scope = user ? `u:${user.id}` : `g:${ctx.buyer!.correo}`;
    ctx.idempotency = { scope, key, hash: requestFingerprint(ctx) };
    await lockUntilCommit(ctx, IDEMPOTENCY_LOCK_CLASS, `${scope}|${key}`);
    const existing = await findByIdempotencyKey(ctx.tx, scope, key);
    if (!existing) return;
    if (existing.requestHash !== ctx.idempotency.hash) {
      throw new HttpError(422, ORDER_MESSAGES.keyReused);
    }
    ctx.order = { id: existing.id, numero: existing.numero };
    ctx.replayed = true;
    // A replay sends the buyer to the attempt still open, so a lost answer can still be paid.
    const pending = await pendingPaymentOf(ctx.tx, existing.id);
    ctx.payment = pending ? { url: pending.url, token: pending.token } : null;
    return DONE;
  },
};

/** A 400 when a line asks for more units of one product than an order may take. */
export function checkUnitsPerProduct(items: readonly { qty: number }[], max: number): void {
  if (items.some((i) => i.qty > max)) {
    const message = maxUnitsMessage(max);
    throw badRequest(message, { items: message });
  }
}

/**
 * What one order may hold (decision 013): a few units of each product, and a guest's e-mail a few
 * unpaid orders at a time. After the idempotency step, so a replay is never refused.
 */
export const limitsStep: Step<Checkout> = {
  name: 'límites',
  async run(ctx) {
    const { maxUnitsPerProduct, guestUnpaidMax } = ctx.limits;
    checkUnitsPerProduct(ctx.input.request.items, maxUnitsPerProduct);
    if (ctx.buyer!.usuarioId !== null) return;
    // Counted under the e-mail's key: 'ana+1@…' and 'ana@…' wait for each other and count together.
    const key = customerEmailKey(ctx.buyer!.correo);
    await lockUntilCommit(ctx, GUEST_EMAIL_LOCK_CLASS, key);
    ctx.guestHeld = await unpaidGuestHoldings(ctx.tx, key);
    if (ctx.guestHeld.orders >= guestUnpaidMax) {
      throw new HttpError(429, ORDER_MESSAGES.guestUnpaidEmail);
    }
  },
};

/** Takes the stock of every line; a shortfall throws and so takes nothing. */
export const stockStep: Step<Checkout> = {
  name: 'stock',
  async run(ctx) {
    const taken = await takeStock(ctx.tx, ctx.input.request.items);
    for (const { productoId, nombre, stock } of crossedLowStock(taken)) {
      ctx.events.push({ name: 'producto.stock_bajo', data: { id: productoId, nombre, stock } });
    }
    // The lines keep the cart's order.
    ctx.lines = ctx.input.request.items.map((i) =>
      taken.find((t) => t.productoId === i.productoId)!,
    );
  },
};

/**
 * Prices the lines with what the database answered when the stock was taken, the coupon (whose
 * dates, minimum and limits are checked against this subtotal) and the delivery's rule, with the
 * payment method's discount (the transfer's).
 */
export const quoteStep: Step<Checkout> = {
  name: 'cotización',
  async run(ctx) {
    const totals = orderTotals(ctx.lines!, ctx.coupon?.coupon ?? null, ctx.delivery!.rule);
    if (ctx.coupon) await checkCouponRules(ctx.tx, ctx.coupon, totals.subtotal, ctx.buyer!);
    ctx.totals = withPaymentDiscount(
      totals,
      ctx.input.request.metodoPago,
      ctx.payments.transferDiscountPct,
    );
    const expected = ctx.input.request.totalEsperado;
    if (expected !== undefined && Math.abs(expected - ctx.totals.total) >= 0.005) {
      throw conflict(ORDER_MESSAGES.totalChanged);
    }
  },
};

/** Writes the order, its lines and its first event. */
export const orderStep: Step<Checkout> = {
  name: 'pedido',
  async run(ctx) {
    const { request } = ctx.input;
    const buyer = ctx.buyer!;
    const totals = ctx.totals!;
    // A pickup order keeps the store's address and hours as they were that day.
    const { pickup } = ctx.delivery!;
    const place = pickup
      ? { region: pickup.region, comuna: pickup.comuna, direccion: pickup.direccion }
      : { region: request.region!, comuna: request.comuna!, direccion: request.direccion! };
    // A customer's order opens with their session; only a guest's needs a link of its own.
    const access = buyer.usuarioId === null ? newAccessToken() : null;
    if (access) ctx.accessToken = access.token;
    ctx.order = await insertOrder(
      ctx.tx,
      {
        usuarioId: buyer.usuarioId,
        invitado: buyer.usuarioId === null,
        tokenHash: access?.hash ?? null,
        clienteNombre: buyer.nombre,
        clienteCorreo: buyer.correo,
        clienteRun: buyer.run,
        clienteTelefono: buyer.telefono,
        ...place,
        entrega: ctx.delivery!.entrega,
        retiroHorario: pickup?.horario ?? null,
        metodoPago: request.metodoPago,
        documentoTipo: request.documento.tipo,
        facturaEmpresa: request.documento.tipo === 'FACTURA' ? request.documento.empresa : null,
        cupon: ctx.coupon?.coupon.code ?? null,
        cuponLabel: ctx.coupon?.coupon.label ?? null,
        subtotal: totals.subtotal.toFixed(2),
        descuento: totals.discount.toFixed(2),
        descuentoPago: totals.paymentDiscount.toFixed(2),
        envio: totals.shipping.toFixed(2),
        total: totals.total.toFixed(2),
        idempotencyScope: ctx.idempotency?.scope ?? null,
        idempotencyKey: ctx.idempotency?.key ?? null,
        requestHash: ctx.idempotency?.hash ?? null,
        expiresAt: sql`now() + ${ctx.expiryHours}::float8 * interval '1 hour'`,
      },
      ctx.lines!.map((l) => ({
        productoId: l.productoId,
        nombre: l.nombre,
        precio: l.precio.toFixed(2),
        qty: l.qty,
      })),
      {
        de: null,
        a: 'PENDIENTE_PAGO',
        usuarioId: buyer.usuarioId,
        por: `${buyer.usuarioId ? 'cliente' : 'invitado'}: ${buyer.nombre} <${buyer.correo}>`,
      },
    );
  },
};

/**
 * A customer's factura keeps its company in their account (added, or updated by its RUT) in this
 * transaction, so /cuenta and the next checkout offer it; a guest's stays with the order only.
 */
export const companyStep: Step<Checkout> = {
  name: 'empresa de la factura',
  async run(ctx) {
    const { documento } = ctx.input.request;
    const { usuarioId } = ctx.buyer!;
    if (documento.tipo !== 'FACTURA' || usuarioId === null) return;
    await keepOrderCompany(ctx.tx, usuarioId, documento.empresa);
  },
};

/** Counts the coupon's use in this transaction: none left is a 409, the buyer's own limit a 422. */
export const couponUseStep: Step<Checkout> = {
  name: 'uso del cupón',
  async run(ctx) {
    if (!ctx.coupon) return;
    const { usuarioId, correo, run } = ctx.buyer!;
    await takeCouponUse(ctx.tx, ctx.coupon, ctx.order!.id, { usuarioId, correo, run });
  },
};

/**
 * A total of $0 (a coupon that covers it all, with pickup) has nothing to pay: the order is
 * confirmed at once, PAGADO with no payment attempt and no provider asked, in this transaction.
 */
export const nothingToPayStep: Step<Checkout> = {
  name: 'sin pago',
  async run(ctx) {
    if (ctx.totals!.total >= 0.005) return;
    await setStatus(ctx.tx, [ctx.order!.id], {
      de: 'PENDIENTE_PAGO',
      a: 'PAGADO',
      usuarioId: null,
      por: 'sistema: total $0, sin pago',
    });
    ctx.paid = true;
    ctx.payment = null;
  },
};

export const announceStep: Step<Checkout> = {
  name: 'eventos',
  run(ctx) {
    const { id, numero } = ctx.order!;
    const acceso = ctx.accessToken ? { acceso: ctx.accessToken } : {};
    ctx.events.push({
      name: 'pedido.creado',
      data: { id, numero, de: null, a: 'PENDIENTE_PAGO', ...acceso },
    });
    if (ctx.paid) {
      ctx.events.push({
        name: 'pedido.pagado',
        data: { id, numero, de: 'PENDIENTE_PAGO', a: 'PAGADO' },
      });
    }
  },
};

/**
 * Placing an order, in order, in one transaction: the stock is taken and the order written. The
 * payment is opened after it commits, with no transaction open (checkout.plugin.ts, startPayment):
 * a slow provider must hold no row lock, no pooled connection and not PGlite's one connection.
 */
export const PLACE_ORDER_STEPS: readonly Step<Checkout>[] = [
  methodStep,
  deliveryStep,
  buyerStep,
  couponStep,
  idempotencyStep,
  limitsStep,
  stockStep,
  quoteStep,
  guestHoldingsStep,
  orderStep,
  shipmentChoiceStep,
  companyStep,
  couponUseStep,
  nothingToPayStep,
  announceStep,
];
