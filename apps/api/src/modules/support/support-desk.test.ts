import {
  TICKET_STATES_BY_KIND,
  ESTADOS_TICKET,
  hoyEnChile,
  formatTicketNumber,
  canMoveTicket,
  SUPPORT_MESSAGES,
  TICKET_MESSAGES,
  invalidTicketMoveMessage,
  TIPOS_TICKET,
  type EstadoTicket,
  type SoporteResumen,
  type TicketCliente,
  type TicketResumen,
  type TipoTicket,
} from '@nexbyte/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../http-errors';
import { bearer, createTestApp, vendorToken, type TestContext } from '../../test/test-app';
import { mailsTo, tokenInLink } from '../mail/outbox.testing';
import {
  answerQuote,
  chileDay,
  createRequest,
  customerEmail,
  deskTicket,
  insertTicket,
  latestToken,
  moveTo,
  postQuote,
  publicTicket,
  publicView,
  TRACKING_LINK,
} from './support.fixtures';

let t: TestContext;
let vendor: string;
beforeAll(async () => {
  t = await createTestApp();
  vendor = await vendorToken(t);
});
afterAll(() => t.close());

/** A ticket in `estado`: COTIZADA is reached the only way it can be, by sending a quote. */
async function ticketIn(tipo: TipoTicket, estado: EstadoTicket): Promise<number> {
  if (estado !== 'COTIZADA') return insertTicket(t, tipo, estado);
  const id = await insertTicket(t, tipo, 'EN_DIAGNOSTICO');
  expect((await postQuote(t, id)).statusCode).toBe(201);
  return id;
}

const cases = TIPOS_TICKET.flatMap((tipo) =>
  TICKET_STATES_BY_KIND[tipo].flatMap((desde) =>
    ESTADOS_TICKET.map((hacia) => [tipo, desde, hacia] as const),
  ),
);

describe('the state machine of POST /soporte/{id}/estado', () => {
  it.each(cases)('%s: %s → %s follows TRANSICIONES_TICKET', async (tipo, desde, hacia) => {
    const id = await ticketIn(tipo, desde);
    const res = await moveTo(t, id, hacia);
    // COTIZADA needs a quote: the desk sends one with its own route.
    if (hacia !== 'COTIZADA' && canMoveTicket(tipo, desde, hacia)) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().estado).toBe(hacia);
      const last = res.json().historial.at(-1);
      expect(last).toMatchObject({
        estadoAnterior: desde,
        estado: hacia,
        autor: expect.any(String),
      });
      expect(last.autor).not.toBe('Cliente');
    } else {
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().message).toBe(invalidTicketMoveMessage(desde, hacia));
      expect((await deskTicket(t, id)).estado).toBe(desde);
    }
  });

  it('writes who did it and both notes in the history, and offers only the moves allowed now', async () => {
    const { id } = await createRequest(t);
    const res = await moveTo(
      t,
      id,
      'EN_DIAGNOSTICO',
      { nota: 'Comenzamos la revisión.', notaInterna: 'Revisar fuente de poder.' },
      vendor,
    );
    expect(res.statusCode).toBe(200);
    const ticket = res.json();
    expect(ticket.historial.map((h: { estado: string }) => h.estado)).toEqual([
      'RECIBIDA',
      'EN_DIAGNOSTICO',
    ]);
    expect(ticket.historial[1]).toMatchObject({
      autor: 'Valentina Rojas Díaz',
      notaCliente: 'Comenzamos la revisión.',
      notaInterna: 'Revisar fuente de poder.',
    });
    expect(ticket.siguientesEstados).toEqual(['CANCELADA']);
  });

  it('answers 404 for a ticket that does not exist', async () => {
    const res = await moveTo(t, 999999, 'EN_DIAGNOSTICO');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(TICKET_MESSAGES.notFound);
  });
});

