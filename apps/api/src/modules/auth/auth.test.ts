import { REGISTER_MESSAGES } from '@nexbyte/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usuarios } from '../users/users.schema';
import { ADMIN, bearer, CLIENT, createTestApp, type TestContext } from '../../test/test-app';
import { MESSAGES } from '../../http-errors';
import { LOGIN_FAILED_MESSAGE } from './auth.routes';
import { LOGIN_BLOCKED_MESSAGE } from './login-limiter';

const validRegistro = {
  run: '10.000.004-0',
  nombre: 'Ignacia',
  apellidos: 'Fuentes Lagos',
  correo: 'ignacia.fuentes@duoc.cl',
  telefono: '9 1234 5678',
  pass: 'clave12',
  pass2: 'clave12',
  region: 'Los Ríos',
  comuna: 'Valdivia',
  direccion: 'General Lagos 1020',
};

describe('POST /api/auth/login', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const login = (payload: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', payload: payload as object });

  it('answers a token and the user without its password', async () => {
    const res = await login(ADMIN);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.token.split('.')).toHaveLength(3);
    expect(body.usuario).toMatchObject({ correo: 'admin@duoc.cl', role: 'ADMIN' });
    expect(JSON.stringify(body)).not.toMatch(/pass|argon/i);
  });

  it('accepts the e-mail in any case and with spaces around it', async () => {
    const res = await login({ correo: '  Cliente@Gmail.com ', pass: CLIENT.pass });
    expect(res.statusCode).toBe(200);
    expect(res.json().usuario.role).toBe('CLIENT');
  });

  it('gives the same 401 for an unknown e-mail and for a wrong password', async () => {
    const unknown = await login({ correo: 'nadie@gmail.com', pass: 'admin123' });
    const wrong = await login({ correo: ADMIN.correo, pass: 'otra123' });
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.json()).toEqual({ message: LOGIN_FAILED_MESSAGE });
    expect(wrong.body).toBe(unknown.body);
  });

  it('checks the e-mail and password rules on the server', async () => {
    const res = await login({ correo: 'alguien@hotmail.com', pass: '123' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      correo: 'Solo se permiten correos @duoc.cl, @profesor.duoc.cl o @gmail.com',
      pass: REGISTER_MESSAGES.pass,
    });
  });
});

describe('POST /api/auth/logout', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const logout = (headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/auth/logout', headers });
  const cuenta = (token: string) =>
    t.app.inject({ method: 'GET', url: '/api/cuenta', headers: bearer(token) });

  it('ends this session on the server: the same token then gets 401', async () => {
    const token = await t.login(CLIENT);
    expect((await cuenta(token)).statusCode).toBe(200);
    const res = await logout(bearer(token));
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    const after = await cuenta(token);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ message: MESSAGES.invalidSession });
  });

  it('answers 204 again for a session that had already ended (the client asked for just that)', async () => {
    const token = await t.login(CLIENT);
    expect((await logout(bearer(token))).statusCode).toBe(204);
    expect((await logout(bearer(token))).statusCode).toBe(204);
  });

  it("leaves the user's other sessions working (per device)", async () => {
    const [here, elsewhere] = [await t.login(ADMIN), await t.login(ADMIN)];
    expect((await logout(bearer(here))).statusCode).toBe(204);
    expect((await cuenta(here)).statusCode).toBe(401);
    expect((await cuenta(elsewhere)).statusCode).toBe(200);
  });

  it('answers 401 without a token, or with one that is not ours', async () => {
    const res = await logout();
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: MESSAGES.unauthenticated });
    const token = await t.login(CLIENT);
    const forged = `${token.slice(0, -4)}${token.endsWith('AAAA') ? 'BBBB' : 'AAAA'}`;
    const refused = await logout(bearer(forged));
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ message: MESSAGES.invalidSession });
    expect((await cuenta(token)).statusCode).toBe(200);
  });
});

