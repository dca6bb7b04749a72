import { randomBytes, randomUUID } from 'node:crypto';
import { computeRunCheckDigit } from '@nexbyte/shared';
import { asc, eq } from 'drizzle-orm';
import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/client';
import { totpUsuarios } from '../modules/auth/auth.schema';
import { categorias } from '../modules/categories/categories.schema';
import { contactos } from '../modules/contact/contact.schema';
import { productos } from '../modules/products/products.schema';
import { solicitudesSoporte } from '../modules/support/support.schema';
import { usuarios } from '../modules/users/users.schema';
import { MESSAGES } from '../http-errors';
import { SESSION_AUDIENCE, SESSION_ISSUER } from '../plugins/auth';
import {
  VALID_CONTACTO,
  VALID_REGISTRO,
  VALID_SOPORTE,
  VALID_USUARIO,
  VALID_USUARIO_UPDATE,
} from './payloads';
import { ADMIN, bearer, CLIENT, createTestApp, type TestContext } from './test-app';

const runOf = (body: string) => `${body}-${computeRunCheckDigit(body)}`;

const newUser = (overrides: Record<string, unknown>) => ({ ...VALID_USUARIO, ...overrides });

const userUpdate = { ...VALID_USUARIO_UPDATE, role: 'CLIENT' };

const newProduct = (categoriaId: number, nombre = 'Teclado de prueba') => ({
  nombre,
  descripcion: 'Producto creado por la matriz de roles.',
  precio: 19990,
  stock: 5,
  categoria: { id: categoriaId },
  imagen: null,
});

/** Everything the API can change, read straight from the database. */
async function snapshot(db: Db) {
  const [u, p, c, s, cat] = await Promise.all([
    db.select().from(usuarios).orderBy(asc(usuarios.id)),
    db.select().from(productos).orderBy(asc(productos.id)),
    db.select().from(contactos).orderBy(asc(contactos.id)),
    db.select().from(solicitudesSoporte).orderBy(asc(solicitudesSoporte.id)),
    db.select().from(categorias).orderBy(asc(categorias.id)),
  ]);
  return { usuarios: u, productos: p, contactos: c, soporte: s, categorias: cat };
}

const b64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const nowSeconds = () => Math.floor(Date.now() / 1000);

interface TokenShape {
  iat?: number;
  /** null leaves the claim out. */
  exp?: number | null;
  sv?: number | null;
  /** The session the token names; null leaves the claim out. */
  sid?: string | null;
  iss?: string;
  aud?: string;
}

