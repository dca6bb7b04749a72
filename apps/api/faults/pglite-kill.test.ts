import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { call, report, sleep, type Answer } from './support/http';
import { idleKeepAlive, slowBody } from './support/raw-http';
import { killServers, type ServerProcess } from '../../../scripts/lib/server-process.mjs';
import { startShopServer } from './support/server-process';
import {
  ADMIN,
  contactMessage,
  fetchAll,
  guestOrder,
  login,
  runTag,
  type Line,
  type OrderAttempt,
} from './support/shop';

const WRITERS = 4;
/** The kill comes once this many writes were acknowledged (or after KILL_AFTER_MS). */
const ACKNOWLEDGED_BEFORE_KILL = 40;
const KILL_AFTER_MS = 4_000;
const EXIT_LIMIT_MS = 7_000;

interface Product {
  id: number;
  stock: number;
  activo: boolean;
}

// The embedded database lives inside the server process (in a worker thread): kill -9 of the
// process is kill -9 of the database, the closest a test gets to a crash.
describe('kill -9 of the embedded database during writes, and a restart on the same DATA_DIR', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'nexbyte-faults-pglite-'));
  afterAll(() => killServers());

  it('keeps every acknowledged write; orders, their lines and the stock agree', async () => {
    const first = await startShopServer({ DATA_DIR: dataDir });
    const products = await fetchAll<Product>(first.origin, '/api/productos');
    const product = products.filter((p) => p.activo).sort((a, b) => b.stock - a.stock)[0]!;

    const tag = runTag();
    let next = 0;
    let killed = false;
    const messages: { mensaje: string; answer: Answer }[] = [];
    const orders: OrderAttempt[] = [];
    const acknowledged = () =>
      messages.filter((m) => m.answer.status === 201).length +
      orders.filter((o) => o.answer.status === 201).length;
    const writer = async () => {
      while (!killed) {
        const i = next++;
        if (i % 3 === 2) {
          const attempt = {
            key: `fallas-${tag}-${i}`,
            correo: `fallas${i}@gmail.com`,
            items: [{ productoId: product.id, qty: 1 }],
          };
          orders.push({ ...attempt, answer: await guestOrder(first.origin, attempt) });
        } else {
          const mensaje = `Mensaje ${tag}-${i} antes del corte`;
          messages.push({ mensaje, answer: await contactMessage(first.origin, mensaje) });
        }
      }
    };
    const writers = Array.from({ length: WRITERS }, writer);
    const started = performance.now();
    while (
      acknowledged() < ACKNOWLEDGED_BEFORE_KILL &&
      performance.now() - started < KILL_AFTER_MS
    ) {
      await sleep(20);
    }
    first.child.kill('SIGKILL');
    killed = true;
    await first.exited;
    await Promise.all(writers);

    const restartStarted = performance.now();
    const second: ServerProcess = await startShopServer({ DATA_DIR: dataDir });
    const restartMs = performance.now() - restartStarted;
    const token = await login(second.origin, ADMIN);
    const storedMessages = new Set(
      (await fetchAll<{ mensaje: string }>(second.origin, '/api/contactos', token)).map(
        (m) => m.mensaje,
      ),
    );
    const storedOrders = await fetchAll<{ numero: string; unidades: number }>(
      second.origin,
      '/api/pedidos',
      token,
    );
    const details = new Map<string, Line[]>();
    for (const o of storedOrders) {
      const res = await call(second.origin, 'GET', `/api/pedidos/${o.numero}`, { token });
      details.set(o.numero, (res.body as { lineas: Line[] }).lineas);
    }
    const stockNow = (
      (await call(second.origin, 'GET', `/api/productos/${product.id}`, { token })).body as Product
    ).stock;

    const ackedMessages = messages.filter((m) => m.answer.status === 201).map((m) => m.mensaje);
    const ackedOrders = orders
      .filter((o) => o.answer.status === 201)
      .map((o) => (o.answer.body as { numero: string }).numero);
    const ours = [...storedMessages].filter((m) => m.startsWith(`Mensaje ${tag}-`));
    report('pglite-kill', {
      acknowledged: ackedMessages.length + ackedOrders.length,
      stored: ours.length + storedOrders.length,
      messages_acknowledged: ackedMessages.length,
      messages_stored: ours.length,
      orders_acknowledged: ackedOrders.length,
      orders_stored: storedOrders.length,
      unanswered: [...messages, ...orders].filter((w) => w.answer.status === 0).length,
      restart_ms: restartMs,
    });

    const otherAnswers = [...messages, ...orders]
      .map((w) => w.answer)
      .filter((a) => a.status !== 201 && a.status !== 0)
      .map((a) => ({ status: a.status, body: a.body }));
    expect(otherAnswers, 'antes del corte cada escritura se confirma').toEqual([]);
    expect(ackedMessages.filter((m) => !storedMessages.has(m))).toEqual([]);
    expect(ackedOrders.filter((numero) => !details.has(numero))).toEqual([]);
    for (const [numero, lines] of details) {
      expect(
        lines.map(({ productoId, qty }) => ({ productoId, qty })),
        numero,
      ).toEqual([{ productoId: product.id, qty: 1 }]);
    }
    const units = storedOrders.reduce((sum, o) => sum + o.unidades, 0);
    expect(units).toBe(storedOrders.length);
    expect(product.stock - units).toBe(stockNow);

    // The embedded database closes cleanly too, with an idle and a slow client connected.
    const idle = await idleKeepAlive(second.port, '/api/categorias');
    const slow = await slowBody(
      second.port,
      '/api/contactos',
      JSON.stringify({ nombre: 'Lento', email: 'lento@gmail.com', mensaje: 'Un byte a la vez' }),
      250,
    );
    await sleep(200);
    second.child.kill('SIGTERM');
    const signalledAt = performance.now();
    const exit = await Promise.race([second.exited, sleep(12_000).then(() => null)]);
    await Promise.all([idle.closed, slow.closed]);
    report('pglite-sigterm', {
      exit_code: exit?.code ?? 'none',
      exit_ms: exit ? exit.at - signalledAt : -1,
    });
    expect(exit, second.output()).not.toBeNull();
    expect({ code: exit!.code, signal: exit!.signal }).toEqual({ code: 0, signal: null });
    expect(exit!.at - signalledAt).toBeLessThanOrEqual(EXIT_LIMIT_MS);
  });
});
