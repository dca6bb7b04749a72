import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from './db/client';
import { EventBus, type OrderFact } from './events';
import { correos } from './modules/mail/mail.schema';
import { GUEST, productNamed, setStock } from './modules/orders/orders.fixtures';
import { pedidos } from './modules/orders/orders.schema';
import { createTestApp, type TestContext } from './test/test-app';

const fact: OrderFact = { id: 1, numero: 'NB-000001', de: null, a: 'PENDIENTE_PAGO' };
const noTx = {} as Db;

describe('EventBus', () => {
  it('calls the subscribers of each event in order, with the transaction it is recorded in', async () => {
    const bus = new EventBus();
    const seen: string[] = [];
    bus.on('pedido.creado', async (data, tx) => void seen.push(`1 ${data.numero} ${tx === noTx}`));
    bus.on('pedido.creado', (data) => void seen.push(`2 ${data.numero}`));
    bus.on('pedido.pagado', () => void seen.push('pagado'));
    await bus.record(noTx, [{ name: 'pedido.creado', data: fact }]);
    expect(seen).toEqual(['1 NB-000001 true', '2 NB-000001']);
  });

  it('a subscriber that fails fails the recording (and so the transaction around it)', async () => {
    const bus = new EventBus();
    bus.on('pedido.creado', () => {
      throw new Error('se cayó el suscriptor');
    });
    await expect(bus.record(noTx, [{ name: 'pedido.creado', data: fact }])).rejects.toThrow(
      'se cayó el suscriptor',
    );
  });
});

describe('events in a purchase', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({ SHOP_EMAIL: 'tienda@nexbyte.cl' });
  });
  afterAll(() => t.close());

  const jobs = async () => {
    const { rows } = await t.app.database.executeSql(
      `select count(*)::int as n from pgboss.job where name in ('correo', 'correo-breve')`,
      [],
    );
    return (rows[0] as { n: number }).n;
  };
  const mails = async () => (await t.app.db.select({ n: count() }).from(correos))[0]!.n;
  const orders = async () => (await t.app.db.select({ n: count() }).from(pedidos))[0]!.n;

  it('an order records its e-mails (the buyer’s and the owner’s) and their jobs in its own transaction', async () => {
    const mouse = await productNamed(t.app.db, 'Mouse Logitech G203 Lightsync');
    const [before, beforeJobs] = [await mails(), await jobs()];
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/pedidos',
      payload: { ...GUEST, items: [{ productoId: mouse.id, qty: 1 }] },
    });
    expect(res.statusCode).toBe(201);
    const numero = res.json<{ numero: string }>().numero;
    // Written, not yet sent: no worker ran.
    const rows = await t.app.db.select().from(correos).where(eq(correos.estado, 'pendiente'));
    expect(rows.map((r) => r.tipo).sort()).toEqual([
      `aviso a la tienda: pedido ${numero} (creado)`,
      `pedido ${numero} (creado)`,
    ]);
    expect(await mails()).toBe(before + 2);
    expect(await jobs()).toBe(beforeJobs + 2);
    await t.app.mailer.settled();
    const sent = await t.app.db.select().from(correos).where(eq(correos.estado, 'enviado'));
    expect(sent.map((r) => r.para).sort()).toEqual([GUEST.correo, 'tienda@nexbyte.cl']);
  });

  it('an order that fails leaves neither e-mail nor job; a subscriber that fails takes the order with it', async () => {
    const mouse = await productNamed(t.app.db, 'Mouse Logitech G203 Lightsync');
    const [beforeMails, beforeJobs, beforeOrders] = [await mails(), await jobs(), await orders()];
    // More than there is: refused (409), rolled back.
    await setStock(t.app.db, mouse.id, 5);
    const short = await t.app.inject({
      method: 'POST',
      url: '/api/pedidos',
      payload: { ...GUEST, items: [{ productoId: mouse.id, qty: 6 }] },
    });
    expect(short.statusCode).toBe(409);
    t.app.events.on('pedido.creado', () => {
      throw new Error('se cayó el suscriptor');
    });
    const failed = await t.app.inject({
      method: 'POST',
      url: '/api/pedidos',
      payload: { ...GUEST, items: [{ productoId: mouse.id, qty: 1 }] },
    });
    expect(failed.statusCode).toBe(500);
    expect(JSON.stringify(failed.json())).not.toContain('se cayó');
    expect([await mails(), await jobs(), await orders()]).toEqual([
      beforeMails,
      beforeJobs,
      beforeOrders,
    ]);
  });
});

