import type { Pedido, PedidoCreado } from '@nexbyte/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows';
import { mailsTo as outboxTo } from '../mail/outbox.testing';
import { usuarios } from '../users/users.schema';
import { pedidos } from './orders.schema';
import { VALID_REGISTRO } from '../../test/payloads';
import { bearer, createTestApp, type TestContext } from '../../test/test-app';
import {
  askOrderLink,
  DELIVERY,
  getOrder,
  GUEST,
  guestOrder,
  postOrder,
  productNamed,
  setStock,
} from './orders.fixtures';

let t: TestContext;
let mouseId: number;

beforeAll(async () => {
  t = await createTestApp({ ORDER_SWEEP_INTERVAL_SECONDS: '0' });
  mouseId = (await productNamed(t.app.db, 'Mouse Logitech G203 Lightsync')).id;
  await setStock(t.app.db, mouseId, 50);
});
afterAll(() => t.close());

const notFound = { message: 'Pedido no encontrado.' };
const linkSent =
  'Si ese correo es el del pedido, te enviamos un enlace para verlo. Revisa tu bandeja de entrada.';

/** The e-mails delivered to that address, newest first. */
async function mailsTo(correo: string) {
  return (await outboxTo(t, correo)).reverse();
}

/** The newest 'Enlace a tu pedido' mail to that address (the confirmation may be stored after it). */
async function linkMail(correo: string, numero: string) {
  return (await mailsTo(correo)).find((m) => m.asunto === `Enlace a tu pedido ${numero}`);
}

const tokenIn = (text: string, numero: string) =>
  new RegExp(`/pedido/${numero}#([\\w-]+)`).exec(text)?.[1];

