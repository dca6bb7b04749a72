import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CORREO_MESSAGES, type CorreoEnvio } from '@nexbyte/shared';
import { bearer, CLIENT, createTestApp, type TestContext } from '../../test/test-app';
import { correos } from './mail.schema';
import {
  MAIL_QUEUES,
  MAILS_PER_BATCH,
  ORPHAN_ERROR,
  withUnsubscribeFooter,
  type Mail,
} from './mailer';
import { mailsTo } from './outbox.testing';
import { startSmtpStandIn, type SmtpStandIn } from '../../../../../scripts/lib/smtp-stand-in.mjs';

const mail: Mail = { to: 'ana.perez@gmail.com', subject: 'Prueba', text: 'Hola Ana.' };

/** A kind of e-mail whose data is the finished e-mail; enqueued in a transaction of its own. */
function directMails(t: TestContext) {
  const enqueue = t.app.mailer.kind<Mail & { falla?: boolean }>('prueba', async (m) => {
    if (m.falla) throw new Error('fallo de prueba al componer');
    return { to: m.to, subject: m.subject, text: m.text };
  });
  return async (m: Mail & { falla?: boolean }, tipo = m.subject) => {
    await t.app.db.transaction((tx) => enqueue(tx, tipo, m));
    const [row] = await t.app.db
      .select()
      .from(correos)
      .where(eq(correos.tipo, tipo))
      .orderBy(correos.id);
    return row!;
  };
}

const rowOf = async (t: TestContext, id: number) =>
  (await t.app.db.select().from(correos).where(eq(correos.id, id)))[0]!;

/** The pg-boss job that sends the e-mail now. */
async function jobOf(t: TestContext, id: number) {
  const row = await rowOf(t, id);
  const { rows } = await t.app.database.executeSql(
    `select state, retry_count as "retryCount", retry_limit as "retryLimit",
            extract(epoch from start_after - now())::float as "dueIn"
       from pgboss.job where id = $1`,
    [row.trabajoId],
  );
  return rows[0] as { state: string; retryCount: number; retryLimit: number; dueIn: number };
}

/** Lets the back-off pass: every job waiting for a retry is due now. */
async function skipBackOff(t: TestContext) {
  await t.app.database.executeSql(
    `update pgboss.job set start_after = now() - interval '1 second' where state = 'retry'`,
    [],
  );
}

const logLines = (t: TestContext) => t.logs.map((l) => JSON.parse(l) as Record<string, unknown>);