describe('internal notes and the customer view', () => {
  it('keeps internal notes, staff names and contact data out of the tracking page', async () => {
    const created = await createRequest(t);
    await moveTo(t, created.id, 'EN_DIAGNOSTICO', {
      nota: 'Tu equipo está en revisión.',
      notaInterna: 'SECRETO-INTERNO-1',
    });
    const note = await t.app.inject({
      method: 'POST',
      url: `/api/soporte/${created.id}/notas`,
      headers: bearer(vendor),
      payload: { nota: 'SECRETO-INTERNO-2' },
    });
    expect(note.statusCode).toBe(201);
    expect(note.json().historial.at(-1)).toMatchObject({
      estado: null,
      notaInterna: 'SECRETO-INTERNO-2',
      autor: 'Valentina Rojas Díaz',
    });

    const res = await publicView(t, await latestToken(t, created.emailCliente));
    expect(res.statusCode).toBe(200);
    const body = res.body;
    for (const hidden of [
      'SECRETO-INTERNO',
      'Valentina',
      'Rojas',
      created.emailCliente,
      '4444',
      'Alemania',
      'notaInterna',
      'autor',
    ]) {
      expect(body).not.toContain(hidden);
    }
    expect(res.json()).toMatchObject({
      numero: created.numero,
      nombre: 'Matías',
      estado: 'EN_DIAGNOSTICO',
      historial: [
        { estado: 'RECIBIDA', nota: null },
        { estado: 'EN_DIAGNOSTICO', nota: 'Tu equipo está en revisión.' },
      ],
      cotizacion: null,
    });
  });

  it('never puts an internal note in an e-mail', async () => {
    const email = customerEmail();
    const { id } = await createRequest(t, { emailCliente: email });
    await moveTo(t, id, 'EN_DIAGNOSTICO', { notaInterna: 'NO-AL-CLIENTE' });
    const mails = await mailsTo(t, email);
    expect(mails).toHaveLength(2);
    for (const m of mails) {
      expect(m.texto).not.toContain('NO-AL-CLIENTE');
      expect(m.html ?? '').not.toContain('NO-AL-CLIENTE');
    }
  });
});

describe('tracking tokens', () => {
  it('opens the ticket with the newest link e-mailed, and nothing with a guess or a near miss', async () => {
    const email = customerEmail();
    const created = await createRequest(t, { emailCliente: email });
    expect((await publicTicket(t, created.token)).numero).toBe(created.numero);
    await moveTo(t, created.id, 'EN_DIAGNOSTICO');
    const [first, second] = await mailsTo(t, email);
    const links = [first!, second!].map((m) => tokenInLink(m.texto, TRACKING_LINK));
    // The confirmation carries the link the answer showed; the next e-mail a new one.
    expect(links[0]).toBe(created.token);
    expect(links[1]).not.toBe(created.token);
    expect((await publicTicket(t, links[1]!)).numero).toBe(created.numero);

    const missing = { message: TICKET_MESSAGES.trackingNotFound };
    const nearMiss = created.token.slice(0, -1) + (created.token.endsWith('A') ? 'B' : 'A');
    const guesses = [
      // The link of the first e-mail: replaced by the second one's.
      created.token,
      nearMiss,
      created.token.toUpperCase() === created.token
        ? `${created.token}x`
        : created.token.toUpperCase(),
      'a'.repeat(43),
      String(created.id),
      created.numero,
      ...Array.from({ length: 5 }, () =>
        Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64url'),
      ),
    ];
    for (const guess of guesses) {
      const res = await publicView(t, guess);
      expect(res.statusCode, guess).toBe(404);
      expect(res.json()).toEqual(missing);
      const answer = await answerQuote(t, guess, { decision: 'ACEPTAR' });
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toEqual(missing);
    }
    // No token at all opens nothing either.
    const bare = await t.app.inject({ method: 'GET', url: '/api/soporte/seguimiento' });
    expect(bare.statusCode).toBe(404);
    expect(bare.json()).toEqual(missing);
  });
});