describe('a deleted customer’s orders', () => {
  let numero: string;

  beforeAll(async () => {
    const reg = await t.app.inject({
      method: 'POST',
      url: '/api/auth/registro',
      payload: VALID_REGISTRO,
    });
    expect(reg.statusCode).toBe(201);
    const token = await t.login({ correo: VALID_REGISTRO.correo, pass: VALID_REGISTRO.pass });
    const placed = await postOrder(
      t,
      { ...DELIVERY, items: [{ productoId: mouseId, qty: 1 }] },
      { token },
    );
    numero = placed.json<PedidoCreado>().numero;
    const [user] = await t.app.db
      .select({ id: usuarios.id })
      .from(usuarios)
      .where(eq(usuarios.correo, VALID_REGISTRO.correo));
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/usuarios/${user!.id}`,
      headers: bearer(t.adminToken),
    });
    expect(del.statusCode).toBe(204);
  });

  it('keep their data for the shop and stay no guest’s order', async () => {
    const [row] = await t.app.db.select().from(pedidos).where(eq(pedidos.numero, numero));
    expect(row).toMatchObject({ usuarioId: null, invitado: false, clienteRun: '7654321-6' });
  });

  it('answer the public the same 404 as an unknown order, whatever it sends', async () => {
    for (const res of [
      await getOrder(t, numero),
      await getOrder(t, numero, { acceso: 'cualquiera' }),
      await t.app.inject({
        method: 'GET',
        url: `/api/pedidos/${numero}?email=${encodeURIComponent(VALID_REGISTRO.correo)}`,
      }),
      await getOrder(t, numero, { token: t.clientToken }),
    ]) {
      expect([res.statusCode, res.json()]).toEqual([404, notFound]);
    }
    // Asking for a link with the account's e-mail sends none: the order is no guest's.
    expect((await askOrderLink(t, numero, VALID_REGISTRO.correo)).statusCode).toBe(202);
    const mails = await mailsTo(VALID_REGISTRO.correo);
    expect(mails.some((m) => m.asunto.startsWith('Enlace a tu pedido'))).toBe(false);
  });

  it('are read by an admin, RUN, phone and address included', async () => {
    const res = await getOrder(t, numero, { token: t.adminToken });
    expect(res.statusCode).toBe(200);
    expect(res.json<Pedido>()).toMatchObject({
      invitado: false,
      cliente: { run: '7654321-6', telefono: VALID_REGISTRO.telefono },
      entrega: DELIVERY,
    });
  });
});

describe('POST /api/pedidos/{numero}/enlace (the guest lost the link)', () => {
  it('sends a fresh link to the order’s e-mail; the old link stops opening it', async () => {
    const correo = 'reenvio@gmail.com';
    const order = await guestOrder(t, [{ productoId: mouseId, qty: 1 }], { correo });
    const res = await askOrderLink(t, order.numero, 'REENVIO@gmail.com');
    expect([res.statusCode, res.json()]).toEqual([202, { message: linkSent }]);
    const mail = await linkMail(correo, order.numero);
    expect(mail!.texto).toContain('Los enlaces anteriores a este pedido ya no sirven.');
    const fresh = tokenIn(mail!.texto, order.numero)!;
    expect(fresh).not.toBe(order.acceso);
    expect((await getOrder(t, order.numero, { acceso: fresh })).statusCode).toBe(200);
    expect((await getOrder(t, order.numero, { acceso: order.acceso })).statusCode).toBe(404);
  });

  it('answers the same to a wrong e-mail or an unknown order, and sends nothing', async () => {
    const order = await guestOrder(t, [{ productoId: mouseId, qty: 1 }], {
      correo: 'quieto@gmail.com',
    });
    for (const res of [
      await askOrderLink(t, order.numero, 'otra.persona@gmail.com'),
      await askOrderLink(t, 'NB-999999', 'quieto@gmail.com'),
    ]) {
      expect([res.statusCode, res.json()]).toEqual([202, { message: linkSent }]);
    }
    expect(await mailsTo('otra.persona@gmail.com')).toEqual([]);
    expect((await mailsTo('quieto@gmail.com')).map((m) => m.asunto)).toEqual([
      `Recibimos tu pedido ${order.numero}`,
    ]);
    expect((await getOrder(t, order.numero, { acceso: order.acceso })).statusCode).toBe(200);
  });

  it('does the same database work and answers the same whatever the e-mail', async () => {
    const order = await guestOrder(t, [{ productoId: mouseId, qty: 1 }], {
      correo: 'mismo.trabajo@gmail.com',
    });
    // xmin names the transaction that last wrote the row: it changes when the row is written.
    const rowState = async () => {
      const [row] = rowsOf<{ version: string; token: string }>(
        await t.app.db.execute(
          sql`select xmin::text as version, token_hash as token from pedidos where numero = ${order.numero}`,
        ),
      );
      return row!;
    };
    const answer = (res: Awaited<ReturnType<typeof askOrderLink>>) => {
      const { date: _date, 'x-request-id': _id, ...headers } = res.headers;
      const steady = Object.entries(headers).filter(([name]) => !name.startsWith('x-ratelimit'));
      return { status: res.statusCode, headers: Object.fromEntries(steady), body: res.body };
    };
    const start = await rowState();
    const wrong = await askOrderLink(t, order.numero, 'otra.persona@gmail.com');
    const afterWrong = await rowState();
    const right = await askOrderLink(t, order.numero, 'mismo.trabajo@gmail.com');
    const afterRight = await rowState();
    expect(answer(wrong)).toEqual(answer(right));
    expect(answer(right)).toMatchObject({
      status: 202,
      body: JSON.stringify({ message: linkSent }),
    });
    // Both wrote the order's row once; only the right e-mail changed its token.
    expect(afterWrong.version).not.toBe(start.version);
    expect(afterWrong.token).toBe(start.token);
    expect(afterRight.version).not.toBe(afterWrong.version);
    expect(afterRight.token).not.toBe(start.token);
  });

  it('sends at most ORDER_LINKS_PER_HOUR links an order and hour, and a stranger uses none', async () => {
    const correo = 'pocos.enlaces@gmail.com';
    const order = await guestOrder(t, [{ productoId: mouseId, qty: 1 }], { correo });
    const linkMails = async () =>
      (await mailsTo(correo)).filter((m) => m.asunto === `Enlace a tu pedido ${order.numero}`);
    for (let i = 0; i < 4; i++) {
      const res = await askOrderLink(t, order.numero, `extrano${i}@gmail.com`);
      expect([res.statusCode, res.json()]).toEqual([202, { message: linkSent }]);
    }
    for (let i = 0; i < 5; i++) {
      const res = await askOrderLink(t, order.numero, correo);
      expect([res.statusCode, res.json()]).toEqual([202, { message: linkSent }]);
    }
    const sent = await linkMails();
    expect(sent).toHaveLength(3);
    // The calls over the limit changed nothing: the last link e-mailed still opens the order.
    const newest = tokenIn(sent[0]!.texto, order.numero)!;
    expect((await getOrder(t, order.numero, { acceso: newest })).statusCode).toBe(200);

    // An hour later the buyer can ask again.
    await t.app.db
      .update(pedidos)
      .set({ enlacesDesde: sql`now() - interval '61 minutes'` })
      .where(eq(pedidos.numero, order.numero));
    await askOrderLink(t, order.numero, correo);
    expect(await linkMails()).toHaveLength(4);
  });

  it('opens an order placed before tokens existed, by e-mailing it one', async () => {
    const order = await guestOrder(t, [{ productoId: mouseId, qty: 1 }], {
      correo: 'antiguo@gmail.com',
    });
    await t.app.db
      .update(pedidos)
      .set({ tokenHash: null })
      .where(and(eq(pedidos.numero, order.numero)));
    expect((await getOrder(t, order.numero, { acceso: order.acceso })).statusCode).toBe(404);
    await askOrderLink(t, order.numero, 'antiguo@gmail.com');
    const fresh = tokenIn(
      (await linkMail('antiguo@gmail.com', order.numero))!.texto,
      order.numero,
    )!;
    expect((await getOrder(t, order.numero, { acceso: fresh })).statusCode).toBe(200);
  });

  it('the status e-mails of a guest point to the first link or a new one, never a token', async () => {
    const order = await guestOrder(t, [{ productoId: mouseId, qty: 1 }], {
      correo: 'estados@gmail.com',
    });
    const paid = await t.app.inject({
      method: 'PATCH',
      url: `/api/pedidos/${order.numero}/estado`,
      headers: bearer(t.adminToken),
      payload: { estado: 'PAGADO' },
    });
    expect(paid.statusCode).toBe(200);
    const mails = await mailsTo('estados@gmail.com');
    const mail = mails.find((m) => m.asunto === `Tu pedido ${order.numero}: pagado`);
    expect(mail!.texto).toContain('pedir uno nuevo en');
    expect(tokenIn(mail!.texto, order.numero)).toBeUndefined();
  });
});

describe('a replayed guest order', () => {
  it('answers no token (only its hash is kept) and keeps the e-mailed link working', async () => {
    const payload = {
      ...GUEST,
      correo: 'repetido@gmail.com',
      items: [{ productoId: mouseId, qty: 1 }],
    };
    const first = await postOrder(t, payload, { key: 'clave-repetida-1' });
    const again = await postOrder(t, payload, { key: 'clave-repetida-1' });
    expect([first.statusCode, again.statusCode]).toEqual([201, 200]);
    expect(again.json<PedidoCreado>().acceso).toBeNull();
    const acceso = first.json<PedidoCreado>().acceso!;
    expect((await getOrder(t, first.json<PedidoCreado>().numero, { acceso })).statusCode).toBe(200);
  });
});
