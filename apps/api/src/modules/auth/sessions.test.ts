import { computeRunCheckDigit, SESSION_MESSAGES, type Sesion } from '@nexbyte/shared';
import { eq, sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../http-errors';
import { VALID_USUARIO, VALID_USUARIO_UPDATE } from '../../test/payloads';
import { ADMIN, bearer, CLIENT, createTestApp, type TestContext } from '../../test/test-app';
import { LAST_USED_STEP_SECONDS } from './sessions.repository';
import { sesiones } from './sessions.schema';

const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Logs in from a browser with this user agent; answers the token and its session's id. */
async function loginFrom(who: { correo: string; pass: string }, userAgent = CHROME_WINDOWS) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: who,
    headers: { 'user-agent': userAgent },
  });
  expect(res.statusCode, res.body).toBe(200);
  const token = res.json<{ token: string }>().token;
  return { token, sid: decodeJwt(token).sid as string };
}

const get = (url: string, token: string) =>
  t.app.inject({ method: 'GET', url, headers: bearer(token) });
const cuenta = (token: string) => get('/api/cuenta', token);
const list = async (token: string) => {
  const res = await get('/api/cuenta/sesiones', token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Sesion[]>();
};
const endOne = (token: string, id: string) =>
  t.app.inject({ method: 'DELETE', url: `/api/cuenta/sesiones/${id}`, headers: bearer(token) });
const endAll = (token: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/cuenta/sesiones/cerrar-todas',
    headers: bearer(token),
  });
const logout = (token: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) });

/** A user of their own per test, so one test's ended sessions never touch another's. */
let nextRun = 21_000_000;
async function newCustomer() {
  const body = String(nextRun++);
  const who = { correo: `sesiones.${body}@gmail.com`, pass: 'clave123' };
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/usuarios',
    headers: bearer(t.adminToken),
    payload: {
      ...VALID_USUARIO,
      run: `${body}-${computeRunCheckDigit(body)}`,
      role: 'CLIENT',
      ...who,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { ...who, id: res.json<{ id: number }>().id };
}

describe('GET /api/cuenta/sesiones', () => {
  it("lists the account's open sessions: device in Spanish, start, last use, and which is this one", async () => {
    const who = await newCustomer();
    const before = Date.now();
    const desk = await loginFrom(who, CHROME_WINDOWS);
    const phone = await loginFrom(who, SAFARI_IPHONE);

    const sessions = await list(desk.token);
    expect(sessions).toHaveLength(2);
    const byId = new Map(sessions.map((s) => [s.id, s]));
    expect(byId.get(desk.sid)).toMatchObject({ dispositivo: 'Chrome en Windows', actual: true });
    expect(byId.get(phone.sid)).toMatchObject({ dispositivo: 'Safari en iOS', actual: false });
    for (const s of sessions) {
      expect(Date.parse(s.iniciadaEn)).toBeGreaterThanOrEqual(before - 5_000);
      expect(Date.parse(s.usadaEn)).toBeGreaterThanOrEqual(Date.parse(s.iniciadaEn));
    }
    // Seen from the phone, the phone is this one.
    const fromPhone = await list(phone.token);
    expect(fromPhone.find((s) => s.actual)?.id).toBe(phone.sid);
  });

  it("never shows another account's sessions", async () => {
    const [one, other] = [await newCustomer(), await newCustomer()];
    const mine = await loginFrom(one);
    const theirs = await loginFrom(other);
    const ids = (await list(mine.token)).map((s) => s.id);
    expect(ids).toEqual([mine.sid]);
    expect(ids).not.toContain(theirs.sid);
  });

  it('keeps the 8-hour maximum: the row ends when the token does, and an expired row is refused', async () => {
    const who = await newCustomer();
    const { token, sid } = await loginFrom(who);
    const [row] = await t.app.db.select().from(sesiones).where(eq(sesiones.id, sid));
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(8 * 3600 * 1000);
    expect((decodeJwt(token).exp ?? 0) - (decodeJwt(token).iat ?? 0)).toBe(8 * 3600);

    await t.app.db
      .update(sesiones)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(sesiones.id, sid));
    const res = await cuenta(token);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: MESSAGES.invalidSession });
  });
});

describe('last used', () => {
  const lastUsed = async (sid: string) =>
    (await t.app.db.select().from(sesiones).where(eq(sesiones.id, sid)))[0]!.lastUsedAt;

  it(`moves on a request once it is older than ${LAST_USED_STEP_SECONDS} s, and not within that step`, async () => {
    const who = await newCustomer();
    const { token, sid } = await loginFrom(who);

    // Used a minute ago: a request inside the step writes nothing.
    await t.app.db
      .update(sesiones)
      .set({ lastUsedAt: sql`now() - interval '60 seconds'` })
      .where(eq(sesiones.id, sid));
    const recent = await lastUsed(sid);
    expect((await cuenta(token)).statusCode).toBe(200);
    expect(await lastUsed(sid)).toEqual(recent);

    // Used longer ago than the step: the next request moves it to now.
    await t.app.db
      .update(sesiones)
      .set({ lastUsedAt: sql`now() - make_interval(secs => ${LAST_USED_STEP_SECONDS + 60})` })
      .where(eq(sesiones.id, sid));
    const old = await lastUsed(sid);
    expect((await cuenta(token)).statusCode).toBe(200);
    const moved = await lastUsed(sid);
    expect(moved.getTime()).toBeGreaterThan(old.getTime() + LAST_USED_STEP_SECONDS * 1000);
    expect((await list(token))[0]!.usadaEn).toBe(moved.toISOString());
  });
});

