import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, isUnavailable, report, sleep, waitUntil, type Answer } from './support/http';
import {
  createTestDatabase,
  stockAndOrdered,
  storedOrders,
  TEST_DATABASE_URL,
  throughPort,
  upstreamOf,
  type TestDatabase,
} from './support/postgres';
import { killServers, type ServerProcess } from '../../../scripts/lib/server-process.mjs';
import { startShopServer } from './support/server-process';
import { StallProxy } from './support/stall-proxy';
import { ADMIN, contactMessage, guestOrder, runTag, type OrderAttempt } from './support/shop';

/**
 * The server's own time-outs must end a wait on a silent database, not the database coming back:
 * the default query time-out is 6 s (statement time-out + 1 s) and the connect time-out 2 s, so
 * every answer must come well before the stall ends.
 */
const STALL_MS = 10_000;
const ANSWER_LIMIT_MS = 7_500;
/** The contract: /api/salud gives up on `select 1` after 1 s. */
const HEALTH_LIMIT_MS = 2_500;
const RECOVERY_LIMIT_MS = 2_000;
const STOCK = 10_000;

if (!TEST_DATABASE_URL) console.info('faults: pg-stall omitido: falta TEST_DATABASE_URL');

interface Probe {
  what: 'escritura' | 'catálogo' | 'salud';
  answer: Answer;
}