describe('límite de inicios de sesión fallidos', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({ LOGIN_MAX_FAILS_ACCOUNT: '3', LOGIN_MAX_FAILS_CLIENT: '6' });
  });
  afterAll(() => t.close());

  const login = (payload: object, ip = '10.0.0.1') =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', payload, remoteAddress: ip });

  it('blocks an account after its failures, even with the right password, and says when to retry', async () => {
    for (let i = 0; i < 3; i++) {
      expect(
        (await login({ correo: CLIENT.correo, pass: 'malaclave' }, `10.1.0.${i}`)).statusCode,
      ).toBe(401);
    }
    const blocked = await login(CLIENT, '10.1.0.99');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ message: LOGIN_BLOCKED_MESSAGE });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Another account is not affected by this one's failures.
    expect((await login(ADMIN, '10.1.0.99')).statusCode).toBe(200);
  });

  it('blocks a client that fails across many accounts', async () => {
    for (let i = 0; i < 6; i++) {
      await login({ correo: `persona${i}@gmail.com`, pass: 'malaclave' }, '10.2.0.1');
    }
    expect((await login(ADMIN, '10.2.0.1')).statusCode).toBe(429);
    expect((await login(ADMIN, '10.2.0.2')).statusCode).toBe(200);
  });

  it('does not count successful logins, and a success clears the account failures', async () => {
    for (let i = 0; i < 10; i++) {
      expect((await login(ADMIN, '10.3.0.1')).statusCode).toBe(200);
    }
    await login({ correo: ADMIN.correo, pass: 'malaclave' }, '10.3.0.2');
    await login({ correo: ADMIN.correo, pass: 'malaclave' }, '10.3.0.2');
    expect((await login(ADMIN, '10.3.0.3')).statusCode).toBe(200);
    await login({ correo: ADMIN.correo, pass: 'malaclave' }, '10.3.0.2');
    await login({ correo: ADMIN.correo, pass: 'malaclave' }, '10.3.0.2');
    expect((await login(ADMIN, '10.3.0.3')).statusCode).toBe(200);
  });
});

describe('límite de inicios de sesión ante intentos en paralelo', () => {
  const limits = { LOGIN_MAX_FAILS_ACCOUNT: '5', LOGIN_MAX_FAILS_CLIENT: '20' };
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp(limits);
  });
  afterAll(() => t.close());

  /** Sends every guess at once and counts the answers by status. */
  const guessAll = async (guesses: { correo: string; ip: string }[]) => {
    const answers = await Promise.all(
      guesses.map(({ correo, ip }) =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { correo, pass: 'malaclave' },
          remoteAddress: ip,
        }),
      ),
    );
    const count = (status: number) => answers.filter((r) => r.statusCode === status).length;
    return { checked: count(401), blocked: count(429), total: answers.length };
  };

  it('50 wrong passwords at once on one account: at most LOGIN_MAX_FAILS_ACCOUNT are checked', async () => {
    const result = await guessAll(
      Array.from({ length: 50 }, (_, i) => ({ correo: CLIENT.correo, ip: `10.4.${i}.1` })),
    );
    expect(result.checked).toBeGreaterThan(0);
    expect(result.checked).toBeLessThanOrEqual(Number(limits.LOGIN_MAX_FAILS_ACCOUNT));
    expect(result.checked + result.blocked).toBe(50);
  });

  it('50 wrong passwords at once from one client: at most LOGIN_MAX_FAILS_CLIENT are checked', async () => {
    const result = await guessAll(
      Array.from({ length: 50 }, (_, i) => ({ correo: `cuenta${i}@gmail.com`, ip: '10.5.0.1' })),
    );
    expect(result.checked).toBeGreaterThan(0);
    expect(result.checked).toBeLessThanOrEqual(Number(limits.LOGIN_MAX_FAILS_CLIENT));
    expect(result.checked + result.blocked).toBe(50);
  });
});