/** A token signed by the test, shaped like a session token unless told otherwise. */
async function signToken(
  secret: string,
  sub: number,
  {
    iat = nowSeconds(),
    exp = nowSeconds() + 3600,
    sv = 0,
    sid = null,
    iss = SESSION_ISSUER,
    aud = SESSION_AUDIENCE,
  }: TokenShape = {},
) {
  const jwt = new SignJWT({
    role: 'ADMIN',
    ...(sv === null ? {} : { sv }),
    ...(sid === null ? {} : { sid }),
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(sub))
    .setIssuer(iss)
    .setAudience(aud)
    .setIssuedAt(iat);
  if (exp !== null) jwt.setExpirationTime(exp);
  return jwt.sign(new TextEncoder().encode(secret));
}

/** Changes one character in the middle of the signature, so the decoded bytes surely differ. */
function tamperSignature(token: string): string {
  const [header, payload, signature = ''] = token.split('.');
  const i = Math.floor(signature.length / 2);
  const flipped = signature[i] === 'A' ? 'B' : 'A';
  return `${header}.${payload}.${signature.slice(0, i)}${flipped}${signature.slice(i + 1)}`;
}

interface Fixtures {
  adminId: number;
  categoriaId: number;
  /** A user read and edited by GET/PUT /usuarios/{id}. */
  targetUserId: number;
  /** A user that only the ADMIN case of DELETE /usuarios/{id} removes. */
  deletableUserId: number;
  /** A product edited and deactivated by the product calls. */
  productId: number;
  tokens: {
    tampered: string;
    otherSecret: string;
    expired: string;
    withoutExp: string;
    withoutVersion: string;
    withoutSession: string;
    unknownSession: string;
    otherAudience: string;
    otherIssuer: string;
    olderThanASession: string;
    loggedOut: string;
    algNone: string;
    deletedUser: string;
  };
}

interface AdminCall {
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: (f: Fixtures) => string;
  payload?: (f: Fixtures) => object;
  okStatus: number;
  /** What the ADMIN call must have done, checked after it answers. */
  verify: (t: TestContext, f: Fixtures, body: unknown) => Promise<void>;
}

const ADMIN_CALLS: AdminCall[] = [
  {
    name: 'GET /api/usuarios',
    method: 'GET',
    url: () => '/api/usuarios',
    okStatus: 200,
    verify: async (_t, _f, body) => {
      expect(body).toEqual(
        expect.arrayContaining([expect.objectContaining({ correo: ADMIN.correo })]),
      );
      expect(JSON.stringify(body)).not.toMatch(/pass|argon/i);
    },
  },
  {
    name: 'GET /api/usuarios/{id}',
    method: 'GET',
    url: (f) => `/api/usuarios/${f.targetUserId}`,
    okStatus: 200,
    verify: async (_t, f, body) => {
      expect(body).toMatchObject({ id: f.targetUserId, correo: 'usuario.objetivo@gmail.com' });
    },
  },
  {
    name: 'POST /api/usuarios',
    method: 'POST',
    url: () => '/api/usuarios',
    payload: () => newUser({ run: '7654321-6', correo: 'pedro.soto@gmail.com' }),
    okStatus: 201,
    verify: async (t) => {
      const rows = await t.app.db
        .select()
        .from(usuarios)
        .where(eq(usuarios.correo, 'pedro.soto@gmail.com'));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ run: '7654321-6', role: 'VENDOR' });
    },
  },
  {
    name: 'PUT /api/usuarios/{id}',
    method: 'PUT',
    url: (f) => `/api/usuarios/${f.targetUserId}`,
    payload: () => userUpdate,
    okStatus: 200,
    verify: async (t, f) => {
      const [row] = await t.app.db.select().from(usuarios).where(eq(usuarios.id, f.targetUserId));
      expect(row).toMatchObject({ nombre: 'Pedro Pablo', role: 'CLIENT', comuna: 'Valdivia' });
    },
  },
  {
    name: 'DELETE /api/usuarios/{id}',
    method: 'DELETE',
    url: (f) => `/api/usuarios/${f.deletableUserId}`,
    okStatus: 204,
    verify: async (t, f) => {
      const rows = await t.app.db.select().from(usuarios).where(eq(usuarios.id, f.deletableUserId));
      expect(rows).toHaveLength(0);
    },
  },
  {
    name: 'POST /api/usuarios/{id}/cerrar-sesiones',
    method: 'POST',
    url: (f) => `/api/usuarios/${f.targetUserId}/cerrar-sesiones`,
    okStatus: 204,
    verify: async (t, f) => {
      const [row] = await t.app.db.select().from(usuarios).where(eq(usuarios.id, f.targetUserId));
      expect(row!.sesionVersion).toBeGreaterThan(0);
    },
  },
  {
    name: 'POST /api/cuenta/totp',
    method: 'POST',
    url: () => '/api/cuenta/totp',
    okStatus: 200,
    verify: async (t, f, body) => {
      expect(body).toMatchObject({ secreto: expect.any(String), uri: expect.any(String) });
      const rows = await t.app.db
        .select()
        .from(totpUsuarios)
        .where(eq(totpUsuarios.usuarioId, f.adminId));
      expect(rows).toHaveLength(1);
    },
  },
  {
    name: 'POST /api/productos',
    method: 'POST',
    url: () => '/api/productos',
    payload: (f) => newProduct(f.categoriaId, 'Mouse creado por ADMIN'),
    okStatus: 201,
    verify: async (t) => {
      const rows = await t.app.db
        .select()
        .from(productos)
        .where(eq(productos.nombre, 'Mouse creado por ADMIN'));
      expect(rows).toHaveLength(1);
    },
  },
  {
    name: 'PUT /api/productos/{id}',
    method: 'PUT',
    url: (f) => `/api/productos/${f.productId}`,
    payload: (f) => ({ ...newProduct(f.categoriaId, 'Teclado editado'), precio: 24990 }),
    okStatus: 200,
    verify: async (t, f) => {
      const [row] = await t.app.db.select().from(productos).where(eq(productos.id, f.productId));
      expect(row).toMatchObject({ nombre: 'Teclado editado', precio: '24990.00' });
    },
  },
  {
    name: 'PATCH /api/productos/{id}/desactivar',
    method: 'PATCH',
    url: (f) => `/api/productos/${f.productId}/desactivar`,
    okStatus: 200,
    verify: async (t, f) => {
      const [row] = await t.app.db.select().from(productos).where(eq(productos.id, f.productId));
      expect(row!.activo).toBe(false);
    },
  },
  {
    name: 'PATCH /api/productos/{id}/activar',
    method: 'PATCH',
    url: (f) => `/api/productos/${f.productId}/activar`,
    okStatus: 200,
    verify: async (t, f) => {
      const [row] = await t.app.db.select().from(productos).where(eq(productos.id, f.productId));
      expect(row!.activo).toBe(true);
    },
  },
  {
    name: 'GET /api/contactos',
    method: 'GET',
    url: () => '/api/contactos',
    okStatus: 200,
    verify: async (_t, _f, body) => {
      expect(Array.isArray(body)).toBe(true);
    },
  },
  {
    name: 'GET /api/soporte',
    method: 'GET',
    url: () => '/api/soporte',
    okStatus: 200,
    verify: async (_t, _f, body) => {
      expect(Array.isArray(body)).toBe(true);
    },
  },
];

