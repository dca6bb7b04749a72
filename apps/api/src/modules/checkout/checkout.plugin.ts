import { buildDomainSchemas, type EstadoPedido, type MetodoPago } from '@nexbyte/shared';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  changeOrderStatus,
  sweepExpiredOrders,
  type Actor,
  type Moved,
  type StatusChange,
  type SweepResult,
} from './order-status';
import type { Tracking } from '../orders/orders.service';
import type { PaymentStart } from '../payments/provider';
import type { Db } from '../../db/client';
import { HttpError } from '../../http-errors';
import {
  abortReturn,
  releaseUnopenedOrder,
  retryPayment,
  settleAttempt,
  startPayment,
  type Settled,
} from './payment-flow';
import { stockHoldHours } from './payment-terms';
import { restockEvents } from '../products/inventory';
import { PLACE_ORDER_STEPS, type Checkout, type PlaceOrderInput } from './place-order';
import { runSteps, splitAtTransaction, type Step } from './workflow';
import { PriorityGate } from '../../db/priority-gate';

/**
 * How long a new order may be passed over by the answers of orders already placed: they are read
 * first, so a placed order is answered without waiting behind the line of new ones.
 */
const ANSWER_FIRST_MS = 250;

export interface PlacedOrder {
  id: number;
  numero: string;
  /** True when the Idempotency-Key had already placed this order: nothing new was bought. */
  replayed: boolean;
  /** A guest's new order: the token that opens it (null for a customer's or a replayed one). */
  acceso: string | null;
  /** With WEBPAY: where the buyer pays (a replay answers the attempt still pending, if any). */
  pago: PaymentStart | null;
}

export interface CheckoutService {
  placeOrder(input: PlaceOrderInput, steps?: readonly Step<Checkout>[]): Promise<PlacedOrder>;
  /** Marking ENVIADO may record the carrier and tracking number. */
  changeStatus(
    numero: string,
    to: EstadoPedido,
    actor: Actor,
    tracking?: Tracking,
  ): Promise<StatusChange>;
  /** The buyer came back from Webpay with token_ws: commit once and settle the order. */
  confirmPayment(token: string): Promise<Settled>;
  /** The buyer cancelled on Webpay (TBK_TOKEN): no commit, the order keeps waiting. */
  abortPayment(token: string): Promise<Settled>;
  /**
   * Reads what a placed order answers in the orders' line (decision 038), ahead of the orders
   * still waiting to be placed.
   */
  answerInTurn<T>(work: () => Promise<T>): Promise<T>;
  /** Pays an unpaid order again with a method, or switches it to the transfer. */
  retryPayment(
    numero: string,
    metodo: MetodoPago,
    por: string,
  ): Promise<{ numero: string; pago: PaymentStart | null }>;
}

declare module 'fastify' {
  interface FastifyInstance {
    checkout: CheckoutService;
    /** Cancels the expired unpaid orders now (its periodic job calls it too); for tests and operators. */
    sweepExpiredOrders(): Promise<SweepResult>;
  }
}

/**
 * Checkout: placing an order, moving it between statuses and expiring the unpaid ones, each in one
 * transaction that records its events (and so its e-mails) before it commits. Unpaid orders give
 * their stock back after ORDER_EXPIRY_HOURS: the sweep is a periodic job of the durable queue, one
 * per period across all instances (and its advisory lock still lets only one work at a time).
 */
