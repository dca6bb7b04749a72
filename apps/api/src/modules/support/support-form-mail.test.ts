// The public forms send mail to an address nobody has verified: the support form's
// acknowledgement never carries what the visitor typed, and a mailbox gets a few an hour at most.
// The contact form writes only to the shop.
import { TICKET_MESSAGES } from '@nexbyte/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app';
import { correos } from '../mail/mail.schema';
import { mailsTo } from '../mail/outbox.testing';
import { createRequest, TRACKING_LINK, validRequest } from './support.fixtures';

const MAX = 3;
const SHOP = 'tienda.formularios@gmail.com';
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ SUPPORT_MAX_PER_EMAIL_HOUR: String(MAX), SHOP_EMAIL: SHOP });
});
afterAll(() => t.close());

const SPAM = 'Gana dinero rápido en www.estafa.example';
const send = (change: object) =>
  t.app.inject({ method: 'POST', url: '/api/soporte', payload: { ...validRequest(), ...change } });
/** A mailbox of its own per test: `local` at gmail.com. */
let serial = 0;
const mailbox = () => `victima${Date.now()}n${++serial}`;

describe("the support form's acknowledgement", () => {
  it('says the request arrived, with its number and link, and nothing the visitor wrote', async () => {
    const email = `${mailbox()}@gmail.com`;
    const created = await createRequest(t, {
      emailCliente: email,
      nombreCliente: 'Oferta Exclusiva',
      descripcionProblema: SPAM,
    });
    const [mail] = await mailsTo(t, email);
    expect(mail!.asunto).toBe(`Recibimos tu solicitud ${created.numero}`);
    expect(mail!.texto).toContain(created.numero);
    expect(mail!.texto).toContain(`${TRACKING_LINK}${created.token}`);
    for (const text of [mail!.texto, mail!.html ?? '']) {
      expect(text).not.toContain('estafa');
      expect(text).not.toContain('Oferta');
      expect(text).not.toContain('Exclusiva');
    }
    // The shop's own inbox still gets the whole request.
    const shop = (await mailsTo(t, SHOP)).at(-1)!;
    expect(shop.texto).toContain(SPAM);
  });
});

describe('mails per recipient', () => {
  it(`sends at most ${MAX} an hour to one mailbox, however its address is written`, async () => {
    const local = mailbox();
    const spellings = [
      `${local}@gmail.com`,
      `${local}+1@gmail.com`,
      `${local.slice(0, 3)}.${local.slice(3)}@gmail.com`,
      `${local.toUpperCase()}+x@gmail.com`,
    ];
    for (const email of spellings.slice(0, MAX)) {
      expect((await send({ emailCliente: email })).statusCode).toBe(201);
    }
    const refused = await send({ emailCliente: spellings[MAX] });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(TICKET_MESSAGES.tooManyRequests(MAX));
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

    await t.app.mailer.settled();
    const sent = await t.app.db.select({ para: correos.para }).from(correos);
    const toMailbox = sent.filter((m) => spellings.includes(m.para!));
    expect(toMailbox).toHaveLength(MAX);
    // Another mailbox is not held back.
    expect((await send({ emailCliente: `${mailbox()}@gmail.com` })).statusCode).toBe(201);
  });
});

describe('the contact form', () => {
  it("writes only to the shop, never to the visitor's address", async () => {
    const email = `${mailbox()}@gmail.com`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contactos',
      payload: { nombre: 'Oferta Exclusiva', email, mensaje: SPAM },
    });
    expect(res.statusCode).toBe(201);
    expect(await mailsTo(t, email)).toHaveLength(0);
    expect((await mailsTo(t, SHOP)).at(-1)!.texto).toContain(SPAM);
  });
});
