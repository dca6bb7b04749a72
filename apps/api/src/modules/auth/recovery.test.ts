import { RECOVERY_MESSAGES, REGISTER_MESSAGES } from '@nexbyte/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recuperacionesPassword } from './auth.schema';
import { usuarios } from '../users/users.schema';
import { MESSAGES } from '../../http-errors';
import { bearer, CLIENT, createTestApp, type TestContext } from '../../test/test-app';
import { mailsTo, tokenInLink } from '../mail/outbox.testing';
import { registerCustomer } from './customer.testing';
import { LOGIN_BLOCKED_MESSAGE } from './login-limiter';
import { RECOVERY_BLOCKED_MESSAGE } from './recovery-limiter';
import { hashRecoveryToken } from './recovery.repository';

const RESET_PATH = '/recuperar#';

describe('recuperar la contraseña', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({
      RECOVERY_MAX_PER_EMAIL: '100',
      RECOVERY_MAX_PER_CLIENT: '100',
      LOGIN_MAX_FAILS_ACCOUNT: '2',
    });
  });
  afterAll(() => t.close());

  const ask = (correo: string, ip = '10.9.0.1') =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/recuperar',
      payload: { correo },
      remoteAddress: ip,
    });
  const reset = (token: string, pass = 'nueva12', pass2 = pass) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/restablecer',
      payload: { token, pass, pass2 },
    });
  /** Asks for a link and returns the token of the newest e-mail. */
  const linkFor = async (correo: string) => {
    expect((await ask(correo)).statusCode).toBe(202);
    const mails = await mailsTo(t, correo);
    return tokenInLink(mails.at(-1)!.texto, RESET_PATH);
  };
  const canLogin = async (correo: string, pass: string) =>
    (await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { correo, pass } }))
      .statusCode === 200;

  it('da la misma respuesta exista o no la cuenta, y solo la cuenta recibe un correo', async () => {
    const known = await ask(CLIENT.correo);
    const unknown = await ask('nadie.registrado@gmail.com');
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(known.json()).toEqual({ message: RECOVERY_MESSAGES.requested });
    expect(unknown.body).toBe(known.body);
    expect(Object.keys(unknown.headers).sort()).toEqual(Object.keys(known.headers).sort());

    const [mail, ...more] = await mailsTo(t, CLIENT.correo);
    expect(more).toEqual([]);
    expect(mail!.asunto).toMatch(/nueva contraseña/i);
    expect(mail!.texto).toContain(`http://localhost:${t.config.port}${RESET_PATH}`);
    expect(mail!.texto).toMatch(/30 minutos/);
    expect(await mailsTo(t, 'nadie.registrado@gmail.com')).toEqual([]);
  });

  it('aplica las reglas de correo del inicio de sesión', async () => {
    const res = await ask('alguien@hotmail.com');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      correo: 'Solo se permiten correos @duoc.cl, @profesor.duoc.cl o @gmail.com',
    });
  });

  it('usa un token aleatorio de 256 bits y guarda solo su hash SHA-256', async () => {
    const who = await registerCustomer(t);
    const token = await linkFor(who.correo);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const rows = await t.app.db
      .select()
      .from(recuperacionesPassword)
      .where(eq(recuperacionesPassword.usuarioId, who.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(hashRecoveryToken(token));
    expect(JSON.stringify(rows)).not.toContain(token);
    const minutes = (rows[0]!.expiresAt.getTime() - rows[0]!.createdAt.getTime()) / 60_000;
    expect(minutes).toBeCloseTo(30, 1);
    expect(await linkFor(who.correo)).not.toBe(token);
  });

  it('el enlace crea la nueva contraseña: la vieja deja de servir y la nueva inicia sesión', async () => {
    const who = await registerCustomer(t);
    const token = await linkFor(who.correo);
    const res = await reset(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: RECOVERY_MESSAGES.passwordSet });
    expect(await canLogin(who.correo, 'nueva12')).toBe(true);
    expect(await canLogin(who.correo, who.pass)).toBe(false);
  });

  it('el token va en el fragmento del enlace y en el cuerpo de la llamada, nunca en una ruta', async () => {
    const who = await registerCustomer(t);
    const token = await linkFor(who.correo);
    const [mail] = (await mailsTo(t, who.correo)).slice(-1);
    expect(mail!.texto).toContain(`/recuperar#${token}`);
    expect(mail!.texto).not.toContain(`/recuperar/${token}`);
    const inPath = await t.app.inject({
      method: 'POST',
      url: `/api/auth/recuperar/${token}`,
      payload: { pass: 'nueva12', pass2: 'nueva12' },
    });
    expect(inPath.statusCode).toBe(404);
    expect((await reset(token)).statusCode).toBe(200);
  });

  it('sirve una sola vez', async () => {
    const who = await registerCustomer(t);
    const token = await linkFor(who.correo);
    expect((await reset(token, 'primera1')).statusCode).toBe(200);
    const again = await reset(token, 'segunda2');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: RECOVERY_MESSAGES.invalidLink });
    expect(await canLogin(who.correo, 'primera1')).toBe(true);
  });

  it('vence a los 30 minutos', async () => {
    const who = await registerCustomer(t);
    const token = await linkFor(who.correo);
    // 29 minutes later it still works; 31 minutes later it does not.
    const age = (minutes: number) =>
      t.app.db
        .update(recuperacionesPassword)
        .set({ expiresAt: sql`now() + make_interval(mins => ${30 - minutes})` })
        .where(eq(recuperacionesPassword.usuarioId, who.id));
    await age(31);
    const late = await reset(token);
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual({ message: RECOVERY_MESSAGES.invalidLink });
    await age(29);
    expect((await reset(token)).statusCode).toBe(200);
  });

  it('pedir otro enlace anula el anterior', async () => {
    const who = await registerCustomer(t);
    const first = await linkFor(who.correo);
    const second = await linkFor(who.correo);
    expect((await reset(first)).statusCode).toBe(400);
    expect((await reset(second)).statusCode).toBe(200);
  });

  it('cambiar la contraseña cierra las sesiones abiertas antes, y anula otros enlaces', async () => {
    const who = await registerCustomer(t);
    const before = await t.login(who);
    const me = (token: string) =>
      t.app.inject({ method: 'GET', url: '/api/cuenta', headers: bearer(token) });
    expect((await me(before)).statusCode).toBe(200);

    const token = await linkFor(who.correo);
    expect((await reset(token)).statusCode).toBe(200);

    const refused = await me(before);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ message: MESSAGES.invalidSession });
    const after = await t.login({ correo: who.correo, pass: 'nueva12' });
    expect((await me(after)).statusCode).toBe(200);
    const [row] = await t.app.db.select().from(usuarios).where(eq(usuarios.id, who.id));
    expect(row!.sesionVersion).toBe(1);
  });

  it('aplica las reglas de contraseña y confirmación del registro', async () => {
    const who = await registerCustomer(t);
    const token = await linkFor(who.correo);
    const short = await reset(token, 'abc', 'abc');
    expect(short.statusCode).toBe(400);
    expect(short.json().errors).toEqual({ pass: REGISTER_MESSAGES.pass });
    const mismatch = await reset(token, 'nueva12', 'otra123');
    expect(mismatch.json().errors).toEqual({ pass2: REGISTER_MESSAGES.pass2 });
    // The refused attempts did not use the link up.
    expect((await reset(token)).statusCode).toBe(200);
  });

  it.each([
    ['inventado', 'x'.repeat(43)],
    ['con otra forma', 'abc'],
    ['con caracteres raros', encodeURIComponent("' OR 1=1 --")],
  ])('rechaza un token %s', async (_label, token) => {
    const res = await reset(token);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: RECOVERY_MESSAGES.invalidLink });
  });

  it('solo una de dos solicitudes simultáneas con el mismo enlace cambia la contraseña', async () => {
    const who = await registerCustomer(t);
    const token = await linkFor(who.correo);
    const answers = await Promise.all([reset(token, 'carrera1'), reset(token, 'carrera2')]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
    const winner = answers[0]!.statusCode === 200 ? 'carrera1' : 'carrera2';
    expect(await canLogin(who.correo, winner)).toBe(true);
  });

  it('quien recupera su cuenta deja de estar bloqueado por intentos fallidos', async () => {
    const who = await registerCustomer(t);
    const login = (pass: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { correo: who.correo, pass },
      });
    await login('mala111');
    await login('mala222');
    const blocked = await login(who.pass);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ message: LOGIN_BLOCKED_MESSAGE });

    expect((await reset(await linkFor(who.correo))).statusCode).toBe(200);
    expect((await login('nueva12')).statusCode).toBe(200);
  });
});