describe('customer e-mails', () => {
  it('sends one e-mail on creation and one per change, each with the new state and its own link', async () => {
    const email = customerEmail();
    const created = await createRequest(t, { emailCliente: email });
    let mails = await mailsTo(t, email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.asunto).toBe(`Recibimos tu solicitud ${created.numero}`);
    expect(mails[0]!.texto).toContain('48 horas hábiles');
    expect(mails[0]!.texto).toContain(`${t.config.publicUrl}${TRACKING_LINK}${created.token}`);

    await moveTo(t, created.id, 'EN_DIAGNOSTICO', { nota: 'Ya lo estamos revisando.' });
    await moveTo(t, created.id, 'CANCELADA');
    mails = await mailsTo(t, email);
    expect(mails.map((m) => m.asunto)).toEqual([
      `Recibimos tu solicitud ${created.numero}`,
      `Tu solicitud ${created.numero}: en diagnóstico`,
      `Tu solicitud ${created.numero}: cancelada`,
    ]);
    expect(mails[1]!.texto).toContain('Ya lo estamos revisando.');
    const tokens = mails.map((m) => tokenInLink(m.texto, TRACKING_LINK));
    expect(new Set(tokens).size).toBe(3);
  });

  it('escapes what the desk wrote for the customer in the HTML', async () => {
    const email = customerEmail();
    const { id } = await createRequest(t, { emailCliente: email });
    await moveTo(t, id, 'EN_DIAGNOSTICO', { nota: '<script>alert(1)</script> en revisión' });
    const [, mail] = await mailsTo(t, email);
    expect(mail!.html).not.toContain('<script>alert(1)</script>');
    expect(mail!.html).toContain('&lt;script&gt;');
  });
});

describe('warranty requests', () => {
  const warranty = { tipo: 'GARANTIA', comprobante: 'NB-000123', fechaCompra: chileDay(-30) };

  it('stores the receipt and purchase date, and refuses a quote for it', async () => {
    const created = await createRequest(t, warranty);
    expect(created).toMatchObject({ tipo: 'GARANTIA', estado: 'RECIBIDA' });
    const ticket = await deskTicket(t, created.id);
    expect(ticket).toMatchObject({ comprobante: 'NB-000123', fechaCompra: chileDay(-30) });
    await moveTo(t, created.id, 'EN_DIAGNOSTICO');
    const res = await postQuote(t, created.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(TICKET_MESSAGES.repairsOnly);
  });

  it.each([
    [{ comprobante: '' }, 'comprobante', SUPPORT_MESSAGES.comprobante],
    [{ fechaCompra: null }, 'fechaCompra', SUPPORT_MESSAGES.fechaCompra],
    [{ fechaCompra: '2024-02-30' }, 'fechaCompra', SUPPORT_MESSAGES.fechaCompra],
    [{ fechaCompra: chileDay(1) }, 'fechaCompra', SUPPORT_MESSAGES.fechaCompraFutura],
  ])('refuses a warranty with %o', async (change, field, message) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/soporte',
      payload: {
        nombreCliente: 'Matías Contreras',
        emailCliente: customerEmail(),
        region: 'La Araucanía',
        comuna: 'Temuco',
        equipo: 'NOTEBOOK',
        serviciosRequeridos: ['Diagnóstico'],
        descripcionProblema: 'La pantalla tiene una línea vertical desde la compra.',
        ...warranty,
        ...change,
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ [field]: message });
  });

  it('accepts a purchase made today', async () => {
    const created = await createRequest(t, { ...warranty, fechaCompra: hoyEnChile() });
    expect(created.tipo).toBe('GARANTIA');
  });
});

describe('roles', () => {
  it('lets a VENDOR work the desk, refuses a CLIENT with 403 and a visitor with 401', async () => {
    const { id } = await createRequest(t);
    const calls = [
      { method: 'GET', url: '/api/soporte' },
      { method: 'GET', url: '/api/soporte/resumen' },
      { method: 'GET', url: `/api/soporte/${id}` },
      { method: 'POST', url: `/api/soporte/${id}/notas`, payload: { nota: 'Revisado' } },
    ] as const;
    for (const call of calls) {
      expect((await t.app.inject({ ...call, headers: bearer(vendor) })).statusCode).toBeLessThan(
        300,
      );
      const client = await t.app.inject({ ...call, headers: bearer(t.clientToken) });
      expect(client.statusCode).toBe(403);
      expect(client.json().message).toBe(MESSAGES.forbidden);
      expect((await t.app.inject(call)).statusCode).toBe(401);
    }
    expect((await moveTo(t, id, 'EN_DIAGNOSTICO', {}, t.clientToken)).statusCode).toBe(403);
    expect((await deskTicket(t, id)).estado).toBe('RECIBIDA');
  });
});