describe.skipIf(!TEST_DATABASE_URL)('a database that stops answering', () => {
  let db: TestDatabase;
  let proxy: StallProxy;
  let server: ServerProcess;

  beforeAll(async () => {
    db = await createTestDatabase();
    proxy = new StallProxy(upstreamOf(db.url));
    await proxy.start();
    server = await startShopServer({ DATABASE_URL: throughPort(db.url, proxy.port) });
  });
  afterAll(async () => {
    killServers();
    await proxy?.close();
    await db?.drop();
  });

  it('answers 503 within its own time-outs, says so in /api/salud, and recovers when it returns', async () => {
    const {
      rows: [product],
    } = await db.sql.query<{ id: number }>(
      'select id from productos where activo order by id limit 1',
    );
    const productoId = product!.id;
    await db.sql.query('update productos set stock = $1 where id = $2', [STOCK, productoId]);

    const tag = runTag();
    let n = 0;
    const messages: { mensaje: string; answer: Answer }[] = [];
    const orders: OrderAttempt[] = [];
    const write = async (): Promise<Answer> => {
      const i = n++;
      if (i % 2 === 0) {
        const mensaje = `Mensaje ${tag}-${i} durante la prueba de fallas`;
        const answer = await contactMessage(server.origin, mensaje, STALL_MS + 5_000);
        messages.push({ mensaje, answer });
        return answer;
      }
      const attempt = {
        key: `fallas-${tag}-${i}`,
        correo: `fallas${i}@gmail.com`,
        items: [{ productoId, qty: 1 }],
      };
      const answer = await guestOrder(server.origin, attempt, STALL_MS + 5_000);
      orders.push({ ...attempt, answer });
      return answer;
    };
    const timeoutMs = STALL_MS + 5_000;
    const wave = async (): Promise<Probe[]> =>
      Promise.all([
        ...Array.from({ length: 6 }, async () => ({
          what: 'escritura' as const,
          answer: await write(),
        })),
        call(server.origin, 'POST', '/api/auth/login', { body: ADMIN, timeoutMs }).then(
          (answer) => ({ what: 'escritura' as const, answer }),
        ),
        call(server.origin, 'GET', '/api/productos?q=monitor', { timeoutMs }).then((answer) => ({
          what: 'catálogo' as const,
          answer,
        })),
        call(server.origin, 'GET', '/api/salud', { timeoutMs }).then((answer) => ({
          what: 'salud' as const,
          answer,
        })),
      ]);

    // Before: everything answers.
    expect((await write()).status).toBe(201);
    expect((await write()).status).toBe(201);

    proxy.stall();
    const stalledAt = performance.now();
    const first = wave();
    await sleep(3_000);
    // The second wave finds the pool's connections busy with the first one's queries.
    const second = wave();
    const probes = [...(await first), ...(await second)];
    await sleep(Math.max(0, STALL_MS - (performance.now() - stalledAt)));
    const aliveDuringStall = server.alive();

    proxy.resume();
    const resumedAt = performance.now();
    // -1: never (the process died, or no write succeeded within 15 s).
    const recoveryMs = await waitUntil(
      'una escritura tras volver la base de datos',
      async () => {
        if (!server.alive()) throw new Error('el servidor terminó');
        return (await write()).status === 201;
      },
      { limitMs: 15_000, everyMs: 100 },
    ).then(
      () => performance.now() - resumedAt,
      () => -1,
    );
    const salud = await call(server.origin, 'GET', '/api/salud');

    // A buyer who got a 503 retries with the same key; the order exists once either way.
    const retried: OrderAttempt[] = [];
    for (const t of orders.filter((o) => o.answer.status === 503)) {
      retried.push({ ...t, answer: await guestOrder(server.origin, t) });
    }
    const ackedOrders = [
      ...orders.filter((o) => o.answer.status === 201),
      ...retried.filter((o) => o.answer.status === 200 || o.answer.status === 201),
    ];
    const ackedMessages = messages.filter((m) => m.answer.status === 201);
    const { rows: storedMessages } = await db.sql.query<{ mensaje: string }>(
      'select mensaje from contactos where mensaje like $1',
      [`Mensaje ${tag}-%`],
    );
    const stored = await storedOrders(db.sql);
    const stock = await stockAndOrdered(db.sql, new Map([[productoId, STOCK]]));

    const writes = probes.filter((p) => p.what === 'escritura');
    const health = probes.filter((p) => p.what === 'salud');
    const catalogue = probes.filter((p) => p.what === 'catálogo');
    report('pg-stall', {
      stall_ms: STALL_MS,
      writes_503: writes.filter((p) => isUnavailable(p.answer)).length,
      writes_other: writes.filter((p) => !isUnavailable(p.answer)).length,
      max_write_answer_ms: Math.max(...writes.map((p) => p.answer.ms)),
      catalogue_statuses: catalogue.map((p) => p.answer.status).join('/'),
      salud_statuses: health.map((p) => p.answer.status).join('/'),
      max_salud_ms: Math.max(...health.map((p) => p.answer.ms)),
      recovery_ms: recoveryMs,
      acknowledged: ackedMessages.length + ackedOrders.length,
      stored: storedMessages.length + stored.size,
    });

    expect(aliveDuringStall, server.output()).toBe(true);
    const describeProbe = (p: Probe) => ({
      what: p.what,
      status: p.answer.status,
      ms: Math.round(p.answer.ms),
      error: p.answer.error,
      body: p.answer.body,
    });
    expect(
      writes
        .filter((p) => !isUnavailable(p.answer) || p.answer.ms > ANSWER_LIMIT_MS)
        .map(describeProbe),
      `escrituras durante el corte: 503 del contrato en menos de ${ANSWER_LIMIT_MS} ms`,
    ).toEqual([]);
    expect(
      catalogue
        .filter(
          (p) =>
            !(p.answer.status === 200 || isUnavailable(p.answer)) || p.answer.ms > ANSWER_LIMIT_MS,
        )
        .map(describeProbe),
      'el catálogo responde 200 (caché) o el 503 del contrato, a tiempo',
    ).toEqual([]);
    for (const p of health) {
      expect(describeProbe(p)).toMatchObject({
        status: 503,
        body: { estado: 'degradado', db: 'caido' },
      });
      expect(p.answer.ms).toBeLessThanOrEqual(HEALTH_LIMIT_MS);
    }
    expect(recoveryMs).toBeGreaterThanOrEqual(0);
    expect(recoveryMs).toBeLessThanOrEqual(RECOVERY_LIMIT_MS);
    expect(salud.body).toMatchObject({ estado: 'ok', db: 'ok' });
    expect(salud.status).toBe(200);

    expect(retried.map((o) => o.answer.status).filter((s) => s !== 200 && s !== 201)).toEqual([]);
    expect(
      ackedMessages
        .map((m) => m.mensaje)
        .filter((m) => !storedMessages.some((s) => s.mensaje === m)),
      'cada mensaje confirmado está guardado',
    ).toEqual([]);
    const ackedNumeros = new Set(
      ackedOrders.map((o) => (o.answer.body as { numero: string }).numero),
    );
    expect([...ackedNumeros].filter((numero) => stored.get(numero)?.length !== 1)).toEqual([]);
    expect(stored.size).toBe(ackedNumeros.size);
    for (const s of stock) expect(s.initial - s.ordered).toBe(s.final);
  });
});
