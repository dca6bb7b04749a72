// The repair desk's tracking links: kept out of the logs, sent in a header (never in a URL), one
// live link per ticket, and expired a set time after the ticket closed.
import { TICKET_ACCESS_HEADER, TICKET_MESSAGES } from '@nexbyte/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app';
import { mailsTo } from '../mail/outbox.testing';
import {
  answerQuote,
  createRequest,
  customerEmail,
  latestToken,
  moveTo,
  postQuote,
  publicView,
  TRACKING_LINK,
} from './support.fixtures';
import { solicitudesSoporte } from './support.schema';

const DAYS = 30;
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: 'info', SUPPORT_LINK_EXPIRY_DAYS: String(DAYS) });
});
afterAll(() => t.close());

const missing = { message: TICKET_MESSAGES.trackingNotFound };

describe('tracking links in the logs', () => {
  it('never hold the token, whether the old path links or the API carry it', async () => {
    const created = await createRequest(t);
    t.logs.length = 0;
    // A link mailed before the token moved to the fragment, its API call, and today's.
    await t.app.inject({ method: 'GET', url: `/soporte/seguimiento/${created.token}` });
    await t.app.inject({ method: 'GET', url: `/api/soporte/seguimiento/${created.token}` });
    await t.app.inject({
      method: 'POST',
      url: `/api/soporte/seguimiento/${created.token}/cotizacion`,
      payload: { decision: 'ACEPTAR' },
    });
    expect((await publicView(t, created.token)).statusCode).toBe(200);
    await t.app.mailer.settled();

    const urls = t.logs.map((line) => (JSON.parse(line) as { url?: string }).url);
    expect(urls).toContain('/soporte/seguimiento/***');
    expect(urls).toContain('/api/soporte/seguimiento/***');
    expect(urls).toContain('/api/soporte/seguimiento/***/cotizacion');
    expect(urls).toContain('/api/soporte/seguimiento');
    expect(t.logs.join('')).not.toContain(created.token);
  });
});

describe('tracking links', () => {
  it('travel in the fragment of the e-mailed link and open the ticket through a header', async () => {
    const email = customerEmail();
    const created = await createRequest(t, { emailCliente: email });
    expect(created.seguimientoUrl).toBe(`${t.config.publicUrl}${TRACKING_LINK}${created.token}`);
    const [mail] = await mailsTo(t, email);
    expect(mail!.texto).toContain(created.seguimientoUrl);

    const res = await publicView(t, created.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().numero).toBe(created.numero);
    // The token in the path opens nothing any more.
    const inPath = await t.app.inject({
      method: 'GET',
      url: `/api/soporte/seguimiento/${created.token}`,
    });
    expect(inPath.statusCode).toBe(404);
  });

  it('are one per ticket: the link of a newer e-mail replaces the older ones', async () => {
    const email = customerEmail();
    const created = await createRequest(t, { emailCliente: email });
    await moveTo(t, created.id, 'EN_DIAGNOSTICO');
    const second = await latestToken(t, email);
    await postQuote(t, created.id);
    const third = await latestToken(t, email);
    expect(new Set([created.token, second, third]).size).toBe(3);

    for (const old of [created.token, second]) {
      const res = await publicView(t, old);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(missing);
      expect((await answerQuote(t, old, { decision: 'ACEPTAR' })).statusCode).toBe(404);
    }
    expect((await publicView(t, third)).json().estado).toBe('COTIZADA');
  });

  it('stay as they are when the customer answers the quote, so the page they use keeps working', async () => {
    const email = customerEmail();
    const created = await createRequest(t, { emailCliente: email });
    await moveTo(t, created.id, 'EN_DIAGNOSTICO');
    await postQuote(t, created.id);
    const token = await latestToken(t, email);
    const before = (await mailsTo(t, email)).length;

    expect((await answerQuote(t, token, { decision: 'ACEPTAR' })).statusCode).toBe(200);
    expect((await publicView(t, token)).json().estado).toBe('APROBADA');
    const mails = await mailsTo(t, email);
    expect(mails).toHaveLength(before + 1);
    expect(mails.at(-1)!.texto).not.toContain(TRACKING_LINK);
    expect(mails.at(-1)!.texto).toContain('Puedes seguirla con el mismo enlace de antes.');
  });

  it(`expire ${DAYS} days after the ticket closed, and not before`, async () => {
    const email = customerEmail();
    const created = await createRequest(t, { emailCliente: email });
    expect((await moveTo(t, created.id, 'CANCELADA')).statusCode).toBe(200);
    const token = await latestToken(t, email);
    const [row] = await t.app.db
      .select({ fechaCierre: solicitudesSoporte.fechaCierre })
      .from(solicitudesSoporte)
      .where(eq(solicitudesSoporte.id, created.id));
    expect(row!.fechaCierre).toBeInstanceOf(Date);
    expect((await publicView(t, token)).statusCode).toBe(200);

    const closedDaysAgo = (days: number) =>
      t.app.db
        .update(solicitudesSoporte)
        .set({ fechaCierre: new Date(Date.now() - days * 86_400_000) })
        .where(eq(solicitudesSoporte.id, created.id));
    await closedDaysAgo(DAYS - 1);
    expect((await publicView(t, token)).statusCode).toBe(200);
    await closedDaysAgo(DAYS + 1);
    const res = await publicView(t, token);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(missing);
  });

  it('of an open ticket never expire, however old it is', async () => {
    const created = await createRequest(t);
    await t.app.db
      .update(solicitudesSoporte)
      .set({ fechaCreacion: new Date(Date.now() - 400 * 86_400_000) })
      .where(eq(solicitudesSoporte.id, created.id));
    expect((await publicView(t, created.token)).statusCode).toBe(200);
  });

  it('open nothing with an empty header', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/soporte/seguimiento',
      headers: { [TICKET_ACCESS_HEADER]: '' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(missing);
  });
});
