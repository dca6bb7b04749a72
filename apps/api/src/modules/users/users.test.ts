import type { Usuario } from '@nexbyte/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, bearer, CLIENT, createTestApp, type TestContext } from '../../test/test-app';
import { SELF_DELETE } from './users.routes';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: bearer(t.adminToken) });

const nuevo = {
  run: '7654321-6',
  nombre: 'Tomás',
  apellidos: 'Araya Vidal',
  correo: 'tomas.araya@duoc.cl',
  pass: 'vende123',
  role: 'VENDOR',
  telefono: '9 2222 3333',
  region: 'Metropolitana de Santiago',
  comuna: 'Providencia',
  direccion: 'Av. Providencia 1500',
};

describe('admin users', () => {
  it('lists the users without any password', async () => {
    const res = await call('GET', '/api/usuarios');
    expect(res.statusCode).toBe(200);
    const users = res.json<Usuario[]>();
    expect(users.map((u) => u.correo)).toEqual([ADMIN.correo, 'cliente@gmail.com']);
    expect(res.body).not.toMatch(/pass|argon/i);
  });

  it('creates a user with any role, who can then log in', async () => {
    const res = await call('POST', '/api/usuarios', nuevo);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      run: '7654321-6',
      role: 'VENDOR',
      correo: 'tomas.araya@duoc.cl',
    });
    expect(await t.login({ correo: nuevo.correo, pass: nuevo.pass })).toBeTruthy();
  });

  it('reads one user, and 404 for an unknown id', async () => {
    const [, cliente] = (await call('GET', '/api/usuarios')).json<Usuario[]>();
    const res = await call('GET', `/api/usuarios/${cliente!.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(cliente);
    const missing = await call('GET', '/api/usuarios/99999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Usuario no encontrado.' });
  });

  it('updates the editable fields and never RUN, correo or password', async () => {
    const created = (await call('GET', '/api/usuarios'))
      .json<Usuario[]>()
      .find((u) => u.correo === nuevo.correo)!;
    const res = await call('PUT', `/api/usuarios/${created.id}`, {
      ...nuevo,
      run: '2000004-K',
      correo: 'otro@gmail.com',
      pass: 'cambiada1',
      nombre: 'Tomás Ignacio',
      role: 'CLIENT',
      telefono: '',
      region: 'Ñuble',
      comuna: 'Chillán',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      ...created,
      nombre: 'Tomás Ignacio',
      role: 'CLIENT',
      telefono: null,
      region: 'Ñuble',
      comuna: 'Chillán',
    });
    expect(await t.login({ correo: nuevo.correo, pass: nuevo.pass })).toBeTruthy();
  });

  it('refuses a taken correo or RUN with 409', async () => {
    const dupCorreo = await call('POST', '/api/usuarios', { ...nuevo, run: '2000004-K' });
    expect(dupCorreo.statusCode).toBe(409);
    expect(dupCorreo.json().errors).toEqual({ correo: 'El correo ya está registrado.' });
    const dupRun = await call('POST', '/api/usuarios', { ...nuevo, correo: 'libre@gmail.com' });
    expect(dupRun.statusCode).toBe(409);
    expect(dupRun.json().errors).toEqual({ run: 'El RUN ya está registrado.' });
  });

  it.each([
    [{ run: '7654321' }, 'run', 'RUN inválido'],
    [{ run: '12.345.678-5' }, 'run', 'RUN inválido'],
    [{ run: '7654321-5' }, 'run', 'RUN inválido'],
    [{ correo: 'sin-arroba' }, 'correo', 'Correo inválido'],
    [
      { correo: 'tomas@nexbyte.cl' },
      'correo',
      'Solo se permiten correos @duoc.cl, @profesor.duoc.cl o @gmail.com',
    ],
    [{ role: 'ROOT' }, 'role', 'Rol inválido'],
    [{ pass: 'abc' }, 'pass', 'La contraseña debe tener al menos 4 caracteres'],
    [{ nombre: '' }, 'nombre', 'El nombre es requerido.'],
    [{ apellidos: '' }, 'apellidos', 'El apellido es requerido.'],
    [{ region: '' }, 'region', 'Debes seleccionar una región.'],
    [{ comuna: 'Temuco' }, 'comuna', 'Debes seleccionar una comuna.'],
    [{ direccion: '' }, 'direccion', 'La dirección es requerida.'],
    [{ telefono: '22 222 2222' }, 'telefono', 'Formato de teléfono debe ser 9 XXXX XXXX'],
  ])('refuses a new user with %o', async (change, field, message) => {
    const res = await call('POST', '/api/usuarios', {
      ...nuevo,
      run: '2000009-0',
      correo: 'x@gmail.com',
      ...change,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ [field]: message });
  });

  it('checks the rules on update too', async () => {
    const [, cliente] = (await call('GET', '/api/usuarios')).json<Usuario[]>();
    const res = await call('PUT', `/api/usuarios/${cliente!.id}`, { ...nuevo, role: 'DUEÑO' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ role: 'Rol inválido' });
  });

  it('deletes a user for good; the deleted user can no longer log in', async () => {
    const created = (
      await call('POST', '/api/usuarios', {
        ...nuevo,
        run: '2000009-0',
        correo: 'borrar@gmail.com',
      })
    ).json<Usuario>();
    const res = await call('DELETE', `/api/usuarios/${created.id}`);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await call('GET', `/api/usuarios/${created.id}`)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/usuarios/${created.id}`)).statusCode).toBe(404);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { correo: 'borrar@gmail.com', pass: nuevo.pass },
    });
    expect(login.statusCode).toBe(401);
  });

  it('does not let an admin delete their own account', async () => {
    const [admin] = (await call('GET', '/api/usuarios')).json<Usuario[]>();
    const res = await call('DELETE', `/api/usuarios/${admin!.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: SELF_DELETE });
    expect((await call('GET', `/api/usuarios/${admin!.id}`)).statusCode).toBe(200);
  });

  it('ends every session of a user: their tokens get 401, and a new login works', async () => {
    const [first, second] = [await t.login(CLIENT), await t.login(CLIENT)];
    const cuenta = (token: string) =>
      t.app.inject({ method: 'GET', url: '/api/cuenta', headers: bearer(token) });
    const { id } = (await cuenta(first)).json<Usuario>();

    const res = await call('POST', `/api/usuarios/${id}/cerrar-sesiones`);
    expect(res.statusCode).toBe(204);
    expect((await cuenta(first)).statusCode).toBe(401);
    expect((await cuenta(second)).statusCode).toBe(401);
    expect((await cuenta(await t.login(CLIENT))).statusCode).toBe(200);

    const missing = await call('POST', '/api/usuarios/99999/cerrar-sesiones');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Usuario no encontrado.' });
  });
});
