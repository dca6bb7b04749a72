import { ACCOUNT_MESSAGES, TOTP_MESSAGES } from '@nexbyte/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codigosRecuperacionTotp } from './auth.schema';
import { ADMIN, bearer, CLIENT, createTestApp, type TestContext } from '../../test/test-app';
import { LOGIN_BLOCKED_MESSAGE } from './login-limiter';
import { currentTotpCode } from './totp';

const inSteps = (secret: string, steps: number) =>
  currentTotpCode(secret, Date.now() + steps * 30_000);

function api(t: TestContext) {
  const post = (url: string, payload?: object, token?: string) =>
    t.app.inject({ method: 'POST', url, payload, headers: token ? bearer(token) : {} });
  return {
    post,
    login: (who: { correo: string; pass: string }) => post('/api/auth/login', who),
    cuenta: (token: string) =>
      t.app.inject({ method: 'GET', url: '/api/cuenta', headers: bearer(token) }),
  };
}

describe('verificación en dos pasos (TOTP) para administradores', () => {
  let t: TestContext;
  let secreto: string;
  let codes: string[];
  beforeAll(async () => {
    t = await createTestApp({ LOGIN_MAX_FAILS_ACCOUNT: '3' });
  });
  afterAll(() => t.close());

  it('solo un ADMIN la activa: clave y URI otpauth, luego un primer código da 10 códigos de recuperación', async () => {
    const { post } = api(t);
    expect((await post('/api/cuenta/totp', undefined, t.clientToken)).statusCode).toBe(403);

    const started = await post('/api/cuenta/totp', undefined, t.adminToken);
    expect(started.statusCode).toBe(200);
    ({ secreto } = started.json<{ secreto: string; uri: string }>());
    expect(secreto).toMatch(/^[A-Z2-7]{32}$/);
    expect(started.json().uri).toMatch(
      /^otpauth:\/\/totp\/Nexbyte:admin%40duoc\.cl\?issuer=Nexbyte&secret=[A-Z2-7]{32}&/,
    );

    const wrong = await post(
      '/api/cuenta/totp/confirmar',
      { actual: ADMIN.pass, codigo: '000000' },
      t.adminToken,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({ codigo: TOTP_MESSAGES.wrongCode });

    const confirmed = await post(
      '/api/cuenta/totp/confirmar',
      { actual: ADMIN.pass, codigo: currentTotpCode(secreto) },
      t.adminToken,
    );
    expect(confirmed.statusCode).toBe(200);
    codes = confirmed.json<{ codigosRecuperacion: string[] }>().codigosRecuperacion;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    // Only hashes are kept.
    const stored = await t.app.db.select().from(codigosRecuperacionTotp);
    expect(stored).toHaveLength(10);
    for (const code of codes) expect(JSON.stringify(stored)).not.toContain(code);

    const estado = await t.app.inject({
      method: 'GET',
      url: '/api/cuenta/totp',
      headers: bearer(t.adminToken),
    });
    expect(estado.json()).toEqual({ activo: true });
    expect((await post('/api/cuenta/totp', undefined, t.adminToken)).statusCode).toBe(409);
  });

  it('el inicio de sesión pide el código después de la contraseña, y cada código sirve una vez', async () => {
    const { post, login, cuenta } = api(t);
    const first = await login(ADMIN);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ siguiente: 'totp', desafio: expect.any(String) });
    expect(first.json()).not.toHaveProperty('token');
    const { desafio } = first.json<{ desafio: string }>();
    // The challenge is not a session.
    expect((await cuenta(desafio)).statusCode).toBe(401);

    const codigo = inSteps(secreto, 1);
    const ok = await post('/api/auth/login/totp', { desafio, codigo });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().usuario).toMatchObject({ correo: ADMIN.correo, role: 'ADMIN' });
    expect((await cuenta(ok.json().token)).statusCode).toBe(200);

    const replay = await post('/api/auth/login/totp', { desafio, codigo });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().errors).toEqual({ codigo: TOTP_MESSAGES.wrongCode });
  });

  it('un código de recuperación sirve una sola vez', async () => {
    const { post, login } = api(t);
    const { desafio } = (await login(ADMIN)).json<{ desafio: string }>();
    const code = codes[0]!.toUpperCase();
    expect((await post('/api/auth/login/totp', { desafio, codigo: code })).statusCode).toBe(200);
    expect((await post('/api/auth/login/totp', { desafio, codigo: code })).statusCode).toBe(400);
  });

  it('un desafío falso o una sesión como desafío dan 401', async () => {
    const { post } = api(t);
    for (const desafio of ['abc', t.clientToken]) {
      const res = await post('/api/auth/login/totp', { desafio, codigo: '123456' });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: TOTP_MESSAGES.challengeExpired });
    }
  });

  it('los códigos cuentan en el límite de inicios de sesión', async () => {
    const { post, login } = api(t);
    // A window of its own: the wrong and replayed codes of the tests above counted too.
    await t.app.loginLimiter.recordSuccess(ADMIN.correo);
    const { desafio } = (await login(ADMIN)).json<{ desafio: string }>();
    for (let i = 0; i < 3; i++) {
      expect((await post('/api/auth/login/totp', { desafio, codigo: '000000' })).statusCode).toBe(
        400,
      );
    }
    const blocked = await post('/api/auth/login/totp', { desafio, codigo: codes[1]! });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ message: LOGIN_BLOCKED_MESSAGE });
    await t.app.loginLimiter.recordSuccess(ADMIN.correo);
  });

  it('se desactiva con un código, y luego el inicio de sesión vuelve a ser de un paso', async () => {
    const { post, login } = api(t);
    const session = await t.login(CLIENT);
    // A CLIENT without TOTP: nothing to turn off.
    const none = await post(
      '/api/cuenta/totp/desactivar',
      { actual: CLIENT.pass, codigo: '123456' },
      session,
    );
    expect(none.statusCode, none.body).toBe(400);

    const { desafio } = (await login(ADMIN)).json<{ desafio: string }>();
    const { token } = (await post('/api/auth/login/totp', { desafio, codigo: codes[2]! })).json<{
      token: string;
    }>();
    const wrong = await post(
      '/api/cuenta/totp/desactivar',
      { actual: ADMIN.pass, codigo: '000000' },
      token,
    );
    expect(wrong.statusCode).toBe(400);
    const off = await post(
      '/api/cuenta/totp/desactivar',
      { actual: ADMIN.pass, codigo: codes[3]! },
      token,
    );
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ message: TOTP_MESSAGES.disabled });
    expect(await t.app.db.select().from(codigosRecuperacionTotp)).toEqual([]);
    expect((await login(ADMIN)).json()).toHaveProperty('token');
  });
});

