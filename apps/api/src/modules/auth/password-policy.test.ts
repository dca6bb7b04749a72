import { COMMON_PASSWORD_MESSAGE, computeRunCheckDigit, REGISTER_MESSAGES } from '@nexbyte/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../passwords';
import { VALID_REGISTRO, VALID_USUARIO } from '../../test/payloads';
import { bearer, createTestApp, type TestContext } from '../../test/test-app';
import { insertUser } from '../users/users.service';
import { mailsTo } from '../mail/outbox.testing';

const STRONG_MESSAGE = 'La contraseña debe tener entre 8 y 64 caracteres.';
let people = 0;
/** A registration of its own: a fresh RUN and e-mail each time. */
function registro(pass: string, pass2 = pass) {
  people += 1;
  const body = `${21_000_000 + people}`;
  return {
    ...VALID_REGISTRO,
    run: `${body}-${computeRunCheckDigit(body)}`,
    correo: `politica${people}@gmail.com`,
    pass,
    pass2,
  };
}

describe('política de contraseñas básica (la de la especificación, por defecto)', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('GET /api/config la anuncia y acepta 4 a 10 caracteres, aunque sea común', async () => {
    const config = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(config.json()).toMatchObject({ politicaPassword: 'basica' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/registro',
      payload: registro('123456'),
    });
    expect(res.statusCode).toBe(201);
    const long = await t.app.inject({
      method: 'POST',
      url: '/api/auth/registro',
      payload: registro('clave-larga-1'),
    });
    expect(long.json().errors).toEqual({ pass: REGISTER_MESSAGES.pass });
  });
});

describe('PASSWORD_POLICY=fuerte', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({ PASSWORD_POLICY: 'fuerte', RECOVERY_MAX_PER_EMAIL: '100' });
  });
  afterAll(() => t.close());

  const post = (url: string, payload: object, token?: string) =>
    t.app.inject({ method: 'POST', url, payload, headers: token ? bearer(token) : {} });

  it('GET /api/config la anuncia', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/config' })).json()).toMatchObject({
      politicaPassword: 'fuerte',
    });
  });

  it('el registro pide 8 a 64 caracteres', async () => {
    for (const pass of ['clave12', 'x'.repeat(65)]) {
      const res = await post('/api/auth/registro', registro(pass));
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ pass: STRONG_MESSAGE });
    }
  });

  it('rechaza una de las 10.000 contraseñas más comunes, sin mirar mayúsculas', async () => {
    for (const pass of ['password', 'PassWord', '12345678', 'iloveyou']) {
      const res = await post('/api/auth/registro', registro(pass));
      expect(res.statusCode, pass).toBe(400);
      expect(res.json()).toEqual({
        message: COMMON_PASSWORD_MESSAGE,
        errors: { pass: COMMON_PASSWORD_MESSAGE },
      });
    }
  });

  it('acepta una contraseña larga y poco común, que luego inicia sesión', async () => {
    const body = registro('Tres perros azules, 2026');
    expect((await post('/api/auth/registro', body)).statusCode).toBe(201);
    expect(await t.login({ correo: body.correo, pass: body.pass })).toBeTruthy();
  });

  it('una cuenta con una contraseña corta de antes de la política aún inicia sesión', async () => {
    await insertUser(t.app.db, {
      ...VALID_USUARIO,
      run: '3000005-1',
      correo: 'antigua@gmail.com',
      role: 'CLIENT',
      telefono: null,
      passHash: await hashPassword('abc1'),
    });
    expect(await t.login({ correo: 'antigua@gmail.com', pass: 'abc1' })).toBeTruthy();
  });

  it('se aplica también al crear un usuario, al cambiar la contraseña y al restablecerla', async () => {
    const created = await post(
      '/api/usuarios',
      { ...VALID_USUARIO, pass: 'qwertyuiop' },
      t.adminToken,
    );
    expect(created.statusCode).toBe(400);
    expect(created.json().errors).toEqual({ pass: COMMON_PASSWORD_MESSAGE });
    const short = await post('/api/usuarios', { ...VALID_USUARIO, pass: 'corta1' }, t.adminToken);
    expect(short.json().errors).toEqual({ pass: STRONG_MESSAGE });

    const change = await t.app.inject({
      method: 'PUT',
      url: '/api/cuenta/password',
      headers: bearer(t.clientToken),
      payload: { actual: 'cliente123', pass: 'sunshine', pass2: 'sunshine' },
    });
    expect(change.statusCode).toBe(400);
    expect(change.json().errors).toEqual({ pass: COMMON_PASSWORD_MESSAGE });

    expect((await post('/api/auth/recuperar', { correo: 'cliente@gmail.com' })).statusCode).toBe(
      202,
    );
    const [mail] = (await mailsTo(t, 'cliente@gmail.com')).slice(-1);
    const token = /\/recuperar#([\w-]+)/.exec(mail!.texto)![1]!;
    const reset = await post('/api/auth/restablecer', {
      token,
      pass: 'football',
      pass2: 'football',
    });
    expect(reset.statusCode).toBe(400);
    expect(reset.json().errors).toEqual({ pass: COMMON_PASSWORD_MESSAGE });
    // The link was not spent on a refused password.
    const ok = await post('/api/auth/restablecer', {
      token,
      pass: 'Otra clave del cliente',
      pass2: 'Otra clave del cliente',
    });
    expect(ok.statusCode).toBe(200);
  });
});