describe('without SMTP_URL: the outbox', () => {
  let t: TestContext;
  let send: ReturnType<typeof directMails>;
  beforeAll(async () => {
    t = await createTestApp({ LOG_LEVEL: 'info' });
    send = directMails(t);
  });
  afterAll(() => t.close());

  it('an enqueued e-mail waits for its job, then is kept in correos with its body, logged without text or address', async () => {
    const row = await send(mail);
    expect(row).toMatchObject({ estado: 'pendiente', intentos: 0, para: null, texto: null });
    await t.app.mailer.settled();
    expect(await rowOf(t, row.id)).toMatchObject({
      estado: 'enviado',
      intentos: 1,
      para: mail.to,
      asunto: mail.subject,
      texto: mail.text,
      ultimoError: null,
    });
    const logged = logLines(t).filter((l) => l.para === 'a***@gmail.com');
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ level: 30, asunto: mail.subject });
    expect(t.logs.join('')).not.toContain(mail.text);
    expect(t.logs.join('')).not.toContain(mail.to);
  });

  it('adds the newsletter footer only to a subscriber', async () => {
    await send({ ...mail, to: CLIENT.correo, subject: 'Sin pie' });
    const subscribed = await t.app.inject({
      method: 'POST',
      url: '/api/newsletter',
      payload: { email: 'suscrita@gmail.com' },
    });
    expect(subscribed.statusCode, subscribed.body).toBe(200);
    await send({ ...mail, to: 'suscrita@gmail.com', subject: 'Con pie' });
    await t.app.mailer.settled();
    const [plain] = await mailsTo(t, CLIENT.correo);
    expect(plain!.texto).toBe(mail.text);
    const toSubscriber = await mailsTo(t, 'suscrita@gmail.com');
    expect(toSubscriber.find((m) => m.asunto === 'Con pie')?.texto).toContain('Para darte de baja');
  });

  it('a burst goes out whole, in order; one that cannot be composed waits for its retry without holding the rest', async () => {
    const subjects = Array.from({ length: MAILS_PER_BATCH * 3 + 2 }, (_, i) => `Ráfaga ${i + 1}`);
    let broken = 0;
    for (const subject of subjects) {
      const row = await send({
        ...mail,
        to: 'rafaga@gmail.com',
        subject,
        ...(subject === 'Ráfaga 7' ? { falla: true } : {}),
      });
      if (subject === 'Ráfaga 7') broken = row.id;
    }
    await t.app.mailer.settled();
    const kept = await mailsTo(t, 'rafaga@gmail.com');
    expect(kept.map((m) => m.asunto)).toEqual(subjects.filter((s) => s !== 'Ráfaga 7'));
    expect(await rowOf(t, broken)).toMatchObject({
      estado: 'pendiente',
      intentos: 1,
      ultimoError: 'fallo de prueba al componer',
    });
    const job = await jobOf(t, broken);
    expect(job.state).toBe('retry');
    expect(job.dueIn).toBeGreaterThan(MAIL_QUEUES.correo.retryDelay * 0.9);
    expect(logLines(t).filter((l) => l.correo === 'Ráfaga 7')).toHaveLength(1);
  });

  it('GET /api/dev/correos does not exist without DEV_OUTBOX_API', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/dev/correos' });
    expect(res.statusCode).toBe(404);
  });
});