interface DeniedCase {
  label: string;
  headers: (t: TestContext, f: Fixtures) => Record<string, string>;
  status: 401 | 403;
  message: string;
}

const DENIED: DeniedCase[] = [
  {
    label: 'no Authorization header',
    headers: () => ({}),
    status: 401,
    message: MESSAGES.unauthenticated,
  },
  {
    label: "a header without scheme ('abc')",
    headers: () => ({ authorization: 'abc' }),
    status: 401,
    message: MESSAGES.unauthenticated,
  },
  {
    label: "'Bearer' with nothing after it",
    headers: () => ({ authorization: 'Bearer' }),
    status: 401,
    message: MESSAGES.unauthenticated,
  },
  {
    label: "a garbage token ('Bearer abc')",
    headers: () => bearer('abc'),
    status: 401,
    message: MESSAGES.invalidSession,
  },
  {
    label: 'a real ADMIN token with one character of its signature changed',
    headers: (_t, f) => bearer(f.tokens.tampered),
    status: 401,
    message: MESSAGES.invalidSession,
  },
  {
    label: 'a token signed with another secret',
    headers: (_t, f) => bearer(f.tokens.otherSecret),
    status: 401,
    message: MESSAGES.invalidSession,
  },
  {
    label: 'an expired token signed with the app secret',
    headers: (_t, f) => bearer(f.tokens.expired),
    status: 401,
    message: MESSAGES.invalidSession,
  },
  {
    label: 'a token signed with the app secret but without exp',
    headers: (_t, f) => bearer(f.tokens.withoutExp),
    status: 401,
    message: MESSAGES.invalidSession,
  },
  {
    label: 'a token signed with the app secret but without the session version',
    headers: (_t, f) => bearer(f.tokens.withoutVersion),
    status: 401,
    message: MESSAGES.invalidSession,
  },
  {
    label: 'a token signed with the app secret but naming no session',
    headers: (_t, f) => bearer(f.tokens.withoutSession),
    status: 401,
    message: MESSAGES.invalidSession,
  },
  {
    label: 'a token signed with the app secret naming a session that does not exist',
    headers: (_t, f) => bearer(f.tokens.unknownSession),
    status: 401,
    message: MESSAGES.invalidSession,
  },
  {
    label: 'a token signed with the app secret for another audience',
    headers: (_t, f) => bearer(f.tokens.otherAudience),
    status: 401,
    message: MESSAGES.invalidSession,
  },
  {
    label: 'a token signed with the app secret by another issuer',
    headers: (_t, f) => bearer(f.tokens.otherIssuer),
    status: 401,
    message: MESSAGES.invalidSession,
  },
  {
    label: 'a token issued longer ago than a session lasts, whatever its exp',
    headers: (_t, f) => bearer(f.tokens.olderThanASession),
    status: 401,
    message: MESSAGES.invalidSession,
  },
  {
    label: 'the token of an ADMIN that has since logged out',
    headers: (_t, f) => bearer(f.tokens.loggedOut),
    status: 401,
    message: MESSAGES.invalidSession,
  },
  {
    label: "an unsigned token with alg 'none' claiming role ADMIN",
    headers: (_t, f) => bearer(f.tokens.algNone),
    status: 401,
    message: MESSAGES.invalidSession,
  },
  {
    label: 'the token of an ADMIN that has since been deleted',
    headers: (_t, f) => bearer(f.tokens.deletedUser),
    status: 401,
    message: MESSAGES.invalidSession,
  },
  {
    label: 'a CLIENT token',
    headers: (t) => bearer(t.clientToken),
    status: 403,
    message: MESSAGES.forbidden,
  },
];