describe('the customer account', () => {
  it('links a request sent with a session and lists only their own tickets', async () => {
    const mine = await createRequest(t, {}, t.clientToken);
    const anonymous = await createRequest(t);
    expect((await deskTicket(t, mine.id)).usuarioId).not.toBeNull();
    expect((await deskTicket(t, anonymous.id)).usuarioId).toBeNull();

    const list = await t.app.inject({
      method: 'GET',
      url: '/api/cuenta/soporte',
      headers: bearer(t.clientToken),
    });
    expect(list.statusCode).toBe(200);
    const numbers = list.json<TicketCliente[]>().map((r) => r.numero);
    expect(numbers[0]).toBe(mine.numero);
    expect(numbers).not.toContain(anonymous.numero);

    const own = await t.app.inject({
      method: 'GET',
      url: `/api/cuenta/soporte/${mine.numero}`,
      headers: bearer(t.clientToken),
    });
    expect(own.statusCode).toBe(200);
    expect(own.json().numero).toBe(mine.numero);

    for (const [numero, token] of [
      [anonymous.numero, t.clientToken],
      [mine.numero, t.adminToken],
      ['ST-999999', t.clientToken],
      ['nada', t.clientToken],
    ] as const) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/cuenta/soporte/${numero}`,
        headers: bearer(token),
      });
      expect(res.statusCode, numero).toBe(404);
      expect(res.json().message).toBe(TICKET_MESSAGES.notFound);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/cuenta/soporte' })).statusCode).toBe(
      401,
    );
  });

  it('lets the customer answer their own quote from the account', async () => {
    const mine = await createRequest(t, {}, t.clientToken);
    await moveTo(t, mine.id, 'EN_DIAGNOSTICO');
    await postQuote(t, mine.id);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/cuenta/soporte',
      headers: bearer(t.clientToken),
    });
    expect(list.json<TicketCliente[]>()[0]).toMatchObject({
      numero: mine.numero,
      estado: 'COTIZADA',
      cotizacionPendiente: true,
    });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/cuenta/soporte/${mine.numero}/cotizacion`,
      headers: bearer(t.clientToken),
      payload: { decision: 'RECHAZAR', motivo: 'Muy caro' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: TICKET_MESSAGES.quoteRejected,
      ticket: {
        estado: 'RECHAZADA',
        cotizacion: { estado: 'RECHAZADA', motivoRechazo: 'Muy caro' },
      },
    });
    const other = await t.app.inject({
      method: 'POST',
      url: `/api/cuenta/soporte/${mine.numero}/cotizacion`,
      headers: bearer(t.adminToken),
      payload: { decision: 'ACEPTAR' },
    });
    expect(other.statusCode).toBe(404);
  });
});

