import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app';
import { maskUrl } from '../log-masking';
import { mailsTo } from '../modules/mail/outbox.testing';
import { ADMIN, CLIENT, createTestApp, type TestContext } from './test-app';

let t: TestContext;
let app: App;
let lines: string[];
beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: 'info' });
  ({ app, logs: lines } = t);
});
afterAll(() => t.close());

describe('logs', () => {
  it('never hold a password or a token, even for failed logins and authenticated calls', async () => {
    const wrong = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { correo: ADMIN.correo, pass: 'secreto9' },
    });
    expect(wrong.statusCode).toBe(401);
    const ok = await app.inject({ method: 'POST', url: '/api/auth/login', payload: ADMIN });
    const { token } = ok.json<{ token: string }>();
    await app.inject({
      method: 'GET',
      url: '/api/usuarios',
      headers: { authorization: `Bearer ${token}` },
    });
    await app.inject({
      method: 'POST',
      url: '/api/auth/registro',
      payload: {
        run: '7654321-6',
        nombre: 'Ana',
        apellidos: 'Díaz',
        correo: 'ana@gmail.com',
        pass: 'otra1234',
        pass2: 'otra1234',
        region: 'Maule',
        comuna: 'Talca',
        direccion: 'Calle 1',
      },
    });
    const log = lines.join('');
    expect(lines.length).toBeGreaterThan(4);
    for (const secret of ['secreto9', ADMIN.pass, 'otra1234', token, token.split('.')[2]!]) {
      expect(log).not.toContain(secret);
    }
  });

  it('write one line per request, with its status and time, and no body', async () => {
    lines.length = 0;
    const res = await app.inject({
      method: 'POST',
      url: '/api/contactos',
      payload: { nombre: 'Ana', email: 'ana@gmail.com', mensaje: 'Mensaje privado de prueba' },
    });
    expect(res.statusCode).toBe(201);
    const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const about = entries.filter((e) => e.url === '/api/contactos');
    expect(about).toHaveLength(1);
    expect(about[0]).toMatchObject({ method: 'POST', statusCode: 201 });
    expect(typeof about[0]!.ms).toBe('number');
    expect(lines.join('')).not.toContain('Mensaje privado');
  });
});

describe('logs of an unexpected database error', () => {
  it('keep the SQL and the cause, never the values a person sent', async () => {
    await app.db.execute(sql`alter table contactos rename to contactos_fuera`);
    try {
      lines.length = 0;
      const res = await app.inject({
        method: 'POST',
        url: '/api/contactos',
        payload: {
          nombre: 'Ximena Quiroga',
          email: 'ximena.quiroga@gmail.com',
          mensaje: 'Mi teléfono es 987654321',
        },
      });
      expect(res.statusCode).toBe(500);
      expect(res.body).not.toContain('contactos');
      const errors = lines.filter((l) => JSON.parse(l).level >= 50);
      expect(errors).toHaveLength(1);
      const logged = errors.join('');
      expect(logged).toContain('insert into');
      expect(logged).toContain('contactos');
      for (const value of ['Ximena', 'ximena.quiroga', '987654321']) {
        expect(logged).not.toContain(value);
      }
    } finally {
      await app.db.execute(sql`alter table contactos_fuera rename to contactos`);
    }
  });
});

describe('logs after a password recovery', () => {
  it('hold neither the live token nor the e-mail address, wherever the URL carried them', async () => {
    lines.length = 0;
    const asked = await app.inject({
      method: 'POST',
      url: '/api/auth/recuperar',
      payload: { correo: CLIENT.correo },
    });
    expect(asked.statusCode).toBeLessThan(300);
    const [mail] = await mailsTo({ app }, CLIENT.correo);
    const token = /\/recuperar[/#]([\w-]+)/.exec(mail!.texto)?.[1];
    expect(token).toBeTruthy();
    const email = encodeURIComponent(CLIENT.correo);
    for (const url of [
      `/recuperar/${token}`,
      `/api/auth/recuperar/${token}`,
      `/newsletter/baja/${token}`,
      `/api/newsletter/baja/${token}?x=1`,
      `/api/pedidos/NB-000001?correo=${email}&t=${token}`,
      `/api/pedidos/NB-000001?email=${email}&token=${token}`,
      `/api/dev/correos?para=${email}`,
    ]) {
      await app.inject({ method: 'GET', url });
    }
    // The recovery itself: the token goes in the body, the new password is set.
    const reset = await app.inject({
      method: 'POST',
      url: '/api/auth/restablecer',
      payload: { token, pass: 'nueva12x', pass2: 'nueva12x' },
    });
    expect(reset.statusCode).toBeLessThan(300);
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { correo: CLIENT.correo, pass: 'nueva12x' },
    });
    expect(login.statusCode).toBe(200);
    await app.mailer.settled();
    const log = lines.join('');
    const urls = lines.map((line) => (JSON.parse(line) as { url?: string }).url);
    // The requests were logged, masked.
    expect(urls).toContain('/api/auth/recuperar/***');
    expect(urls).toContain('/api/pedidos/NB-000001?correo=***&t=***');
    for (const secret of [token!, CLIENT.correo, email, 'nueva12x']) {
      expect(log).not.toContain(secret);
    }
  });

  it('mask only what is secret, keeping the rest of the URL readable', () => {
    expect(maskUrl('/api/productos?q=teclado&pagina=2')).toBe('/api/productos?q=teclado&pagina=2');
    expect(maskUrl('/api/auth/recuperar/abc.def?x=1')).toBe('/api/auth/recuperar/***?x=1');
    expect(maskUrl('/api/x?acceso=1&otro=ana%40gmail.com')).toBe('/api/x?acceso=***&otro=***');
    expect(maskUrl('/api/productos?q=ana+diaz%40Gmail.com&pagina=1')).toBe(
      '/api/productos?q=***&pagina=1',
    );
    expect(maskUrl('/api/productos?q=100%25+rgb')).toBe('/api/productos?q=100%25+rgb');
    // Asked again (from the memory of URLs already masked), and long: the same answer.
    expect(maskUrl('/api/auth/recuperar/abc.def?x=1')).toBe('/api/auth/recuperar/***?x=1');
    const long = `/api/productos?q=${'a'.repeat(400)}&token=abc`;
    expect(maskUrl(long)).toBe(`/api/productos?q=${'a'.repeat(400)}&token=***`);
    expect(maskUrl(long)).toBe(maskUrl(long));
  });
});
