import { ivaIncluded, TICKET_MESSAGES, type Ticket } from '@nexbyte/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productos } from '../products/products.schema';
import { soporteCotizaciones } from './support.schema';
import { createTestApp, type TestContext } from '../../test/test-app';
import { mailsTo, tokenInLink } from '../mail/outbox.testing';
import {
  answerQuote,
  chileDay,
  createRequest,
  customerEmail,
  deskTicket,
  labourLine,
  latestToken,
  moveTo,
  postQuote,
  productWithStock,
  publicTicket,
  publicView,
  quoteBody,
  stockOf,
  TRACKING_LINK,
} from './support.fixtures';

const SHOP = 'tienda.soporte@gmail.com';
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ SHOP_EMAIL: SHOP });
});
afterAll(() => t.close());

/** A repair in diagnosis, with the e-mail its customer reads. */
async function inDiagnosis(email = customerEmail()) {
  const created = await createRequest(t, { emailCliente: email });
  expect((await moveTo(t, created.id, 'EN_DIAGNOSTICO')).statusCode).toBe(200);
  return { ...created, email };
}

describe('sending a quote', () => {
  it('prices parts from the catalogue and labour from the desk, IVA included, and e-mails it', async () => {
    const part = await productWithStock(t, 10);
    const { id, email, numero } = await inDiagnosis();
    const res = await postQuote(
      t,
      id,
      quoteBody(
        [
          { ...labourLine, precioUnitario: 30000, descripcion: 'Cambio de pasta térmica' },
          // The price sent by the browser, if any, is not the one used.
          { tipo: 'REPUESTO', productoId: part.id, cantidad: 2, precioUnitario: 1 },
        ],
        { nota: 'Te enviamos la cotización.' },
      ),
    );
    expect(res.statusCode, res.body).toBe(201);
    const ticket = res.json<Ticket>();
    const total = 30000 + 2 * part.precio;
    expect(ticket.estado).toBe('COTIZADA');
    expect(ticket.cotizaciones[0]).toMatchObject({
      estado: 'PENDIENTE',
      total,
      iva: ivaIncluded(total),
      vencida: false,
      lineas: [
        { tipo: 'SERVICIO', descripcion: 'Cambio de pasta térmica', subtotal: 30000 },
        {
          tipo: 'REPUESTO',
          productoId: part.id,
          descripcion: part.nombre,
          precioUnitario: part.precio,
          subtotal: 2 * part.precio,
        },
      ],
    });
    // Nothing is reserved until the customer accepts.
    expect(await stockOf(t, part.id)).toBe(10);

    const mails = await mailsTo(t, email);
    const quoteMail = mails.at(-1)!;
    expect(mails).toHaveLength(3);
    expect(quoteMail.asunto).toBe(`Cotización de tu solicitud ${numero}`);
    expect(quoteMail.texto).toContain('Ventilador obstruido');
    expect(quoteMail.texto).toContain(part.nombre);
    expect(quoteMail.texto).toContain('IVA incluido');
    const token = tokenInLink(quoteMail.texto, TRACKING_LINK);
    expect((await publicTicket(t, token)).cotizacion?.total).toBe(total);
  });

  it('replaces the pending quote with a new one', async () => {
    const { id, email } = await inDiagnosis();
    await postQuote(t, id);
    const res = await postQuote(t, id, quoteBody([{ ...labourLine, precioUnitario: 20000 }]));
    expect(res.statusCode).toBe(201);
    expect(res.json<Ticket>().cotizaciones.map((c) => c.estado)).toEqual([
      'PENDIENTE',
      'REEMPLAZADA',
    ]);
    expect((await publicTicket(t, await latestToken(t, email))).cotizacion?.total).toBe(20000);
  });

  it.each([
    ['an unknown product', async () => 999999],
    [
      'an inactive product',
      async () => {
        const [p] = await t.app.db.select().from(productos).limit(1);
        const [retired] = await t.app.db
          .insert(productos)
          .values({
            nombre: 'Fuente retirada',
            precio: '19990.00',
            stock: 5,
            activo: false,
            categoriaId: p!.categoriaId,
          })
          .returning({ id: productos.id });
        return retired!.id;
      },
    ],
  ])('refuses a quote with %s (409)', async (_, productId) => {
    const { id } = await inDiagnosis();
    const res = await postQuote(
      t,
      id,
      quoteBody([{ tipo: 'REPUESTO', productoId: await productId(), cantidad: 1 }]),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(TICKET_MESSAGES.productUnavailable);
    expect((await deskTicket(t, id)).estado).toBe('EN_DIAGNOSTICO');
  });

  it('refuses a quote valid until yesterday, and one for a ticket not yet in diagnosis', async () => {
    const { id } = await inDiagnosis();
    const past = await postQuote(t, id, quoteBody(undefined, { validaHasta: chileDay(-1) }));
    expect(past.statusCode).toBe(400);
    expect(past.json().errors).toEqual({ validaHasta: TICKET_MESSAGES.validUntilPast });
    expect(
      (await postQuote(t, id, quoteBody(undefined, { validaHasta: chileDay(0) }))).statusCode,
    ).toBe(201);

    const received = await createRequest(t);
    const early = await postQuote(t, received.id);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(TICKET_MESSAGES.notQuotableState);
  });
});

describe('answering a quote', () => {
  it('accepts: reserves the parts, approves the ticket, and a second click changes nothing', async () => {
    const part = await productWithStock(t, 5);
    const { id, email } = await inDiagnosis();
    await postQuote(
      t,
      id,
      quoteBody([labourLine, { tipo: 'REPUESTO', productoId: part.id, cantidad: 2 }]),
    );
    const token = await latestToken(t, email);

    const first = await answerQuote(t, token, { decision: 'ACEPTAR' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      message: TICKET_MESSAGES.quoteAccepted,
      ticket: { estado: 'APROBADA', cotizacion: { estado: 'ACEPTADA' } },
    });
    expect(await stockOf(t, part.id)).toBe(3);
    const desk = await deskTicket(t, id);
    expect(desk.historial.at(-1)).toMatchObject({
      estadoAnterior: 'COTIZADA',
      estado: 'APROBADA',
      autor: 'Cliente',
    });
    const mailsBefore = (await mailsTo(t, email)).length;

    const second = await answerQuote(t, token, { decision: 'ACEPTAR' });
    expect(second.statusCode).toBe(200);
    expect(second.json().ticket.estado).toBe('APROBADA');
    expect(await stockOf(t, part.id)).toBe(3);
    expect((await deskTicket(t, id)).historial).toHaveLength(desk.historial.length);
    expect(await mailsTo(t, email)).toHaveLength(mailsBefore);

    const reject = await answerQuote(t, token, { decision: 'RECHAZAR' });
    expect(reject.statusCode).toBe(409);
    expect(reject.json().message).toBe(TICKET_MESSAGES.quoteAlreadyAccepted);
  });

  it('reserves once when two accepts arrive together', async () => {
    const part = await productWithStock(t, 4);
    const { id, email } = await inDiagnosis();
    await postQuote(t, id, quoteBody([{ tipo: 'REPUESTO', productoId: part.id, cantidad: 3 }]));
    const token = await latestToken(t, email);
    const answers = await Promise.all([
      answerQuote(t, token, { decision: 'ACEPTAR' }),
      answerQuote(t, token, { decision: 'ACEPTAR' }),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(await stockOf(t, part.id)).toBe(1);
    const history = (await deskTicket(t, id)).historial.filter((h) => h.estado === 'APROBADA');
    expect(history).toHaveLength(1);
  });

  it('refuses to accept when a part ran out, and changes nothing', async () => {
    const part = await productWithStock(t, 1);
    const { id, email } = await inDiagnosis();
    await postQuote(
      t,
      id,
      quoteBody([labourLine, { tipo: 'REPUESTO', productoId: part.id, cantidad: 2 }]),
    );
    const token = await latestToken(t, email);
    const res = await answerQuote(t, token, { decision: 'ACEPTAR' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(TICKET_MESSAGES.outOfStock(part.nombre));
    expect(await stockOf(t, part.id)).toBe(1);
    const ticket = await deskTicket(t, id);
    expect(ticket.estado).toBe('COTIZADA');
    expect(ticket.cotizaciones[0]!.estado).toBe('PENDIENTE');
  });

  it('rejects with a reason; a rejected quote cannot be accepted, a new one can be sent', async () => {
    const { id, email } = await inDiagnosis();
    await postQuote(t, id);
    let token = await latestToken(t, email);
    const res = await answerQuote(t, token, { decision: 'RECHAZAR', motivo: 'Lo pensaré' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: TICKET_MESSAGES.quoteRejected,
      ticket: {
        estado: 'RECHAZADA',
        cotizacion: { estado: 'RECHAZADA', motivoRechazo: 'Lo pensaré' },
      },
    });
    const accept = await answerQuote(t, token, { decision: 'ACEPTAR' });
    expect(accept.statusCode).toBe(409);
    expect(accept.json().message).toBe(TICKET_MESSAGES.quoteAlreadyRejected);

    expect((await postQuote(t, id)).statusCode).toBe(201);
    // The new quote's e-mail carries a new link, which replaces the one used so far.
    expect((await publicView(t, token)).statusCode).toBe(404);
    token = await latestToken(t, email);
    const again = await answerQuote(t, token, { decision: 'ACEPTAR' });
    expect(again.statusCode).toBe(200);
    expect(again.json().ticket.estado).toBe('APROBADA');
  });

  it('refuses an expired quote', async () => {
    const { id, email } = await inDiagnosis();
    await postQuote(t, id);
    const token = await latestToken(t, email);
    await t.app.db
      .update(soporteCotizaciones)
      .set({ validaHasta: chileDay(-1) })
      .where(eq(soporteCotizaciones.solicitudId, id));
    expect((await publicTicket(t, token)).cotizacion).toMatchObject({
      estado: 'PENDIENTE',
      vencida: true,
    });
    const res = await answerQuote(t, token, { decision: 'ACEPTAR' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(TICKET_MESSAGES.quoteExpired);
    expect((await deskTicket(t, id)).estado).toBe('COTIZADA');
  });

  it('answers 409 when there is no quote to answer', async () => {
    const { email } = await inDiagnosis();
    const res = await answerQuote(t, await latestToken(t, email), { decision: 'ACEPTAR' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(TICKET_MESSAGES.noPendingQuote);
  });

  it("records the customer's answer given by phone, with the same effects", async () => {
    const part = await productWithStock(t, 6);
    const { id } = await inDiagnosis();
    await postQuote(t, id, quoteBody([{ tipo: 'REPUESTO', productoId: part.id, cantidad: 1 }]));
    const res = await moveTo(t, id, 'APROBADA', { notaInterna: 'Aprobó por teléfono' });
    expect(res.statusCode).toBe(200);
    expect(res.json<Ticket>().cotizaciones[0]!.estado).toBe('ACEPTADA');
    expect(res.json<Ticket>().historial.at(-1)).toMatchObject({
      estado: 'APROBADA',
      notaInterna: 'Aprobó por teléfono',
    });
    expect(await stockOf(t, part.id)).toBe(5);
  });
});

describe('stock of an approved repair', () => {
  it('tells the owner when an accepted quote leaves a part low, like a sale does', async () => {
    const part = await productWithStock(t, 6);
    const { id, email } = await inDiagnosis();
    await postQuote(t, id, quoteBody([{ tipo: 'REPUESTO', productoId: part.id, cantidad: 2 }]));
    const token = await latestToken(t, email);
    const before = (await mailsTo(t, SHOP)).length;
    expect((await answerQuote(t, token, { decision: 'ACEPTAR' })).statusCode).toBe(200);
    const news = (await mailsTo(t, SHOP)).slice(before).map((m) => m.asunto);
    expect(news).toContain(`Stock bajo: ${part.nombre} (quedan 4)`);
  });

  it('gives the reserved parts back when the ticket is cancelled, once', async () => {
    const part = await productWithStock(t, 5);
    const { id, email } = await inDiagnosis();
    await postQuote(t, id, quoteBody([{ tipo: 'REPUESTO', productoId: part.id, cantidad: 2 }]));
    const token = await latestToken(t, email);
    await answerQuote(t, token, { decision: 'ACEPTAR' });
    expect(await stockOf(t, part.id)).toBe(3);
    const res = await moveTo(t, id, 'CANCELADA');
    expect(res.statusCode).toBe(200);
    expect(await stockOf(t, part.id)).toBe(5);
    expect((await moveTo(t, id, 'CANCELADA')).statusCode).toBe(409);
    expect(await stockOf(t, part.id)).toBe(5);
  });

  it('keeps the parts taken once the repair started (the repair uses them)', async () => {
    const part = await productWithStock(t, 5);
    const { id, email } = await inDiagnosis();
    await postQuote(t, id, quoteBody([{ tipo: 'REPUESTO', productoId: part.id, cantidad: 1 }]));
    const token = await latestToken(t, email);
    await answerQuote(t, token, { decision: 'ACEPTAR' });
    for (const estado of ['EN_REPARACION', 'LISTA_PARA_RETIRO', 'ENTREGADA'] as const) {
      expect((await moveTo(t, id, estado)).statusCode).toBe(200);
    }
    expect(await stockOf(t, part.id)).toBe(4);
  });
});