describe('with SMTP_URL', () => {
  let smtp: SmtpStandIn;
  let t: TestContext;
  let send: ReturnType<typeof directMails>;
  beforeAll(async () => {
    smtp = await startSmtpStandIn();
    t = await createTestApp({
      LOG_LEVEL: 'info',
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Tienda <tienda@nexbyte.cl>',
      PUBLIC_URL: 'https://tienda.nexbyte.cl/',
      MAIL_SEND_TIMEOUT_MS: '2000',
    });
    send = directMails(t);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('sends from MAIL_FROM with a Message-ID of its own, and keeps no body once sent', async () => {
    smtp.messages.length = 0;
    const row = await send(mail);
    await t.app.mailer.settled();
    expect(smtp.messages).toHaveLength(1);
    expect(smtp.messages[0]!.raw).toMatch(/^From: Tienda <tienda@nexbyte\.cl>$/m);
    expect(smtp.messages[0]!.raw).toMatch(/^To: ana\.perez@gmail\.com$/m);
    expect(smtp.messages[0]!.raw).toMatch(
      new RegExp(`^Message-ID: <correo-${row.id}\\.\\d+@nexbyte\\.cl>$`, 'm'),
    );
    expect(smtp.messages[0]!.raw).toContain('Hola Ana.');
    expect(await rowOf(t, row.id)).toMatchObject({
      estado: 'enviado',
      para: mail.to,
      texto: null,
      html: null,
    });
  });

  it('adds the way out to a subscriber, also as List-Unsubscribe', async () => {
    await t.app.inject({ method: 'POST', url: '/api/newsletter', payload: { email: mail.to } });
    await t.app.mailer.settled();
    smtp.messages.length = 0;
    await send({ ...mail, subject: 'Para suscriptora' });
    await t.app.mailer.settled();
    // Unfold the headers and undo the quoted-printable soft line breaks of the body.
    const raw = smtp.messages[0]!.raw.replace(/\n[ \t]+/g, ' ').replace(/=\n/g, '');
    const header = raw.match(/^List-Unsubscribe: <(\S+)>$/m)?.[1];
    // The token rides in the fragment, which browsers never send to a server (nor to its log).
    expect(header).toMatch(/^https:\/\/tienda\.nexbyte\.cl\/newsletter\/baja#[\w-]{43}$/);
    expect(raw).toContain(`Para darte de baja: ${header}`);
  });

  it('a server that is down or busy: retried with growing back-off, then delivered once', async () => {
    smtp.messages.length = 0;
    smtp.mode = 'down';
    const row = await send({ ...mail, subject: 'Durante la caída' });
    await t.app.mailer.settled();
    const first = await rowOf(t, row.id);
    expect(first).toMatchObject({ estado: 'pendiente', intentos: 1 });
    expect(first.ultimoError).toMatch(/ECONNECTION|ESOCKET|ECONNRESET|socket close/i);
    const { retryDelay } = MAIL_QUEUES.correo;
    const afterFirst = await jobOf(t, row.id);
    expect(afterFirst.state).toBe('retry');
    expect(afterFirst.dueIn).toBeGreaterThan(retryDelay * 0.9);
    expect(afterFirst.dueIn).toBeLessThan(retryDelay * 2 + 1);

    smtp.mode = 'busy';
    await skipBackOff(t);
    await t.app.mailer.settled();
    const second = await rowOf(t, row.id);
    expect(second).toMatchObject({ estado: 'pendiente', intentos: 2 });
    expect(second.ultimoError).toMatch(/^451 EENVELOPE/);
    const afterSecond = await jobOf(t, row.id);
    // Twice as long, give or take the jitter.
    expect(afterSecond.dueIn).toBeGreaterThan(retryDelay * 2 * 0.9);
    expect(afterSecond.dueIn).toBeLessThan(retryDelay * 4 + 1);

    smtp.mode = 'accept';
    await skipBackOff(t);
    await t.app.mailer.settled();
    expect(await rowOf(t, row.id)).toMatchObject({
      estado: 'enviado',
      intentos: 3,
      ultimoError: null,
    });
    expect(smtp.messages).toHaveLength(1);
    // Nothing left to run: it is not sent again.
    await skipBackOff(t);
    await t.app.mailer.settled();
    expect(smtp.messages).toHaveLength(1);
  });

  it('an address the server says does not exist fails at once, is listed, and Reintentar sends it', async () => {
    smtp.messages.length = 0;
    smtp.mode = 'refuse';
    const row = await send({ ...mail, to: 'no.existe@gmail.com', subject: 'Rebotará' });
    await t.app.mailer.settled();
    expect(await rowOf(t, row.id)).toMatchObject({ estado: 'fallido', intentos: 1 });
    // Not retried: its job is done.
    expect((await jobOf(t, row.id)).state).toBe('completed');
    const auth = bearer(t.adminToken);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/correos?estado=fallido',
      headers: auth,
    });
    expect(list.statusCode).toBe(200);
    const listed = list.json<CorreoEnvio[]>().find((c) => c.id === row.id);
    expect(listed).toMatchObject({
      para: 'no.existe@gmail.com',
      asunto: 'Rebotará',
      estado: 'fallido',
      intentos: 1,
      proximoIntentoAt: null,
    });
    expect(listed!.ultimoError).toMatch(/^550 EENVELOPE/);
    expect(Object.keys(listed!)).not.toContain('texto');
    expect(list.body).not.toContain('Hola Ana.');
    const setup = await t.app.inject({
      method: 'GET',
      url: '/api/admin/puesta-en-marcha',
      headers: auth,
    });
    expect(setup.json().correosFallidos).toBeGreaterThanOrEqual(1);

    smtp.mode = 'accept';
    const url = `/api/correos/${row.id}/reintentar`;
    const retried = await t.app.inject({ method: 'POST', url, headers: auth });
    expect([retried.statusCode, retried.json()]).toEqual([
      202,
      { message: CORREO_MESSAGES.retried },
    ]);
    const waiting = await t.app.inject({
      method: 'GET',
      url: '/api/correos?estado=pendiente',
      headers: auth,
    });
    expect(waiting.json<CorreoEnvio[]>().find((c) => c.id === row.id)).toMatchObject({
      estado: 'pendiente',
      intentos: 0,
    });
    await t.app.mailer.settled();
    expect(await rowOf(t, row.id)).toMatchObject({ estado: 'enviado', intentos: 1 });
    expect(smtp.messages).toHaveLength(1);
    const again = await t.app.inject({ method: 'POST', url, headers: auth });
    expect([again.statusCode, again.json()]).toEqual([409, { message: CORREO_MESSAGES.notFailed }]);
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/correos/999999/reintentar',
      headers: auth,
    });
    expect(unknown.statusCode).toBe(404);
    const asClient = await t.app.inject({
      method: 'GET',
      url: '/api/correos',
      headers: bearer(t.clientToken),
    });
    expect(asClient.statusCode).toBe(403);
  });

  it('after its last attempt an e-mail is failed for good', async () => {
    smtp.mode = 'busy';
    const row = await send({ ...mail, subject: 'Último intento' });
    const { trabajoId } = await rowOf(t, row.id);
    await t.app.database.executeSql(
      `update pgboss.job set retry_count = retry_limit where id = $1`,
      [trabajoId],
    );
    await t.app.mailer.settled();
    expect(await rowOf(t, row.id)).toMatchObject({ estado: 'fallido', intentos: 1 });
    expect((await jobOf(t, row.id)).state).toBe('failed');
    smtp.mode = 'accept';
  });

  it('is sent once: not while another worker holds it, again only if that worker died', async () => {
    smtp.messages.length = 0;
    const row = await send({ ...mail, subject: 'Una sola vez' });
    // Another instance claimed it a moment ago and is talking to the server.
    await t.app.db
      .update(correos)
      .set({ estado: 'enviando', enviandoDesde: new Date() })
      .where(eq(correos.id, row.id));
    await t.app.mailer.settled();
    expect(smtp.messages).toHaveLength(0);
    expect((await rowOf(t, row.id)).estado).toBe('enviando');
    // Its job is not done with it: it comes back later, in case that worker never finishes.
    expect((await jobOf(t, row.id)).state).toBe('retry');
    // That instance died mid-send (no end recorded for far longer than a conversation lasts): the
    // e-mail's job, returned to the queue, sends it.
    await t.app.db
      .update(correos)
      .set({ enviandoDesde: new Date(Date.now() - 3_600_000) })
      .where(eq(correos.id, row.id));
    await t.app.jobs.send(null, 'correo', { correoId: row.id });
    await t.app.mailer.settled();
    expect(smtp.messages).toHaveLength(1);
    // A job that runs once more (a retry after the send) finds it sent.
    await t.app.jobs.send(null, 'correo', { correoId: row.id });
    await t.app.mailer.settled();
    expect(smtp.messages).toHaveLength(1);
    expect((await rowOf(t, row.id)).estado).toBe('enviado');
  });

  it('one whose worker died on its last attempt is failed within a period, and Reintentar sends it', async () => {
    smtp.messages.length = 0;
    const orphan = await send({ ...mail, subject: 'Sin trabajo' });
    const waiting = await send({ ...mail, subject: 'Esperando su reintento' });
    // The orphan's worker claimed it and died; pg-boss then failed its job, which had no attempt
    // left. The other e-mail waits for a retry an hour away: its job is alive.
    await t.app.db
      .update(correos)
      .set({ estado: 'enviando', enviandoDesde: new Date(Date.now() - 3_600_000) })
      .where(eq(correos.id, orphan.id));
    await t.app.database.executeSql(
      `update pgboss.job set state = 'failed', completed_on = now() where id = $1`,
      [orphan.trabajoId],
    );
    await t.app.database.executeSql(
      `update pgboss.job set state = 'retry', start_after = now() + interval '1 hour' where id = $1`,
      [waiting.trabajoId],
    );

    await t.app.jobs.schedulePeriodic();
    await t.app.jobs.runDue();
    expect(await rowOf(t, orphan.id)).toMatchObject({
      estado: 'fallido',
      enviandoDesde: null,
      ultimoError: ORPHAN_ERROR,
    });
    expect((await rowOf(t, waiting.id)).estado).toBe('pendiente');
    expect(smtp.messages).toHaveLength(0);

    const retried = await t.app.inject({
      method: 'POST',
      url: `/api/correos/${orphan.id}/reintentar`,
      headers: bearer(t.adminToken),
    });
    expect(retried.statusCode).toBe(202);
    await t.app.mailer.settled();
    expect(smtp.messages.map((m) => m.subject)).toEqual(['Sin trabajo']);
    expect((await rowOf(t, orphan.id)).estado).toBe('enviado');
  });

  it('on shutdown an e-mail still being sent is released, so the next start sends it at once', async () => {
    smtp.mode = 'silent';
    const row = await send({ ...mail, subject: 'Al apagar' });
    const running = t.app.mailer.settled();
    await vi.waitFor(async () => expect((await rowOf(t, row.id)).estado).toBe('enviando'), {
      timeout: 5_000,
    });
    await t.app.mailer.close();
    expect(await rowOf(t, row.id)).toMatchObject({ estado: 'pendiente', enviandoDesde: null });
    smtp.mode = 'accept';
    smtp.dropConnections();
    await running;
  });
});

