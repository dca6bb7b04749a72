import { NEWSLETTER_MESSAGES } from '@nexbyte/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newsletterSuscriptores } from './newsletter.schema';
import { MESSAGES } from '../../http-errors';
import { bearer, CLIENT, createTestApp, type TestContext } from '../../test/test-app';
import { mailsTo } from '../mail/outbox.testing';
import { CSV_FILENAME } from './newsletter.routes';

/**
 * The token of the first unsubscribe link in an e-mail text. The mailer puts it in the fragment,
 * which browsers never send to a server (so it never reaches a log).
 */
function unsubscribeTokenInText(text: string): string {
  const token = /\/newsletter\/baja#([\w-]+)/.exec(text)?.[1];
  if (!token) throw new Error(`no hay un enlace para darse de baja en:\n${text}`);
  return token;
}

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const subscribe = (email: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/newsletter', payload: { email } });
const unsubscribe = (token: string) =>
  t.app.inject({ method: 'POST', url: '/api/newsletter/baja', payload: { token } });
const rowsOf = (email: string) =>
  t.app.db.select().from(newsletterSuscriptores).where(eq(newsletterSuscriptores.email, email));
const unsubscribeTokenIn = async (email: string) => {
  const mails = await mailsTo(t, email);
  return unsubscribeTokenInText(mails.at(-1)!.texto);
};

describe('POST /api/newsletter', () => {
  it('suscribe un correo y envía una bienvenida con el enlace para darse de baja', async () => {
    const res = await subscribe('lector.uno@empresa.cl');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: NEWSLETTER_MESSAGES.subscribed });
    const [mail, ...more] = await mailsTo(t, 'lector.uno@empresa.cl');
    expect(more).toEqual([]);
    expect(mail!.asunto).toMatch(/newsletter/i);
    expect(mail!.texto).toContain(`http://localhost:${t.config.port}/newsletter/baja`);
    expect(unsubscribeTokenInText(mail!.texto)).toMatch(/^[\w-]{43}$/);
  });

  it('suscribirse dos veces no es un error, guarda una fila y no repite la bienvenida', async () => {
    const first = await subscribe('lector.dos@gmail.com');
    const again = await subscribe('  Lector.Dos@GMAIL.com ');
    expect(again.statusCode).toBe(first.statusCode);
    expect(again.body).toBe(first.body);
    expect(await rowsOf('lector.dos@gmail.com')).toHaveLength(1);
    expect(await mailsTo(t, 'lector.dos@gmail.com')).toHaveLength(1);
  });

  it('rechaza un correo con formato inválido', async () => {
    const res = await subscribe('no-es-correo');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ email: NEWSLETTER_MESSAGES.correo });
    expect((await subscribe(undefined)).statusCode).toBe(400);
  });
});