describe('admin-only calls', () => {
  let t: TestContext;
  const f = {} as Fixtures;

  const createUser = async (payload: object) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/usuarios',
      headers: bearer(t.adminToken),
      payload,
    });
    if (res.statusCode !== 201) throw new Error(`crear usuario: ${res.statusCode} ${res.body}`);
    return res.json<{ id: number }>().id;
  };

  beforeAll(async () => {
    t = await createTestApp();
    f.adminId = Number(decodeJwt(t.adminToken).sub);
    const [categoria] = await t.app.db.select().from(categorias).orderBy(asc(categorias.id));
    f.categoriaId = categoria!.id;

    f.targetUserId = await createUser(
      newUser({ run: '2000004-K', correo: 'usuario.objetivo@gmail.com' }),
    );
    f.deletableUserId = await createUser(
      newUser({ run: runOf('15000001'), correo: 'por.borrar@gmail.com' }),
    );
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/productos',
      headers: bearer(t.adminToken),
      payload: newProduct(f.categoriaId),
    });
    f.productId = created.json<{ id: number }>().id;

    // An ADMIN who logs in, and is then deleted: the token stays well signed and unexpired.
    const exAdmin = { correo: 'ex.admin@gmail.com', pass: 'clave123' };
    const exAdminId = await createUser(
      newUser({ run: runOf('16000002'), role: 'ADMIN', ...exAdmin }),
    );
    const deletedUser = await t.login(exAdmin);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/usuarios/${exAdminId}`,
      headers: bearer(t.adminToken),
    });
    if (removed.statusCode !== 204) throw new Error(`borrar ex admin: ${removed.body}`);

    // An ADMIN who logs in, and then out: the token stays well signed and unexpired.
    const leaving = { correo: 'se.fue@gmail.com', pass: 'clave123' };
    await createUser(newUser({ run: runOf('19000005'), role: 'ADMIN', ...leaving }));
    const loggedOut = await t.login(leaving);
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: bearer(loggedOut),
    });
    if (logout.statusCode !== 204) throw new Error(`cerrar sesión: ${logout.body}`);

    const [adminRow] = await t.app.db.select().from(usuarios).where(eq(usuarios.id, f.adminId));
    const sv = adminRow!.sesionVersion;
    // The admin's real session: every forged token below names it, so each fails for its own flaw.
    const sid = decodeJwt(t.adminToken).sid as string;
    const key = t.config.jwtSecret;
    const iat = nowSeconds() - 9 * 3600;
    f.tokens = {
      tampered: tamperSignature(t.adminToken),
      otherSecret: await signToken(randomBytes(32).toString('hex'), f.adminId, { sv, sid }),
      expired: await signToken(key, f.adminId, { iat, exp: iat + 3600, sv, sid }),
      withoutExp: await signToken(key, f.adminId, { exp: null, sv, sid }),
      withoutVersion: await signToken(key, f.adminId, { sv: null, sid }),
      withoutSession: await signToken(key, f.adminId, { sv }),
      unknownSession: await signToken(key, f.adminId, { sv, sid: randomUUID() }),
      otherAudience: await signToken(key, f.adminId, { aud: 'otra-api', sv, sid }),
      otherIssuer: await signToken(key, f.adminId, { iss: 'otro-emisor', sv, sid }),
      olderThanASession: await signToken(key, f.adminId, {
        iat,
        exp: nowSeconds() + 3600,
        sv,
        sid,
      }),
      loggedOut,
      algNone: `${b64url({ alg: 'none', typ: 'JWT' })}.${b64url({
        sub: String(f.adminId),
        role: 'ADMIN',
        iat: nowSeconds(),
        exp: nowSeconds() + 3600,
      })}.`,
      deletedUser,
    };
  });
  afterAll(() => t.close());

  it('accepts a token the test signs itself with the app secret and a future expiry (control for the forged tokens)', async () => {
    const [row] = await t.app.db.select().from(usuarios).where(eq(usuarios.id, f.adminId));
    const token = await signToken(t.config.jwtSecret, f.adminId, {
      sv: row!.sesionVersion,
      sid: decodeJwt(t.adminToken).sid as string,
    });
    const res = await t.app.inject({ method: 'GET', url: '/api/usuarios', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
  });

  describe.each(ADMIN_CALLS)('$name', (call) => {
    const send = (headers: Record<string, string>) =>
      t.app.inject({
        method: call.method,
        url: call.url(f),
        headers,
        ...(call.payload ? { payload: call.payload(f) } : {}),
      });

    it.each(DENIED)('answers $status to $label and changes nothing', async (denied) => {
      const before = await snapshot(t.app.db);
      const res = await send(denied.headers(t, f));
      expect(res.statusCode).toBe(denied.status);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toEqual({ message: denied.message });
      expect(await snapshot(t.app.db)).toEqual(before);
    });

    it(`answers ${call.okStatus} to an ADMIN token and does its work`, async () => {
      const res = await send(bearer(t.adminToken));
      expect(res.statusCode).toBe(call.okStatus);
      await call.verify(t, f, res.statusCode === 204 ? null : res.json());
    });
  });

  // The token is checked before the input: a caller without rights learns nothing about the rules.
  const CALLS_WITH_INPUT = ADMIN_CALLS.filter((c) => c.payload || c.name.includes('{id}')).map(
    (call) => ({ ...call, badUrl: call.name.split(' ')[1]!.replace('{id}', 'abc') }),
  );

  describe.each(CALLS_WITH_INPUT)('$name with an invalid body or id', (call) => {
    const send = (headers: Record<string, string>) =>
      t.app.inject({
        method: call.method,
        url: call.badUrl,
        headers,
        ...(call.payload ? { payload: { nombre: 1 } } : {}),
      });

    it('answers 401 without a token, before looking at the input', async () => {
      const res = await send({});
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: MESSAGES.unauthenticated });
    });

    it('answers 403 to a CLIENT token, before looking at the input', async () => {
      const res = await send(bearer(t.clientToken));
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: MESSAGES.forbidden });
    });
  });

  it('leaves the user in place after a refused DELETE', async () => {
    const id = await createUser(
      newUser({ run: runOf('17000003'), correo: 'sigue.aqui@gmail.com' }),
    );
    const refused = await t.app.inject({
      method: 'DELETE',
      url: `/api/usuarios/${id}`,
      headers: bearer(t.clientToken),
    });
    expect(refused.statusCode).toBe(403);
    const still = await t.app.inject({
      method: 'GET',
      url: `/api/usuarios/${id}`,
      headers: bearer(t.adminToken),
    });
    expect(still.statusCode).toBe(200);
    expect(still.json()).toMatchObject({ id, correo: 'sigue.aqui@gmail.com' });
  });

  it("takes the role from the database on every request: demoting an ADMIN ends that user's sessions, and a new login gets 403", async () => {
    const ascendida = { correo: 'ascendida@gmail.com', pass: 'clave123' };
    const id = await createUser(newUser({ run: runOf('18000004'), role: 'ADMIN', ...ascendida }));
    const token = await t.login(ascendida);
    const list = () =>
      t.app.inject({ method: 'GET', url: '/api/usuarios', headers: bearer(token) });
    expect((await list()).statusCode).toBe(200);

    const demoted = await t.app.inject({
      method: 'PUT',
      url: `/api/usuarios/${id}`,
      headers: bearer(t.adminToken),
      payload: { ...userUpdate, role: 'CLIENT' },
    });
    expect(demoted.statusCode).toBe(200);

    const ended = await list();
    expect(ended.statusCode).toBe(401);
    expect(ended.json()).toEqual({ message: MESSAGES.invalidSession });
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/usuarios',
      headers: bearer(await t.login(ascendida)),
    });
    expect(again.statusCode).toBe(403);
    expect(again.json()).toEqual({ message: MESSAGES.forbidden });
  });
});

describe('public calls and product visibility', () => {
  let t: TestContext;
  let inactiveId: number;
  let activeId: number;

  beforeAll(async () => {
    t = await createTestApp();
    const [inactive] = await t.app.db.select().from(productos).where(eq(productos.activo, false));
    const [active] = await t.app.db.select().from(productos).where(eq(productos.activo, true));
    inactiveId = inactive!.id;
    activeId = active!.id;
  });
  afterAll(() => t.close());

  const PUBLIC_CALLS: {
    name: string;
    method: 'GET' | 'POST';
    url: () => string;
    payload?: object;
    status: number;
  }[] = [
    { name: 'GET /api/productos', method: 'GET', url: () => '/api/productos', status: 200 },
    {
      name: 'GET /api/productos/{id}',
      method: 'GET',
      url: () => `/api/productos/${activeId}`,
      status: 200,
    },
    { name: 'GET /api/categorias', method: 'GET', url: () => '/api/categorias', status: 200 },
    {
      name: 'POST /api/contactos',
      method: 'POST',
      url: () => '/api/contactos',
      payload: VALID_CONTACTO,
      status: 201,
    },
    {
      name: 'POST /api/soporte',
      method: 'POST',
      url: () => '/api/soporte',
      payload: { ...VALID_SOPORTE, telefonoCliente: null, direccion: null },
      status: 201,
    },
    {
      name: 'POST /api/auth/login',
      method: 'POST',
      url: () => '/api/auth/login',
      payload: CLIENT,
      status: 200,
    },
    {
      name: 'POST /api/auth/registro',
      method: 'POST',
      url: () => '/api/auth/registro',
      payload: VALID_REGISTRO,
      status: 201,
    },
  ];

  it.each(PUBLIC_CALLS)('$name works without a token ($status)', async (call) => {
    const res = await t.app.inject({
      method: call.method,
      url: call.url(),
      ...(call.payload ? { payload: call.payload } : {}),
    });
    expect(res.statusCode).toBe(call.status);
  });

  // The whole demo catalogue on one page.
  const list = (headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: '/api/productos?limite=100', headers });
  const ids = (res: { json: () => { id: number; activo: boolean }[] }) =>
    res.json().map((p) => p.id);

  it('lists only active products to a CLIENT token, the same as without a token', async () => {
    const anonymous = await list();
    const client = await list(bearer(t.clientToken));
    expect(client.statusCode).toBe(200);
    expect(ids(client)).toEqual(ids(anonymous));
    expect(ids(client)).not.toContain(inactiveId);
    expect(client.json().every((p: { activo: boolean }) => p.activo)).toBe(true);
  });

  it('also lists the inactive demo product to an ADMIN token', async () => {
    const anonymous = await list();
    const admin = await list(bearer(t.adminToken));
    expect(admin.statusCode).toBe(200);
    expect(ids(admin)).toContain(inactiveId);
    expect(ids(admin)).toHaveLength(ids(anonymous).length + 1);
  });

  it('answers 404 for the inactive product without a token and to a CLIENT, 200 to an ADMIN', async () => {
    const get = (headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'GET', url: `/api/productos/${inactiveId}`, headers });
    const anonymous = await get();
    expect(anonymous.statusCode).toBe(404);
    expect(anonymous.json()).toEqual({ message: expect.any(String) });
    expect((await get(bearer(t.clientToken))).statusCode).toBe(404);
    const admin = await get(bearer(t.adminToken));
    expect(admin.statusCode).toBe(200);
    expect(admin.json()).toMatchObject({ id: inactiveId, activo: false });
  });
});
