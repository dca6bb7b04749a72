import type { Pedido } from '@nexbyte/shared';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { correos } from '../mail/mail.schema';
import { getOrder, guestOrder, productNamed, setStock, stockOf } from '../orders/orders.fixtures';
import { pedidos } from '../orders/orders.schema';
import { PriorityGate } from '../../db/priority-gate';
import { createTestApp, type TestContext } from '../../test/test-app';
import { JobQueue } from './job-queue';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Another instance of the shop's queue on the same database. */
function otherInstance(pollSeconds = 0) {
  return new JobQueue({ database: t.app.database, log: t.app.log, pollSeconds });
}

const jobsNamed = async (name: string) => {
  const { rows } = await t.app.database.executeSql(
    `select count(*)::int as n from pgboss.job where name = $1`,
    [name],
  );
  return (rows[0] as { n: number }).n;
};

describe('periodic work', () => {
  it('is one job per period across instances, run by one of them', async () => {
    let runs = 0;
    const a = otherInstance();
    const b = otherInstance();
    for (const q of [a, b]) {
      q.every('prueba-periodica', 3_600, async () => {
        runs++;
      });
      await q.start();
    }
    try {
      await Promise.all([a.schedulePeriodic(), b.schedulePeriodic(), a.schedulePeriodic()]);
      expect(await jobsNamed('prueba-periodica')).toBe(1);
      await Promise.all([a.runDue(), b.runDue()]);
      expect(runs).toBe(1);
      // The same period again: nothing new to run.
      await Promise.all([a.schedulePeriodic(), b.schedulePeriodic()]);
      await Promise.all([a.runDue(), b.runDue()]);
      expect(runs).toBe(1);
    } finally {
      await Promise.all([a.stop(1_000), b.stop(1_000)]);
    }
  });

  it('runs at start-up, not one period later', async () => {
    let runs = 0;
    const q = otherInstance(0.5);
    q.every('prueba-al-iniciar', 3_600, async () => {
      runs++;
    });
    await q.start();
    try {
      await vi.waitFor(() => expect(runs).toBe(1), { timeout: 15_000, interval: 100 });
    } finally {
      await q.stop(1_000);
    }
  });
});

describe('the expiry sweep on two instances', () => {
  it('cancels each expired order once and gives its stock back once', async () => {
    const mouse = await productNamed(t.app.db, 'Mouse Logitech G203 Lightsync');
    await setStock(t.app.db, mouse.id, 40);
    const orders = [];
    for (let i = 0; i < 3; i++) {
      orders.push(
        await guestOrder(t, [{ productoId: mouse.id, qty: 2 }], { correo: `v${i}@gmail.com` }),
      );
    }
    expect(await stockOf(t.app.db, mouse.id)).toBe(34);
    await t.app.db
      .update(pedidos)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(
        inArray(
          pedidos.numero,
          orders.map((o) => o.numero),
        ),
      );
    // This app's queue and another instance's, each with the sweep as its periodic job.
    const other = otherInstance();
    other.every('pedidos-vencidos', 10, async () => {
      await t.app.sweepExpiredOrders();
    });
    await other.start();
    try {
      await Promise.all([t.app.jobs.schedulePeriodic(), other.schedulePeriodic()]);
      await Promise.all([t.app.jobs.runDue(), other.runDue()]);
    } finally {
      await other.stop(1_000);
    }
    expect(await stockOf(t.app.db, mouse.id)).toBe(40);
    for (const { numero } of orders) {
      const order = (await getOrder(t, numero, { token: t.adminToken })).json<Pedido>();
      expect(order.estado).toBe('CANCELADO');
      expect(order.eventos.filter((e) => e.a === 'CANCELADO')).toHaveLength(1);
    }
    // One e-mail each about it, however many instances swept.
    const mails = await t.app.db
      .select({ tipo: correos.tipo })
      .from(correos)
      .where(eq(correos.compositor, 'pedido'));
    for (const { numero } of orders) {
      expect(mails.filter((m) => m.tipo === `pedido ${numero} (vencido)`)).toHaveLength(1);
    }
  });
});

describe('GET /api/salud', () => {
  it('reports the queue’s depth and the age of the oldest job due', async () => {
    const q = otherInstance();
    q.define(
      'prueba-salud',
      { retryLimit: 0, retryDelay: 0, retryBackoff: false, expireInSeconds: 60 },
      async () => new Map(),
    );
    await q.start();
    try {
      await q.send(null, 'prueba-salud', {});
      await t.app.database.executeSql(
        `update pgboss.job set created_on = now() - interval '90 seconds' where name = 'prueba-salud'`,
        [],
      );
      const res = await t.app.inject({ method: 'GET', url: '/api/salud' });
      expect(res.statusCode).toBe(200);
      const { cola } = res.json<{ cola: { pendientes: number; antiguedadSegundos: number } }>();
      expect(cola.pendientes).toBeGreaterThanOrEqual(1);
      expect(cola.antiguedadSegundos).toBeGreaterThanOrEqual(90);
      await q.runDue();
    } finally {
      await q.stop(1_000);
    }
  });
});

describe('workers during a burst of writes', () => {
  const policy = { retryLimit: 0, retryDelay: 0, retryBackoff: false, expireInSeconds: 60 };

  /** The shop's database as the queue sees it, its writes' queue that of `gate`. */
  const gatedBy = (gate: PriorityGate) => ({
    ...t.app.database,
    writesWaiting: () => gate.waiting('transaction'),
  });

  it('hold their batch while requests’ transactions queue, and run it once they are through', async () => {
    const gate = new PriorityGate({ limit: 1, patienceMs: 1_000 });
    await gate.acquire('transaction', 0);
    const next = gate.acquire('transaction', 0);
    let ran = 0;
    const q = new JobQueue({
      database: gatedBy(gate),
      log: t.app.log,
      pollSeconds: 0.5,
      yieldMaxMs: 60_000,
    });
    q.define('prueba-cede', policy, async (jobs) => {
      ran += jobs.length;
      return new Map();
    });
    await q.start();
    try {
      await q.send(null, 'prueba-cede', {});
      // Several polls go by: the worker has taken the job and waits.
      await sleep(2_000);
      expect(ran).toBe(0);
      gate.release();
      await next;
      gate.release();
      await vi.waitFor(() => expect(ran).toBe(1), { timeout: 10_000, interval: 50 });
    } finally {
      await q.stop(1_000);
    }
  });

  it('still run a batch every few seconds when the writes never stop', async () => {
    const gate = new PriorityGate({ limit: 1, patienceMs: 1_000 });
    await gate.acquire('transaction', 0);
    const next = gate.acquire('transaction', 0);
    let ran = 0;
    const q = new JobQueue({
      database: gatedBy(gate),
      log: t.app.log,
      pollSeconds: 0.5,
      yieldMaxMs: 300,
    });
    q.define('prueba-cede-acotado', policy, async (jobs) => {
      ran += jobs.length;
      return new Map();
    });
    await q.start();
    try {
      await q.send(null, 'prueba-cede-acotado', {});
      await vi.waitFor(() => expect(ran).toBe(1), { timeout: 10_000, interval: 50 });
      expect(gate.waiting('transaction')).toBe(1);
    } finally {
      gate.release();
      await next;
      gate.release();
      await q.stop(1_000);
    }
  });
});