describe('activarla o desactivarla pide la contraseña otra vez', () => {
  let t: TestContext;
  let secreto: string;
  beforeAll(async () => {
    t = await createTestApp({ LOGIN_MAX_FAILS_ACCOUNT: '3' });
  });
  afterAll(() => t.close());

  const estado = async (token: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/cuenta/totp', headers: bearer(token) })).json<{
      activo: boolean;
    }>().activo;

  it('una sesión sola no la activa: sin contraseña 400, con una equivocada 403 en el campo', async () => {
    const { post, cuenta } = api(t);
    ({ secreto } = (await post('/api/cuenta/totp', undefined, t.adminToken)).json<{
      secreto: string;
    }>());
    const codigo = currentTotpCode(secreto);

    const missing = await post('/api/cuenta/totp/confirmar', { codigo }, t.adminToken);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ actual: ACCOUNT_MESSAGES.actual });

    const wrong = await post(
      '/api/cuenta/totp/confirmar',
      { actual: 'otra-clave', codigo },
      t.adminToken,
    );
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toEqual({
      message: ACCOUNT_MESSAGES.wrongCurrentPassword,
      errors: { actual: ACCOUNT_MESSAGES.wrongCurrentPassword },
    });
    expect(await estado(t.adminToken)).toBe(false);
    // The session stays valid: a mistyped password is not a lost session.
    expect((await cuenta(t.adminToken)).statusCode).toBe(200);

    const right = await post(
      '/api/cuenta/totp/confirmar',
      { actual: ADMIN.pass, codigo },
      t.adminToken,
    );
    expect(right.statusCode).toBe(200);
    expect(await estado(t.adminToken)).toBe(true);
    await t.app.loginLimiter.recordSuccess(ADMIN.correo);
  });

  it('una sesión sola no la desactiva, ni con un código válido; cada contraseña equivocada cuenta en el límite', async () => {
    const { post } = api(t);
    const codigo = inSteps(secreto, 1);
    for (let i = 0; i < 3; i++) {
      const res = await post(
        '/api/cuenta/totp/desactivar',
        { actual: `adivina-${i}`, codigo },
        t.adminToken,
      );
      expect(res.statusCode).toBe(403);
      expect(res.json().errors).toEqual({ actual: ACCOUNT_MESSAGES.wrongCurrentPassword });
    }
    expect(await estado(t.adminToken)).toBe(true);
    // Three wrong passwords spent the account's attempts: even the right one waits now.
    const blocked = await post(
      '/api/cuenta/totp/desactivar',
      { actual: ADMIN.pass, codigo },
      t.adminToken,
    );
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ message: LOGIN_BLOCKED_MESSAGE });
    expect(blocked.headers['retry-after']).toMatch(/^\d+$/);
    expect(await estado(t.adminToken)).toBe(true);

    // Once the window is over, the password and the same code (never used up) turn it off.
    await t.app.loginLimiter.recordSuccess(ADMIN.correo);
    const off = await post(
      '/api/cuenta/totp/desactivar',
      { actual: ADMIN.pass, codigo },
      t.adminToken,
    );
    expect(off.statusCode).toBe(200);
    expect(await estado(t.adminToken)).toBe(false);
  });
});

