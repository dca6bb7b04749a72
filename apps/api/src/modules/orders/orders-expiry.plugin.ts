import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sweepExpiredOrders, type SweepResult } from './change-status';
import { notifyOrder } from './orders.mail';

declare module 'fastify' {
  interface FastifyInstance {
    /** Cancels the expired unpaid orders now (the timer calls it too); for tests and operators. */
    sweepExpiredOrders(): Promise<SweepResult>;
  }
}

/**
 * Unpaid orders give their stock back after ORDER_EXPIRY_HOURS. Every instance runs the timer; the
 * sweep's advisory lock lets only one of them work at a time. The timer never keeps the process
 * alive, and closing the app waits for a sweep in progress.
 */
async function ordersExpiry(app: FastifyInstance) {
  const log = app.log.child({ modulo: 'pedidos' });

  const sweep = async () => {
    const result = await sweepExpiredOrders(app.db);
    for (const order of result.expired) notifyOrder(app, order.numero, 'vencido');
    if (result.expired.length > 0) {
      log.info(
        { pedidos: result.expired.map((o) => o.numero) },
        'pedidos cancelados por falta de pago; su stock volvió a la venta',
      );
    }
    return result;
  };
  app.decorate('sweepExpiredOrders', sweep);

  const seconds = app.config.orders.sweepIntervalSeconds;
  if (seconds === 0) return;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | null = null;
  const tick = () => {
    if (running) return;
    running = sweep()
      .catch((err: unknown) => log.error({ err }, 'falló la cancelación de pedidos vencidos'))
      .finally(() => {
        running = null;
      });
  };
  app.addHook('onReady', async () => {
    timer = setInterval(tick, seconds * 1000);
    timer.unref();
  });
  // Registered after the mailer, so this runs first: no sweep is left half done at shutdown.
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}

export default fp(ordersExpiry, { name: 'orders-expiry', dependencies: ['core', 'mailer'] });
