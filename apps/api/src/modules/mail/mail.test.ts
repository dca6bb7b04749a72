import { once } from 'node:events';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { correos } from './mail.schema';
import { CLIENT, createTestApp } from '../../test/test-app';
import { MAILS_PER_BATCH, withUnsubscribeFooter } from './mailer';
import { mailsTo } from './outbox.testing';

const mail = { to: 'ana.perez@gmail.com', subject: 'Prueba', text: 'Hola Ana.' };

/** An app whose logs land in `lines`. */
async function appWithLogs(env: Record<string, string>) {
  const t = await createTestApp({ LOG_LEVEL: 'info', ...env });
  return { app: t.app, lines: t.logs, close: t.close };
}

/**
 * The smallest SMTP server that accepts mail: enough for nodemailer to deliver to it. Each
 * message arrives as its raw DATA text.
 */
function fakeSmtpServer() {
  const messages: string[] = [];
  const server: Server = createServer((socket) => {
    let buffer = '';
    let inData = false;
    let data = '';
    socket.write('220 prueba ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let end: number;
      while ((end = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            messages.push(data);
            data = '';
            socket.write('250 2.0.0 recibido\r\n');
          } else {
            data += `${line.startsWith('..') ? line.slice(1) : line}\n`;
          }
          continue;
        }
        const verb = line.split(' ')[0]!.toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250-prueba\r\n250 8BITMIME\r\n');
        else if (verb === 'DATA') {
          inData = true;
          socket.write('354 adelante\r\n');
        } else if (verb === 'QUIT') {
          socket.end('221 chao\r\n');
        } else socket.write('250 ok\r\n');
      }
    });
  });
  return { server, messages };
}

describe('sin SMTP_URL: bandeja de salida', () => {
  let t: Awaited<ReturnType<typeof appWithLogs>>;
  beforeAll(async () => {
    t = await appWithLogs({});
  });
  afterAll(() => t.close());

  it('guarda el correo en la tabla correos y deja una línea en el log, sin el texto ni la dirección', async () => {
    await t.app.mailer.send(mail);
    const rows = await t.app.db.select().from(correos);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      para: mail.to,
      asunto: mail.subject,
      texto: mail.text,
      sentAt: null,
    });
    const logged = t.lines.map((l) => JSON.parse(l)).filter((l) => l.para === 'a***@gmail.com');
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ level: 30, asunto: mail.subject });
    expect(t.lines.join('')).not.toContain(mail.text);
    expect(t.lines.join('')).not.toContain(mail.to);
  });

  it('no agrega el pie de baja a quien no está suscrito', async () => {
    await t.app.mailer.send({ ...mail, to: CLIENT.correo });
    const [row] = await mailsTo({ app: t.app }, CLIENT.correo);
    expect(row!.texto).toBe(mail.text);
  });

  it('sin DEV_OUTBOX_API no existe GET /api/dev/correos', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/dev/correos' });
    expect(res.statusCode).toBe(404);
  });

  it('un correo que falla después de responder se registra en el log y no rompe nada', async () => {
    t.app.mailer.sendLater('prueba', async () => {
      throw new Error('fallo de prueba');
    });
    await t.app.mailer.settled();
    const logged = t.lines.map((l) => JSON.parse(l)).filter((l) => l.correo === 'prueba');
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ level: 50, msg: 'no se pudo enviar un correo' });
  });

  it('una ráfaga de correos sale entera, en tandas, y el que falla no arrastra a los demás', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/newsletter',
      payload: { email: 'rafaga.suscrita@gmail.com' },
    });
    await t.app.mailer.settled();
    const subjects = Array.from({ length: MAILS_PER_BATCH * 2 + 5 }, (_, i) => `Ráfaga ${i + 1}`);
    for (const subject of subjects) {
      t.app.mailer.sendLater(subject, async () => {
        if (subject === 'Ráfaga 7') throw new Error('fallo de prueba en la ráfaga');
        const to = subject === 'Ráfaga 30' ? 'rafaga.suscrita@gmail.com' : 'rafaga@gmail.com';
        return { ...mail, to, subject };
      });
    }
    await t.app.mailer.settled();
    const kept = await mailsTo({ app: t.app }, 'rafaga@gmail.com');
    const expected = subjects.filter((s) => s !== 'Ráfaga 7' && s !== 'Ráfaga 30');
    // In the order they were asked for.
    expect(kept.map((m) => m.asunto)).toEqual(expected);
    expect(kept.every((m) => !m.texto.includes('Para darte de baja'))).toBe(true);
    const toSubscriber = await mailsTo({ app: t.app }, 'rafaga.suscrita@gmail.com');
    const subscriber = toSubscriber.find((m) => m.asunto === 'Ráfaga 30');
    expect(subscriber?.texto).toContain('Para darte de baja');
    const logged = t.lines.map((l) => JSON.parse(l)).filter((l) => l.correo === 'Ráfaga 7');
    expect(logged).toHaveLength(1);
  });
});