describe('ADMIN_MFA=obligatorio', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({ ADMIN_MFA: 'obligatorio' });
  });
  afterAll(() => t.close());

  it('un ADMIN sin TOTP debe activarlo para entrar; un cliente entra como siempre', async () => {
    const { post, login, cuenta } = api(t);
    expect((await login(CLIENT)).json()).toHaveProperty('token');

    const first = await login(ADMIN);
    expect(first.json()).toEqual({ siguiente: 'enrolar_totp', desafio: expect.any(String) });
    const { desafio } = first.json<{ desafio: string }>();
    expect((await cuenta(desafio)).statusCode).toBe(401);
    // The enrolment challenge does not pass as a code challenge.
    expect((await post('/api/auth/login/totp', { desafio, codigo: '123456' })).statusCode).toBe(
      401,
    );

    const enrol = await post('/api/auth/login/totp/enrolar', { desafio });
    expect(enrol.statusCode).toBe(200);
    const { secreto } = enrol.json<{ secreto: string }>();
    const confirmed = await post('/api/auth/login/totp/confirmar', {
      desafio,
      codigo: currentTotpCode(secreto),
    });
    expect(confirmed.statusCode).toBe(200);
    const body = confirmed.json<{ token: string; codigosRecuperacion: string[] }>();
    expect(body.codigosRecuperacion).toHaveLength(10);
    expect((await cuenta(body.token)).statusCode).toBe(200);

    // From now on the password alone is not enough.
    expect((await login(ADMIN)).json()).toMatchObject({ siguiente: 'totp' });
    const adminId = (await cuenta(body.token)).json<{ id: number }>().id;
    const stored = await t.app.db
      .select()
      .from(codigosRecuperacionTotp)
      .where(eq(codigosRecuperacionTotp.usuarioId, adminId));
    expect(stored).toHaveLength(10);
  });
});
