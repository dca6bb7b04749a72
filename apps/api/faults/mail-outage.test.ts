import { afterAll, describe, expect, it } from 'vitest';
import { report, sleep, waitUntil } from './support/http';
import {
  DATABASES,
  mailRows,
  retrying503,
  scenarioDatabase,
  type ScenarioDatabase,
} from './support/mail';
import { startShopServer } from './support/server-process';
import { fetchAll, guestOrder, runTag } from './support/shop';
import { killServers, stopServer } from '../../../scripts/lib/server-process.mjs';
import {
  deliveries,
  startSmtpStandIn,
  type SmtpStandIn,
} from '../../../scripts/lib/smtp-stand-in.mjs';

const ORDERS = 12;

// The mail server drops every connection while orders are placed, then comes back: the queue
// keeps each confirmation and retries it with back-off (decision 028). On PostgreSQL the test
// brings the retries' due time to now once the server is back, instead of waiting 30-60 s for the
// back-off; on PGlite (the server holds the database) it waits for the back-off itself.
describe.each(DATABASES)(
  'SMTP down while orders are placed, then back ($label)',
  ({ label, skip }) => {
    let db: ScenarioDatabase | undefined;
    let smtp: SmtpStandIn | undefined;
    afterAll(async () => {
      killServers();
      await smtp?.close();
      await db?.drop();
    });

    it.skipIf(skip)(
      'delivers every order confirmation exactly once after the outage',
      async () => {
        db = await scenarioDatabase(label);
        smtp = await startSmtpStandIn('down');
        const server = await startShopServer(
          { ...db.env, SMTP_URL: smtp.url, SHOP_EMAIL: '' },
          { readyTimeoutMs: 90_000 },
        );
        const products = (
          await fetchAll<{ id: number; stock: number; activo: boolean }>(
            server.origin,
            '/api/productos',
          )
        ).filter((p) => p.activo && p.stock > 0);

        const tag = runTag();
        const buyers: string[] = [];
        for (let i = 0; i < ORDERS; i++) {
          const correo = `caida-${tag}-${i}@gmail.com`;
          const answer = await retrying503(() =>
            guestOrder(server.origin, {
              key: `caida-${tag}-${i}`,
              correo,
              items: [{ productoId: products[i % products.length]!.id, qty: 1 }],
            }),
          );
          expect(answer.status, JSON.stringify(answer.body)).toBe(201);
          buyers.push(correo);
        }
        // Every confirmation met the outage at least once before the server comes back.
        await waitUntil(
          'cada confirmación falló una vez',
          async () => {
            const rows = await mailRows(server.origin);
            return (
              rows.length === ORDERS && rows.every((r) => r.intentos >= 1 && r.ultimoError !== null)
            );
          },
          { limitMs: 20_000, everyMs: 500 },
        );
        expect(smtp.messages).toEqual([]);

        smtp.mode = 'accept';
        const back = performance.now();
        if (label === 'PostgreSQL') {
          // Each failed job is back in the queue (its row records the failure a moment before).
          await waitUntil(
            'cada trabajo espera su reintento',
            async () => {
              const [waiting] = await db!.query(
                `select count(*)::int as n from pgboss.job
                  where name in ('correo', 'correo-breve') and state = 'retry'`,
              );
              return Number(waiting!.n) === ORDERS;
            },
            { limitMs: 10_000, everyMs: 100 },
          );
          await db.query(
            `update pgboss.job set start_after = now()
            where name in ('correo', 'correo-breve') and state = 'retry'`,
          );
        }
        const confirmations = () =>
          smtp!.messages.filter((m) => buyers.some((b) => m.to.includes(b)));
        await waitUntil(
          'todas las confirmaciones entregadas',
          async () => deliveries(confirmations()).distinct === ORDERS,
          { limitMs: label === 'PostgreSQL' ? 20_000 : 75_000, everyMs: 250 },
        );
        const deliveredMs = performance.now() - back;
        // Time for a second copy to show, if one were coming.
        await sleep(3_000);

        const rows = await mailRows(server.origin);
        const result = deliveries(confirmations());
        report(`mail-outage-${label.toLowerCase()}`, {
          orders: ORDERS,
          delivered: result.distinct,
          duplicates: result.duplicates,
          delivered_ms_after_return: deliveredMs,
          max_attempts: Math.max(...rows.map((r) => r.intentos)),
        });
        expect(result).toEqual({ distinct: ORDERS, duplicates: 0, repeated: [] });
        expect(smtp.messages).toHaveLength(ORDERS);
        expect(rows.map((r) => r.estado)).toEqual(rows.map(() => 'enviado'));
        expect(rows.every((r) => r.intentos >= 2)).toBe(true);
        await stopServer(server);
      },
      120_000,
    );
  },
);