describe('POST /api/auth/registro', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const registro = (payload: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/auth/registro', payload: payload as object });

  it('creates a CLIENT whatever role the body asks for, stores an argon2id hash and lets it log in', async () => {
    const res = await registro({ ...validRegistro, role: 'ADMIN' });
    expect(res.statusCode).toBe(201);
    const user = res.json();
    expect(user).toMatchObject({
      run: '10000004-0',
      correo: 'ignacia.fuentes@duoc.cl',
      role: 'CLIENT',
      telefono: '9 1234 5678',
    });
    expect(user).not.toHaveProperty('pass');
    const [row] = await t.app.db.select().from(usuarios).where(eq(usuarios.id, user.id));
    expect(row!.passHash).toMatch(/^\$argon2id\$/);
    expect(row!.passHash).not.toContain('clave12');
    expect(await t.login({ correo: validRegistro.correo, pass: 'clave12' })).toBeTruthy();
  });

  it('refuses a taken e-mail and a taken RUN with 409', async () => {
    const sameCorreo = await registro({
      ...validRegistro,
      run: '7.654.321-6',
      correo: 'IGNACIA.fuentes@duoc.cl',
    });
    expect(sameCorreo.statusCode).toBe(409);
    expect(sameCorreo.json()).toEqual({
      message: 'El correo ya está registrado.',
      errors: { correo: 'El correo ya está registrado.' },
    });
    const sameRun = await registro({
      ...validRegistro,
      run: '10000004-0',
      correo: 'otra.persona@gmail.com',
    });
    expect(sameRun.statusCode).toBe(409);
    expect(sameRun.json().errors).toEqual({ run: 'El RUN ya está registrado.' });
  });

  it.each([
    ['run', { run: '10.000.004-9' }, 'El RUN ingresado no es válido.'],
    ['nombre', { nombre: 'A' }, 'El nombre es requerido.'],
    ['nombre', { nombre: 'x'.repeat(101) }, 'Máximo 100 caracteres.'],
    ['apellidos', { apellidos: ' ' }, 'El apellido es requerido.'],
    ['correo', { correo: 'no-es-correo' }, 'Formato de correo inválido.'],
    [
      'correo',
      { correo: 'ana@yahoo.com' },
      'Solo se permiten correos @duoc.cl, @profesor.duoc.cl o @gmail.com',
    ],
    ['correo', { correo: `${'a'.repeat(95)}@gmail.com` }, 'Máximo 100 caracteres.'],
    ['telefono', { telefono: '1234' }, 'Formato de teléfono debe ser 9 XXXX XXXX'],
    ['pass', { pass: 'abc', pass2: 'abc' }, 'La contraseña debe tener entre 4 y 10 caracteres.'],
    [
      'pass',
      { pass: 'abcdefghijk', pass2: 'abcdefghijk' },
      'La contraseña debe tener entre 4 y 10 caracteres.',
    ],
    ['pass2', { pass2: 'otra' }, 'Las contraseñas no coinciden.'],
    ['region', { region: 'Región Inventada' }, 'Debes seleccionar una región.'],
    ['comuna', { comuna: '' }, 'Debes seleccionar una comuna.'],
    ['comuna', { comuna: 'Arica' }, 'Debes seleccionar una comuna.'],
    ['direccion', { direccion: 'ab' }, 'La dirección es requerida.'],
  ])('answers 400 with the message of %s', async (field, change, message) => {
    const res = await registro({
      ...validRegistro,
      run: '7.654.321-6',
      correo: 'nuevo@gmail.com',
      ...change,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ [field]: message });
  });

  it('accepts a registration without a phone', async () => {
    const { telefono: _t, ...sinTelefono } = validRegistro;
    const res = await registro({
      ...sinTelefono,
      run: '1000005-K',
      correo: 'sin.telefono@profesor.duoc.cl',
      telefono: '',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().telefono).toBeNull();
  });
});
