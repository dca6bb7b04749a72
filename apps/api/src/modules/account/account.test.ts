import { ACCOUNT_MESSAGES, REGISTER_MESSAGES, type Usuario } from '@nexbyte/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../http-errors';
import { ADMIN, bearer, createTestApp, type TestContext } from '../../test/test-app';
import { registerCustomer } from '../auth/customer.testing';
import { LOGIN_BLOCKED_MESSAGE } from '../auth/login-limiter';

const cambios = {
  nombre: 'Ignacia',
  apellidos: 'Fuentes Lagos',
  telefono: '9 2222 3333',
  region: 'Los Ríos',
  comuna: 'Valdivia',
  direccion: 'General Lagos 1020',
};

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_MAX_FAILS_ACCOUNT: '3' });
});
afterAll(() => t.close());

const call = (
  method: 'GET' | 'PUT',
  url: string,
  token: string | null,
  payload?: Record<string, unknown>,
) =>
  t.app.inject({
    method,
    url,
    headers: token ? bearer(token) : {},
    ...(payload ? { payload } : {}),
  });

describe('GET /api/cuenta', () => {
  it('devuelve los datos de quien tiene la sesión, sin contraseña', async () => {
    const who = await registerCustomer(t);
    const res = await call('GET', '/api/cuenta', await t.login(who));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: who.id, correo: who.correo, role: 'CLIENT' });
    expect(res.body).not.toMatch(/pass|argon|sesion/i);
  });

  it('pide una sesión válida', async () => {
    const anonymous = await call('GET', '/api/cuenta', null);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ message: MESSAGES.unauthenticated });
    expect((await call('GET', '/api/cuenta', 'abc')).json()).toEqual({
      message: MESSAGES.invalidSession,
    });
  });
});

describe('PUT /api/cuenta', () => {
  it('guarda nombre, apellidos, teléfono, región, comuna y dirección', async () => {
    const who = await registerCustomer(t);
    const token = await t.login(who);
    const res = await call('PUT', '/api/cuenta', token, cambios);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ...cambios, correo: who.correo });
    expect((await call('GET', '/api/cuenta', token)).json()).toMatchObject(cambios);
  });

  it('nunca cambia RUN, correo, rol ni contraseña, aunque vengan en el cuerpo', async () => {
    const who = await registerCustomer(t);
    const token = await t.login(who);
    const before = (await call('GET', '/api/cuenta', token)).json<Usuario>();
    const res = await call('PUT', '/api/cuenta', token, {
      ...cambios,
      run: '11111111-1',
      correo: 'otra@gmail.com',
      role: 'ADMIN',
      pass: 'hackeo1',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ run: before.run, correo: who.correo, role: 'CLIENT' });
    expect(await t.login(who)).toBeTruthy();
  });

  it('acepta quitar el teléfono', async () => {
    const who = await registerCustomer(t);
    const res = await call('PUT', '/api/cuenta', await t.login(who), { ...cambios, telefono: '' });
    expect(res.statusCode).toBe(200);
    expect(res.json().telefono).toBeNull();
  });

  it.each([
    ['nombre', { nombre: 'A' }, REGISTER_MESSAGES.nombre],
    ['apellidos', { apellidos: ' ' }, REGISTER_MESSAGES.apellidos],
    ['telefono', { telefono: '1234' }, REGISTER_MESSAGES.telefono],
    ['region', { region: 'Región Inventada' }, REGISTER_MESSAGES.region],
    ['comuna', { comuna: 'Arica' }, REGISTER_MESSAGES.comuna],
    ['direccion', { direccion: 'ab' }, REGISTER_MESSAGES.direccion],
  ])('responde 400 con el mensaje del registro para %s', async (field, change, message) => {
    const who = await registerCustomer(t);
    const res = await call('PUT', '/api/cuenta', await t.login(who), { ...cambios, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ [field]: message });
  });

  it('pide sesión antes de mirar el cuerpo', async () => {
    const res = await call('PUT', '/api/cuenta', null, { nombre: 1 });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: MESSAGES.unauthenticated });
  });
});

describe('PUT /api/cuenta/password', () => {
  const change = (token: string | null, actual: string, pass = 'nueva12', pass2 = pass) =>
    call('PUT', '/api/cuenta/password', token, { actual, pass, pass2 });

  it('cambia la contraseña con la actual y responde un token nuevo para seguir en la sesión', async () => {
    const who = await registerCustomer(t);
    const token = await t.login(who);
    const res = await change(token, who.pass);
    expect(res.statusCode).toBe(200);
    const body = res.json<{ token: string; usuario: Usuario }>();
    expect(body.usuario).toMatchObject({ id: who.id, correo: who.correo });
    expect(body.token).not.toBe(token);
    expect((await call('GET', '/api/cuenta', body.token)).statusCode).toBe(200);
    expect(await t.login({ correo: who.correo, pass: 'nueva12' })).toBeTruthy();
  });

  it('cierra las demás sesiones abiertas antes del cambio', async () => {
    const who = await registerCustomer(t);
    const [here, otherDevice] = [await t.login(who), await t.login(who)];
    const res = await change(here, who.pass);
    expect(res.statusCode).toBe(200);
    for (const old of [here, otherDevice]) {
      const refused = await call('GET', '/api/cuenta', old);
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toEqual({ message: MESSAGES.invalidSession });
    }
    // Other users keep their sessions.
    expect((await call('GET', '/api/cuenta', t.adminToken)).json()).toMatchObject({
      correo: ADMIN.correo,
    });
  });

  it('rechaza una contraseña actual incorrecta con el mensaje en el campo', async () => {
    const who = await registerCustomer(t);
    const token = await t.login(who);
    const res = await change(token, 'noesesta');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: ACCOUNT_MESSAGES.wrongCurrentPassword,
      errors: { actual: ACCOUNT_MESSAGES.wrongCurrentPassword },
    });
    expect((await call('GET', '/api/cuenta', token)).statusCode).toBe(200);
    expect(await t.login(who)).toBeTruthy();
  });

  it('aplica las reglas de la contraseña nueva', async () => {
    const who = await registerCustomer(t);
    const token = await t.login(who);
    const res = await change(token, '', 'abc', 'abd');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      actual: ACCOUNT_MESSAGES.actual,
      pass: REGISTER_MESSAGES.pass,
      pass2: REGISTER_MESSAGES.pass2,
    });
  });

  it('cuenta los intentos fallidos como inicios de sesión fallidos', async () => {
    const who = await registerCustomer(t);
    const token = await t.login(who);
    for (let i = 0; i < 3; i++) expect((await change(token, `mala${i}xx`)).statusCode).toBe(400);
    const blocked = await change(token, who.pass);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ message: LOGIN_BLOCKED_MESSAGE });
  });

  it('pide sesión', async () => {
    expect((await change(null, 'vieja1')).statusCode).toBe(401);
  });
});