describe('darse de baja', () => {
  it('funciona sin sesión con el enlace del correo, y repetirlo no es un error', async () => {
    await subscribe('lector.tres@gmail.com');
    const token = await unsubscribeTokenIn('lector.tres@gmail.com');
    const res = await unsubscribe(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: NEWSLETTER_MESSAGES.unsubscribed });
    const [row] = await rowsOf('lector.tres@gmail.com');
    expect(row).toMatchObject({ activo: false });
    expect(row!.bajaAt).toBeInstanceOf(Date);
    expect((await unsubscribe(token)).statusCode).toBe(200);
  });

  it('responde 404 a un enlace que no existe', async () => {
    const res = await unsubscribe('x'.repeat(43));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: NEWSLETTER_MESSAGES.invalidUnsubscribeLink });
  });

  it('volver a suscribirse reactiva la misma fila y envía otra bienvenida', async () => {
    await subscribe('lector.cuatro@gmail.com');
    await unsubscribe(await unsubscribeTokenIn('lector.cuatro@gmail.com'));
    await subscribe('lector.cuatro@gmail.com');
    const rows = await rowsOf('lector.cuatro@gmail.com');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ activo: true, bajaAt: null });
    expect(await mailsTo(t, 'lector.cuatro@gmail.com')).toHaveLength(2);
  });

  it('el enlace es aleatorio: no se deduce del correo ni se repite', async () => {
    await subscribe('lector.cinco@gmail.com');
    await subscribe('lector.seis@gmail.com');
    const [a, b] = [
      await unsubscribeTokenIn('lector.cinco@gmail.com'),
      await unsubscribeTokenIn('lector.seis@gmail.com'),
    ];
    for (const token of [a, b]) expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(a).not.toBe(b);
    expect(Buffer.from(a, 'base64url').toString('latin1')).not.toContain('lector');
  });

  it('todo correo a un suscriptor lleva el enlace para darse de baja, también la recuperación', async () => {
    await subscribe(CLIENT.correo);
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/auth/recuperar',
      payload: { correo: CLIENT.correo },
    });
    expect(asked.statusCode).toBe(202);
    const mails = await mailsTo(t, CLIENT.correo);
    expect(mails).toHaveLength(2);
    const token = unsubscribeTokenInText(mails[1]!.texto);
    expect(token).toBe(unsubscribeTokenInText(mails[0]!.texto));
    expect(mails[1]!.texto).toContain('/recuperar#');
  });
});

describe('administración del newsletter', () => {
  const admin = (url: string, token = t.adminToken) =>
    t.app.inject({ method: 'GET', url, headers: bearer(token) });

  it('cuenta solo los suscriptores activos', async () => {
    const before = (await admin('/api/newsletter/resumen')).json<{ suscriptores: number }>();
    await subscribe('contado.uno@gmail.com');
    await subscribe('contado.dos@gmail.com');
    await subscribe('contado.dos@gmail.com');
    await unsubscribe(await unsubscribeTokenIn('contado.uno@gmail.com'));
    const res = await admin('/api/newsletter/resumen');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ suscriptores: before.suscriptores + 1 });
  });

  it('descarga la lista en CSV con encabezado, solo los activos', async () => {
    await subscribe('csv.activo@gmail.com');
    await subscribe('csv.baja@gmail.com');
    await unsubscribe(await unsubscribeTokenIn('csv.baja@gmail.com'));
    const res = await admin('/api/newsletter/suscriptores.csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${CSV_FILENAME}"`);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('correo,fecha_suscripcion');
    const row = lines.find((l) => l.startsWith('csv.activo@gmail.com,'));
    expect(row).toMatch(/^csv\.activo@gmail\.com,\d{4}-\d\d-\d\dT[\d:.]+Z$/);
    expect(res.body).not.toContain('csv.baja@gmail.com');
    const { suscriptores } = (await admin('/api/newsletter/resumen')).json();
    expect(lines).toHaveLength(suscriptores + 1);
  });

  it('neutraliza las fórmulas de hoja de cálculo en el CSV', async () => {
    // '+' and '-' may start a valid e-mail address, and would start a formula in a spreadsheet.
    for (const email of ['+formula@gmail.com', '-formula@gmail.com']) {
      expect((await subscribe(email)).statusCode).toBe(200);
    }
    const csv = (await admin('/api/newsletter/suscriptores.csv')).body;
    expect(csv).toContain("\r\n'+formula@gmail.com,");
    expect(csv).toContain("\r\n'-formula@gmail.com,");
    expect(csv).not.toMatch(/\n[-+=@]/);
  });

  it.each(['/api/newsletter/resumen', '/api/newsletter/suscriptores.csv'])(
    '%s es solo para ADMIN',
    async (url) => {
      const anonymous = await t.app.inject({ method: 'GET', url });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toEqual({ message: MESSAGES.unauthenticated });
      const client = await admin(url, t.clientToken);
      expect(client.statusCode).toBe(403);
      expect(client.json()).toEqual({ message: MESSAGES.forbidden });
    },
  );
});