describe('ending sessions', () => {
  it("'Cerrar sesión' ends only this session: the other device keeps working and lists one", async () => {
    const who = await newCustomer();
    const desk = await loginFrom(who, CHROME_WINDOWS);
    const phone = await loginFrom(who, SAFARI_IPHONE);
    expect((await logout(desk.token)).statusCode).toBe(204);
    expect((await cuenta(desk.token)).statusCode).toBe(401);
    expect((await cuenta(phone.token)).statusCode).toBe(200);
    expect((await list(phone.token)).map((s) => s.id)).toEqual([phone.sid]);
  });

  it('ends one session of my own from another: that token gets 401 at once, this one goes on', async () => {
    const who = await newCustomer();
    const desk = await loginFrom(who, CHROME_WINDOWS);
    const phone = await loginFrom(who, SAFARI_IPHONE);
    const res = await endOne(desk.token, phone.sid);
    expect(res.statusCode).toBe(204);
    expect((await cuenta(phone.token)).statusCode).toBe(401);
    expect((await cuenta(desk.token)).statusCode).toBe(200);
    // Gone already: a second try says so.
    const again = await endOne(desk.token, phone.sid);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: SESSION_MESSAGES.notFound });
  });

  it("cannot end another account's session (404, and it keeps working)", async () => {
    const [one, other] = [await newCustomer(), await newCustomer()];
    const mine = await loginFrom(one);
    const theirs = await loginFrom(other);
    const res = await endOne(mine.token, theirs.sid);
    expect(res.statusCode).toBe(404);
    expect((await cuenta(theirs.token)).statusCode).toBe(200);
  });

  it('refuses an id that is not a session id with 400', async () => {
    const who = await newCustomer();
    const { token } = await loginFrom(who);
    const res = await endOne(token, '12345');
    expect(res.statusCode).toBe(400);
  });

  it("'Cerrar sesión en todos los dispositivos' ends every session, this one included; a new login works", async () => {
    const who = await newCustomer();
    const desk = await loginFrom(who, CHROME_WINDOWS);
    const phone = await loginFrom(who, SAFARI_IPHONE);
    expect((await endAll(desk.token)).statusCode).toBe(204);
    expect((await cuenta(desk.token)).statusCode).toBe(401);
    expect((await cuenta(phone.token)).statusCode).toBe(401);
    const fresh = await loginFrom(who);
    expect((await list(fresh.token)).map((s) => s.id)).toEqual([fresh.sid]);
  });

  it('a password change ends every other session and lists only the new one', async () => {
    const who = await newCustomer();
    const desk = await loginFrom(who, CHROME_WINDOWS);
    const phone = await loginFrom(who, SAFARI_IPHONE);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/cuenta/password',
      headers: { ...bearer(desk.token), 'user-agent': CHROME_WINDOWS },
      payload: { actual: who.pass, pass: 'nueva123', pass2: 'nueva123' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const renewed = res.json<{ token: string }>().token;
    expect((await cuenta(desk.token)).statusCode).toBe(401);
    expect((await cuenta(phone.token)).statusCode).toBe(401);
    const sessions = await list(renewed);
    expect(sessions).toEqual([
      expect.objectContaining({
        id: decodeJwt(renewed).sid,
        dispositivo: 'Chrome en Windows',
        actual: true,
      }),
    ]);
  });

  it("an admin's 'Cerrar sesiones' and a change of role end every session of the user", async () => {
    const who = await newCustomer();
    const first = await loginFrom(who);
    const closed = await t.app.inject({
      method: 'POST',
      url: `/api/usuarios/${who.id}/cerrar-sesiones`,
      headers: bearer(t.adminToken),
    });
    expect(closed.statusCode).toBe(204);
    expect((await cuenta(first.token)).statusCode).toBe(401);

    const second = await loginFrom(who);
    const edit = (role: string) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/usuarios/${who.id}`,
        headers: bearer(t.adminToken),
        payload: { ...VALID_USUARIO_UPDATE, role },
      });
    // The same role again ends nothing.
    expect((await edit('CLIENT')).statusCode).toBe(200);
    expect((await cuenta(second.token)).statusCode).toBe(200);
    expect((await edit('VENDOR')).statusCode).toBe(200);
    expect((await cuenta(second.token)).statusCode).toBe(401);
  });

  it("an admin's own sessions on other devices survive the admin's logout here", async () => {
    const here = await loginFrom(ADMIN);
    const there = await loginFrom(ADMIN, SAFARI_IPHONE);
    expect((await logout(here.token)).statusCode).toBe(204);
    expect((await get('/api/usuarios', there.token)).statusCode).toBe(200);
    expect((await cuenta(await t.login(CLIENT))).statusCode).toBe(200);
  });
});
