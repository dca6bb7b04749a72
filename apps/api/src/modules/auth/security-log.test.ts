import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { ADMIN, bearer, CLIENT, createTestApp, type TestContext } from '../../test/test-app';
import { mailsTo } from '../mail/outbox.testing';

let t: TestContext;
let app: App;
let lines: string[];
beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: 'info', LOGIN_MAX_FAILS_ACCOUNT: '2' });
  ({ app, logs: lines } = t);
  // The harness's own logins are not this test's events.
  lines.length = 0;
});
afterAll(() => t.close());

type Line = Record<string, unknown> & { seguridad?: string };
const events = (name: string): Line[] =>
  lines.map((l) => JSON.parse(l) as Line).filter((l) => l.seguridad === name);

const post = (url: string, payload?: object, token?: string) =>
  app.inject({ method: 'POST', url, payload, headers: token ? bearer(token) : {} });
const login = async (who: { correo: string; pass: string }) => {
  const res = await post('/api/auth/login', who);
  expect(res.statusCode).toBe(200);
  return res.json<{ token: string }>().token;
};

describe('eventos de seguridad en el log', () => {
  it('registra inicios de sesión, bloqueos, cierres, cambios y restablecimientos, sin secretos', async () => {
    const adminToken = await login(ADMIN);
    const adminId = Number(decodeJwt(adminToken).sub);
    const clientToken = await login(CLIENT);
    const clientId = Number(decodeJwt(clientToken).sub);
    expect(events('login.exitoso').map((e) => e.userId)).toEqual([adminId, clientId]);

    // Two failures on the client's account, then the limiter's 429.
    for (const pass of ['mala111', 'mala222', 'mala333']) {
      await post('/api/auth/login', { correo: CLIENT.correo, pass });
    }
    expect(events('login.fallido')).toEqual([
      expect.objectContaining({ userId: clientId, correo: 'c***@gmail.com', level: 30 }),
      expect.objectContaining({ userId: clientId }),
    ]);
    expect(events('login.bloqueado')).toEqual([
      expect.objectContaining({ correo: 'c***@gmail.com', level: 40 }),
    ]);
    await post('/api/auth/login', { correo: 'nadie@gmail.com', pass: 'mala444' });
    expect(events('login.fallido').at(-1)).toMatchObject({
      userId: null,
      correo: 'n***@gmail.com',
    });

    // 401 and 403, with the route's template.
    await app.inject({ method: 'GET', url: '/api/usuarios/77' });
    await app.inject({ method: 'GET', url: '/api/usuarios', headers: bearer(clientToken) });
    expect(events('acceso.denegado')).toEqual([
      expect.objectContaining({ status: 401, ruta: '/api/usuarios/:id', userId: null }),
      expect.objectContaining({ status: 403, ruta: '/api/usuarios', userId: clientId }),
    ]);

    // Password change in Mi cuenta: a wrong current one, then the right one.
    const put = (payload: object) =>
      app.inject({
        method: 'PUT',
        url: '/api/cuenta/password',
        payload,
        headers: bearer(adminToken),
      });
    await put({ actual: 'noesesta', pass: 'nueva55', pass2: 'nueva55' });
    const changed = await put({ actual: ADMIN.pass, pass: 'nueva55', pass2: 'nueva55' });
    expect(changed.statusCode).toBe(200);
    expect(events('password.cambio_fallido')).toEqual([
      expect.objectContaining({ userId: adminId }),
    ]);
    expect(events('password.cambiada')).toEqual([expect.objectContaining({ userId: adminId })]);
    const newAdminToken = changed.json<{ token: string }>().token;

    // An admin ends the client's sessions; the admin logs out.
    await post(`/api/usuarios/${clientId}/cerrar-sesiones`, undefined, newAdminToken);
    expect(events('sesiones.cerradas')).toEqual([
      expect.objectContaining({ userId: clientId, porUserId: adminId }),
    ]);
    await post('/api/auth/logout', undefined, newAdminToken);
    expect(events('sesion.cerrada')).toEqual([expect.objectContaining({ userId: adminId })]);

    // A password reset through the e-mailed link.
    await post('/api/auth/recuperar', { correo: ADMIN.correo });
    const [mail] = (await mailsTo({ app }, ADMIN.correo)).slice(-1);
    const token = /\/recuperar#([\w-]+)/.exec(mail!.texto)?.[1];
    expect(token).toBeTruthy();
    const reset = await post('/api/auth/restablecer', { token, pass: 'otra777', pass2: 'otra777' });
    expect(reset.statusCode).toBe(200);
    expect(events('password.restablecida')).toEqual([expect.objectContaining({ userId: adminId })]);

    await app.mailer.settled();
    const log = lines.join('');
    const secrets = [
      ADMIN.pass,
      CLIENT.pass,
      'mala111',
      'mala333',
      'mala444',
      'noesesta',
      'nueva55',
      'otra777',
      token!,
      adminToken,
      newAdminToken,
      clientToken,
      CLIENT.correo,
      ADMIN.correo,
    ];
    for (const secret of secrets) expect(log).not.toContain(secret);
  });
});