describe('a row and its event in one statement', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({ SHOP_EMAIL: 'tienda@nexbyte.cl' });
  });
  afterAll(() => t.close());

  const counts = async () => {
    const { rows } = await t.app.database.executeSql(
      `select (select count(*)::int from contactos) as mensajes,
              (select count(*)::int from correos) as correos,
              (select count(*)::int from pgboss.job where name = 'correo') as trabajos`,
      [],
    );
    return rows[0] as { mensajes: number; correos: number; trabajos: number };
  };
  const contact = (mensaje: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/contactos',
      payload: { nombre: 'Ana Pérez', email: 'ana@gmail.com', mensaje },
    });

  it('a contact message writes its e-mail and that e-mail’s job with it, and the owner gets it', async () => {
    const before = await counts();
    expect((await contact('¿Tienen stock del SSD de 1 TB?')).statusCode).toBe(201);
    expect(await counts()).toEqual({
      mensajes: before.mensajes + 1,
      correos: before.correos + 1,
      trabajos: before.trabajos + 1,
    });
    const [row] = await t.app.db.select().from(correos).where(eq(correos.estado, 'pendiente'));
    expect(row!.tipo).toMatch(/^aviso a la tienda: contacto \d+$/);
    // The job pg-boss runs is the one the row names, with the queue's own retry policy.
    const { rows } = await t.app.database.executeSql(
      `select j.retry_limit, j.retry_backoff, j.data->>'correoId' as correo
         from pgboss.job j where j.id = $1`,
      [row!.trabajoId],
    );
    expect(rows[0]).toEqual({ retry_limit: 10, retry_backoff: true, correo: String(row!.id) });
    await t.app.mailer.settled();
    const [sent] = await t.app.db.select().from(correos).where(eq(correos.id, row!.id));
    expect(sent).toMatchObject({ estado: 'enviado', para: 'tienda@nexbyte.cl' });
    expect(sent!.texto).toContain('¿Tienen stock del SSD de 1 TB?');
  });

  it('when the e-mail cannot be written, the message is not saved either', async () => {
    const before = await counts();
    const { rows } = await t.app.database.executeSql(
      `select partition_name from pgboss.queue where name = 'correo'`,
      [],
    );
    const partition = (rows[0] as { partition_name: string }).partition_name;
    // Its job has nowhere to go: the statement fails whole.
    await t.app.database.executeSql(`alter table pgboss.job detach partition pgboss.${partition}`);
    try {
      expect((await contact('Se pierde o se guarda entero')).statusCode).toBe(500);
    } finally {
      await t.app.database.executeSql(
        `alter table pgboss.job attach partition pgboss.${partition} for values in ('correo')`,
      );
    }
    expect(await counts()).toEqual(before);
  });

  it('messages sent at once are all saved, each with its e-mail and job', async () => {
    const before = await counts();
    const answers = await Promise.all(
      Array.from({ length: 25 }, (_, i) => contact(`Mensaje simultáneo ${i + 1}`)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(25).fill(201));
    expect(await counts()).toEqual({
      mensajes: before.mensajes + 25,
      correos: before.correos + 25,
      trabajos: before.trabajos + 25,
    });
    const { rows } = await t.app.database.executeSql(
      `select count(*)::int as n from correos c join contactos m
          on c.tipo = 'aviso a la tienda: contacto ' || m.id
         and c.datos -> 'mensaje' ->> 'mensaje' = m.mensaje
       where m.mensaje like 'Mensaje simultáneo %'`,
      [],
    );
    expect(rows[0]).toEqual({ n: 25 });
  });

  it('a subscriber that needs a transaction gets one, and the statement’s writes join it', async () => {
    const before = await counts();
    const seen: number[] = [];
    t.app.events.on('contacto.creado', (mensaje) => void seen.push(mensaje.id));
    expect((await contact('Con un suscriptor más')).statusCode).toBe(201);
    expect(seen).toHaveLength(1);
    expect(await counts()).toEqual({
      mensajes: before.mensajes + 1,
      correos: before.correos + 1,
      trabajos: before.trabajos + 1,
    });
  });
});