describe('the board: GET /soporte and /soporte/resumen', () => {
  const list = async (query: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/soporte?${query}`,
      headers: bearer(vendor),
    });
    expect(res.statusCode).toBe(200);
    return { items: res.json<TicketResumen[]>(), total: Number(res.headers['x-total-count']) };
  };
  const summary = async () =>
    (
      await t.app.inject({
        method: 'GET',
        url: '/api/soporte/resumen',
        headers: bearer(vendor),
      })
    ).json<SoporteResumen>();

  it('filters by state, kind, priority and words, and counts what it filters', async () => {
    const before = await summary();
    const name = `Zunilda${Date.now()}`;
    const a = await createRequest(t, { nombreCliente: `${name} Pérez`, prioridad: 'URGENTE' });
    const b = await createRequest(t, {
      nombreCliente: `${name} Soto`,
      tipo: 'GARANTIA',
      comprobante: 'BOLETA 55',
      fechaCompra: chileDay(-3),
    });
    await moveTo(t, b.id, 'EN_DIAGNOSTICO');

    expect((await list(`q=${name}`)).total).toBe(2);
    expect((await list(`q=${name}&tipo=GARANTIA`)).items.map((r) => r.id)).toEqual([b.id]);
    expect((await list(`q=${name}&estado=RECIBIDA`)).items.map((r) => r.id)).toEqual([a.id]);
    expect((await list(`q=${name}&prioridad=URGENTE`)).items.map((r) => r.id)).toEqual([a.id]);
    expect((await list(`q=${a.numero}`)).items.map((r) => r.id)).toEqual([a.id]);
    expect((await list(`q=${name}&estado=NO_EXISTE`)).total).toBe(2);
    const firstPage = await list(`q=${name}&limite=1`);
    expect(firstPage).toMatchObject({ total: 2, items: [{ id: b.id }] });

    const after = await summary();
    expect(after.total).toBe(before.total + 2);
    expect(after.porEstado.RECIBIDA).toBe(before.porEstado.RECIBIDA + 1);
    expect(after.porEstado.EN_DIAGNOSTICO).toBe(before.porEstado.EN_DIAGNOSTICO + 1);
    expect(Object.keys(after.porEstado).sort()).toEqual([...ESTADOS_TICKET].sort());
  });

  it('flags a ticket waiting for its diagnosis for a week, and not one already quoted', async () => {
    const before = await summary();
    const weekAgo = new Date(Date.now() - 7 * 86_400_000);
    const nombreCliente = `Eduviges${Date.now()} Lagos`;
    const late = await insertTicket(t, 'REPARACION', 'RECIBIDA', {
      fechaCreacion: weekAgo,
      nombreCliente,
    });
    const quoted = await insertTicket(t, 'REPARACION', 'EN_DIAGNOSTICO', {
      fechaCreacion: weekAgo,
      nombreCliente,
    });
    await postQuote(t, quoted);
    const fresh = await createRequest(t, { nombreCliente });

    const overdue = await list('atrasado=true&limite=100');
    expect(overdue.items.map((r) => r.id)).toContain(late);
    expect(overdue.items.map((r) => r.id)).not.toContain(quoted);
    expect(overdue.items.every((r) => r.atrasado)).toBe(true);
    expect(overdue.total).toBe(overdue.items.length);

    const onTime = await list(`atrasado=false&q=${nombreCliente.split(' ')[0]}`);
    expect(onTime.items.map((r) => r.id)).toEqual(expect.arrayContaining([fresh.id, quoted]));
    expect(onTime.items.map((r) => r.id)).not.toContain(late);

    expect((await deskTicket(t, late)).atrasado).toBe(true);
    expect((await summary()).atrasados).toBe(before.atrasados + 1);
    expect(formatTicketNumber(late)).toMatch(/^ST-/);
  });
  it('pages the on-time and the overdue tickets in the database, totals right past a page', async () => {
    const name = `Clodomiro${Date.now()}`;
    const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);
    const late: number[] = [];
    const onTime: number[] = [];
    // Newest first, one hour apart, a week and more back; and three received just now.
    for (let i = 0; i < 5; i++) {
      late.push(
        await insertTicket(t, 'REPARACION', i % 2 ? 'EN_DIAGNOSTICO' : 'RECIBIDA', {
          fechaCreacion: hoursAgo(200 + i),
          nombreCliente: `${name} Atrasado`,
        }),
      );
    }
    for (let i = 0; i < 3; i++) {
      onTime.push(
        await insertTicket(t, 'REPARACION', 'RECIBIDA', {
          fechaCreacion: hoursAgo(1 + i),
          nombreCliente: `${name} A tiempo`,
        }),
      );
    }
    // Waiting no longer: a week old, but already quoted.
    onTime.push(
      await insertTicket(t, 'REPARACION', 'COTIZADA', {
        fechaCreacion: hoursAgo(300),
        nombreCliente: `${name} Cotizado`,
      }),
    );

    // Every row the database hands over while the desk reads the list.
    const client = (t.app.db as unknown as { $client: { query: (...a: unknown[]) => unknown } })
      .$client;
    const query = client.query;
    const rowsRead: number[] = [];
    client.query = async (...args: unknown[]) => {
      const result = (await query.apply(client, args)) as { rows?: unknown[] };
      rowsRead.push(result.rows?.length ?? 0);
      return result;
    };
    try {
      const second = await list(`atrasado=false&q=${name}&limite=2&pagina=2`);
      expect(second).toMatchObject({ total: 4 });
      expect(second.items.map((r) => r.id)).toEqual(onTime.slice(2));
      expect(second.items.every((r) => !r.atrasado)).toBe(true);

      const last = await list(`atrasado=true&q=${name}&limite=2&pagina=3`);
      expect(last).toMatchObject({ total: 5 });
      expect(last.items.map((r) => r.id)).toEqual(late.slice(4));
      expect(last.items.every((r) => r.atrasado)).toBe(true);
      // Never more than a page of tickets read for a page of the list.
      expect(rowsRead.length).toBeGreaterThan(0);
      expect(Math.max(...rowsRead)).toBeLessThanOrEqual(2);
    } finally {
      client.query = query;
    }
  });
});