async function checkout(app: FastifyInstance) {
  const log = app.log.child({ modulo: 'pedidos' });
  const { datosInvitado } = buildDomainSchemas(app.config.allowedEmailDomains);
  const record = app.events.record;
  const resultOf = async <T>(moved: Promise<Moved<T>>): Promise<T> => (await moved).result;
  const forgetMails = (tx: Db, numero: string) => app.mailer.forgetOrder(tx, numero);

  /**
   * Opens the payment of an order just placed (startPayment: the provider is called outside any
   * transaction). If the provider fails, the order is given back, stock and coupon included, and
   * the buyer gets the 502 as before: nothing about it has been published or e-mailed yet.
   */
  const openPayment = async (ctx: Checkout) => {
    const order = ctx.order!;
    const totals = ctx.totals!;
    const { metodoPago } = ctx.input.request;
    // A transfer starts nothing, and the order was just written with these very terms.
    if (metodoPago === 'TRANSFERENCIA') return null;
    const buyer = ctx.buyer!;
    const terms = { metodoPago, descuentoPago: totals.paymentDiscount, total: totals.total };
    const seen = {
      ...order,
      ...terms,
      estado: 'PENDIENTE_PAGO' as const,
      subtotal: totals.subtotal,
      descuento: totals.discount,
      envio: totals.shipping,
    };
    const por = `${buyer.usuarioId ? 'cliente' : 'invitado'}: ${buyer.nombre}`;
    try {
      const provider = app.payments.provider(metodoPago)!;
      return await startPayment(app.db, provider, seen, terms, app.payments.returnUrl, por, log);
    } catch (err) {
      if (err instanceof HttpError && err.statusCode === 502) {
        await releaseUnopenedOrder(app.db, order.id, async (tx, numero, restocked) => {
          await forgetMails(tx, numero);
          await app.events.record(tx, restockEvents(restocked));
        });
      }
      throw err;
    }
  };

  // Orders are placed ORDER_CONCURRENCY at a time (decision 038): a burst waits in line instead
  // of taking the CPU from the shoppers reading the catalogue, and background work (e-mails)
  // waits while orders do. The payment's opening (a call to Webpay) is outside the line.
  const { concurrency, queueWaitMs, readsFirstMs } = app.config.orders;
  const turns = new PriorityGate({ limit: concurrency, patienceMs: ANSWER_FIRST_MS });
  // Shoppers whose catalogue answers are being read from the database when an order's turn
  // comes are answered first, waited for at most readsFirstMs: reads before writes (decision
  // 029), so a burst's orders leave the database and the CPU to them between one order and the
  // next rather than take turns with them inside each.
  const readsFirst = async () => {
    const cache = app.catalogCache;
    if (readsFirstMs === 0 || cache.building === 0) return;
    let timer: NodeJS.Timeout | undefined;
    const bound = new Promise<void>((resolve) => (timer = setTimeout(resolve, readsFirstMs)));
    await Promise.race([cache.whenBuilt(), bound]);
    clearTimeout(timer);
  };
  const inTurn = async <T>(lane: 'statement' | 'transaction', work: () => Promise<T>) => {
    await turns.acquire(lane, queueWaitMs);
    try {
      if (lane === 'transaction') await readsFirst();
      return await work();
    } finally {
      turns.release(lane);
    }
  };
  app.jobs.giveWayWhile(() => turns.waiting('transaction') > 0);

  app.decorate('checkout', {
    async placeOrder(input, steps = PLACE_ORDER_STEPS) {
      const [before, inside] = splitAtTransaction(steps);
      const ctx = await inTurn('transaction', async () => {
        const ctx: Checkout = {
          tx: app.db,
          oneTransactionAtATime: app.database.kind === 'pglite',
          input,
          guestSchema: datosInvitado,
          expiryHours: stockHoldHours(input.request.metodoPago, app.config.orders),
          limits: {
            maxUnitsPerProduct: app.config.orders.maxUnitsPerProduct,
            guestUnpaidMax: app.config.orders.guestUnpaidMax,
            guestUnpaidMaxUnits: app.config.orders.guestUnpaidMaxUnits,
            guestUnpaidMaxTotal: app.config.orders.guestUnpaidMaxTotal,
          },
          payments: app.payments,
          carrierQuotes: app.carrierQuotes,
          log,
          events: [],
        };
        // The checks that read only settings, before the transaction: its hold of the database
        // (on PGlite, of the one connection shoppers' reads wait for) is the writes' alone.
        await runSteps(before, ctx);
        return app.db.transaction(async (tx) => {
          ctx.tx = tx;
          await runSteps(inside, ctx);
          await record(tx, ctx.events);
          return ctx;
        });
      });
      // The order, its stock and its e-mails are committed; the payment opens with no
      // transaction held (a payment that cannot open gives the order back, e-mails included).
      if (!ctx.replayed && !ctx.paid) ctx.payment = await openPayment(ctx);
      return {
        ...ctx.order!,
        replayed: ctx.replayed ?? false,
        acceso: ctx.accessToken ?? null,
        pago: ctx.payment ?? null,
      };
    },
    answerInTurn: (work) => inTurn('statement', work),
    changeStatus: (numero, to, actor, tracking) =>
      resultOf(changeOrderStatus(app.db, app.payments, record, numero, to, actor, tracking)),
    confirmPayment: (token) =>
      resultOf(settleAttempt(app.db, app.payments, record, token, 'comprador', log)),
    abortPayment: (token) => abortReturn(app.db, token),
    retryPayment: (numero, metodo, por) =>
      retryPayment(app.db, app.payments, numero, metodo, por, log),
  } satisfies CheckoutService);

  const sweep = async () => {
    const result = await resultOf(sweepExpiredOrders(app.db, app.payments, record, log));
    if (result.paid.length > 0) {
      log.info(
        { pedidos: result.paid.map((o) => o.numero) },
        'pedidos vencidos cuyo pago Webpay estaba autorizado: quedaron pagados',
      );
    }
    if (result.expired.length > 0) {
      log.info(
        { pedidos: result.expired.map((o) => o.numero) },
        'pedidos cancelados por falta de pago; su stock volvió a la venta',
      );
    }
    return result;
  };
  app.decorate('sweepExpiredOrders', sweep);
  // A job of the durable queue: once per ORDER_SWEEP_INTERVAL_SECONDS across every instance, and
  // at start-up, so a restart never postpones it (0: only when called, as tests do).
  app.jobs.every('pedidos-vencidos', app.config.orders.sweepIntervalSeconds, async () => {
    await sweep();
  });
}

export default fp(checkout, {
  name: 'checkout',
  dependencies: ['core', 'catalog-cache', 'events', 'payments', 'jobs', 'mailer'],
});