describe('al cerrar el servidor', () => {
  let own: Awaited<ReturnType<typeof appWithLogs>>;
  beforeAll(async () => {
    own = await appWithLogs({});
  });

  it('espera los correos pendientes antes de cerrar la base de datos', async () => {
    own.app.mailer.sendLater('al cerrar', async () => ({ ...mail, subject: 'Al cerrar' }));
    const db = own.app.db;
    await own.close();
    expect(own.lines.join('')).not.toMatch(/no se pudo enviar/);
    expect(own.lines.join('')).toContain('Al cerrar');
    await expect(db.select().from(correos)).rejects.toThrow();
  });
});

describe('con SMTP_URL', () => {
  const smtp = fakeSmtpServer();
  let t: Awaited<ReturnType<typeof appWithLogs>>;
  beforeAll(async () => {
    smtp.server.listen(0, '127.0.0.1');
    await once(smtp.server, 'listening');
    const { port } = smtp.server.address() as AddressInfo;
    t = await appWithLogs({
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      MAIL_FROM: 'Tienda <tienda@nexbyte.cl>',
      PUBLIC_URL: 'https://tienda.nexbyte.cl/',
    });
  });
  afterAll(async () => {
    await t.close();
    smtp.server.close();
  });

  it('envía por SMTP desde MAIL_FROM y no guarda nada en la bandeja de salida', async () => {
    await t.app.mailer.send(mail);
    expect(smtp.messages).toHaveLength(1);
    expect(smtp.messages[0]).toMatch(/^From: Tienda <tienda@nexbyte\.cl>$/m);
    expect(smtp.messages[0]).toMatch(/^To: ana\.perez@gmail\.com$/m);
    expect(smtp.messages[0]).toContain('Hola Ana.');
    expect(await t.app.db.select().from(correos)).toEqual([]);
  });

  it('a un suscriptor le agrega el enlace de baja, también como List-Unsubscribe', async () => {
    await t.app.inject({ method: 'POST', url: '/api/newsletter', payload: { email: mail.to } });
    await t.app.mailer.settled();
    smtp.messages.length = 0;
    await t.app.mailer.send(mail);
    // Unfold the headers and undo the quoted-printable soft line breaks of the body.
    const raw = smtp.messages[0]!.replace(/\n[ \t]+/g, ' ').replace(/=\n/g, '');
    const header = raw.match(/^List-Unsubscribe: <(\S+)>$/m)?.[1];
    // The token rides in the fragment, which browsers never send to a server (nor to its log).
    expect(header).toMatch(/^https:\/\/tienda\.nexbyte\.cl\/newsletter\/baja#[\w-]{43}$/);
    expect(raw).toContain(`Para darte de baja: ${header}`);
  });
});

describe('el pie de baja', () => {
  it('se agrega al texto y, escapado, al HTML', () => {
    const url = 'https://x.cl/newsletter/baja/a"b';
    const out = withUnsubscribeFooter({ ...mail, html: '<p>Hola</p>' }, url);
    expect(out.text).toMatch(
      /^Hola Ana\.\n\n--\n.*newsletter.*\nPara darte de baja: https:\/\/x\.cl/s,
    );
    expect(out.html).toContain('href="https://x.cl/newsletter/baja/a&quot;b"');
  });
});

describe('GET /api/dev/correos', () => {
  let dev: Awaited<ReturnType<typeof appWithLogs>>;
  beforeAll(async () => {
    dev = await appWithLogs({ DEV_OUTBOX_API: '1' });
  });
  afterAll(() => dev.close());

  it('con DEV_OUTBOX_API=1 muestra los correos de una dirección, del más nuevo al más antiguo', async () => {
    await dev.app.mailer.send({ ...mail, subject: 'Primero' });
    await dev.app.mailer.send({ ...mail, subject: 'Segundo' });
    await dev.app.mailer.send({ ...mail, to: 'otra@gmail.com' });
    const res = await dev.app.inject({ method: 'GET', url: `/api/dev/correos?para=${mail.to}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((m: { asunto: string }) => m.asunto)).toEqual(['Segundo', 'Primero']);
  });

  it('avisa al iniciar que está activo', () => {
    const warned = dev.lines.map((l) => JSON.parse(l)).filter((l) => l.level === 40);
    expect(warned.map((l) => l.msg)).toContainEqual(expect.stringMatching(/DEV_OUTBOX_API/));
  });

  it('solo responde a esta máquina: otra dirección recibe 404, aunque diga X-Forwarded-For', async () => {
    await dev.app.mailer.send(mail);
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