describe('the unsubscribe footer', () => {
  it('is added to the text and, escaped, to the HTML', () => {
    const url = 'https://x.cl/newsletter/baja/a"b';
    const out = withUnsubscribeFooter({ ...mail, html: '<p>Hola</p>' }, url);
    expect(out.text).toMatch(
      /^Hola Ana\.\n\n--\n.*newsletter.*\nPara darte de baja: https:\/\/x\.cl/s,
    );
    expect(out.html).toContain('href="https://x.cl/newsletter/baja/a&quot;b"');
  });
});

describe('GET /api/dev/correos', () => {
  let dev: TestContext;
  let send: ReturnType<typeof directMails>;
  beforeAll(async () => {
    dev = await createTestApp({ LOG_LEVEL: 'info', DEV_OUTBOX_API: '1' });
    send = directMails(dev);
  });
  afterAll(() => dev.close());

  it('with DEV_OUTBOX_API=1 shows the e-mails delivered to an address, newest first', async () => {
    await send({ ...mail, subject: 'Primero' });
    await send({ ...mail, subject: 'Segundo' });
    await send({ ...mail, to: 'otra@gmail.com', subject: 'A otra' });
    await send({ ...mail, subject: 'Aún en cola' }, 'en cola');
    await dev.app.db.update(correos).set({ estado: 'fallido' }).where(eq(correos.tipo, 'en cola'));
    await dev.app.mailer.settled();
    const res = await dev.app.inject({ method: 'GET', url: `/api/dev/correos?para=${mail.to}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((m: { asunto: string }) => m.asunto)).toEqual(['Segundo', 'Primero']);
  });

  it('warns at start-up that it is on', () => {
    const warned = logLines(dev).filter((l) => l.level === 40);
    expect(warned.map((l) => l.msg)).toContainEqual(expect.stringMatching(/DEV_OUTBOX_API/));
  });

  it('answers this machine only: another address gets 404, X-Forwarded-For or not', async () => {
    const url = `/api/dev/correos?para=${mail.to}`;
    for (const remoteAddress of ['192.168.1.20', '2001:db8::7', '::ffff:10.0.0.3']) {
      for (const headers of [{}, { 'x-forwarded-for': '127.0.0.1' }]) {
        const res = await dev.app.inject({ method: 'GET', url, remoteAddress, headers });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ message: 'Recurso no encontrado.' });
      }
    }
    for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const res = await dev.app.inject({ method: 'GET', url, remoteAddress });
      expect(res.statusCode).toBe(200);
    }
  });
});