describe('límites de solicitudes de recuperación', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({ RECOVERY_MAX_PER_EMAIL: '2', RECOVERY_MAX_PER_CLIENT: '4' });
  });
  afterAll(() => t.close());

  const ask = (correo: string, ip: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/recuperar',
      payload: { correo },
      remoteAddress: ip,
    });

  it('limita por correo, exista o no la cuenta, desde cualquier cliente', async () => {
    for (const correo of [CLIENT.correo, 'no.existe@gmail.com']) {
      expect((await ask(correo, '10.20.0.1')).statusCode).toBe(202);
      expect((await ask(correo, '10.20.0.2')).statusCode).toBe(202);
      const blocked = await ask(correo, '10.20.0.3');
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toEqual({ message: RECOVERY_BLOCKED_MESSAGE });
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    }
    // Only the requests within the limit sent an e-mail.
    expect(await mailsTo(t, CLIENT.correo)).toHaveLength(2);
  });

  it('limita por cliente aunque cambie el correo', async () => {
    for (let i = 0; i < 4; i++) {
      expect((await ask(`distinto${i}@gmail.com`, '10.30.0.1')).statusCode).toBe(202);
    }
    expect((await ask('otro.mas@gmail.com', '10.30.0.1')).statusCode).toBe(429);
    expect((await ask('otro.mas@gmail.com', '10.30.0.2')).statusCode).toBe(202);
  });
});
