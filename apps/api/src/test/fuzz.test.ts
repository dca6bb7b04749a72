import { computeRunCheckDigit } from '@nexbyte/shared';
import fc from 'fast-check';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../http-errors';
import {
  VALID_CONTACTO,
  VALID_REGISTRO,
  VALID_SOPORTE,
  VALID_USUARIO,
  VALID_USUARIO_UPDATE,
  validProducto as validProductoFor,
} from './payloads';
import { bearer, CLIENT, createTestApp, type TestContext } from './test-app';

/** What an answer must never show: a stack trace, SQL, or the names of the layers below. */
const LEAK = /at .*\.ts:|stack|select |insert into|syntax error|drizzle|postgres/i;

const RUNS = 50;
const FUZZ_TIMEOUT = 60_000;

interface Answer {
  statusCode: number;
  headers: Record<string, unknown>;
  body: string;
  json: () => unknown;
}

/**
 * The property every fuzzed request must keep: a 2xx or a 4xx, always JSON; an error carries a
 * string `message` and nothing internal. (A 2xx may echo what was sent, SQL-looking text included.)
 */
function expectSafeAnswer(res: Answer) {
  const context = `${res.statusCode} ${res.body.slice(0, 300)}`;
  expect(res.statusCode, context).toBeLessThan(500);
  expect([2, 4], context).toContain(Math.floor(res.statusCode / 100));
  if (res.statusCode === 204) return;
  expect(res.headers['content-type'], context).toMatch(/^application\/json/);
  const body = res.json() as { message?: unknown };
  if (res.statusCode >= 400) {
    expect(typeof body.message, context).toBe('string');
    expect(res.body, context).not.toMatch(LEAK);
  }
}

// --- Arbitraries -------------------------------------------------------------------------------

const INJECTIONS = [
  "' OR 1=1 --",
  "'; DROP TABLE usuarios; --",
  '1; SELECT pg_sleep(10)',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '\u0000',
  'texto\u0000con nulo',
  '\uD800',
  '\uDFFF',
  'a\uDBFFz',
  '\uFFFF\uFFFE',
  '🙂👍🏽',
  'Ñuñoa, Región de Ñuble',
  '\u202Eevil',
  '%00',
  '%',
  '_',
  '\\',
  '../../etc/passwd',
  '${jndi:ldap://x}',
  '{{7*7}}',
  '\r\n\t',
  ' ',
  '',
];

/** Long strings, kept under ~80 KB of JSON so most reach validation instead of the body limit. */
const hugeString = fc
  .tuple(
    fc.constantFrom('x', "' OR 1=1 --", '<script>alert(1)</script>', 'ñ', '🙂'),
    fc.integer({ min: 1_000, max: 40_000 }),
  )
  .map(([unit, length]) => unit.repeat(Math.ceil(length / unit.length)).slice(0, length));

const nastyString = fc.oneof(
  fc.constantFrom(...INJECTIONS),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc
    .tuple(
      fc.string({ maxLength: 10 }),
      fc.constantFrom(...INJECTIONS),
      fc.string({ maxLength: 10 }),
    )
    .map((parts) => parts.join('')),
  hugeString,
);

const oddNumber = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.maxSafeInteger(),
  fc.constantFrom(99_999_999_999, 2_147_483_648, 2 ** 53, -1, 0, -0, 1.5, 1e-9, 0.001, 1e308),
);

/** Objects that break code which turns a value into text without looking at it first. */
const trickyObject = fc.constantFrom<object>(
  { toString: 1 },
  { toString: null, valueOf: null },
  { valueOf: 'x' },
  { length: 99_999_999_999 },
  { constructor: { prototype: { isAdmin: true } } },
  { id: { $gt: 0 } },
);

const fieldValue = fc.oneof(
  fc.anything(),
  nastyString,
  oddNumber,
  fc.boolean(),
  fc.constant(null),
  fc.array(nastyString, { maxLength: 4 }),
  trickyObject,
);

type Json = Record<string, unknown>;

/** Every key path of a valid body, nested ones included ('categoria', 'categoria.id'). */
function keyPaths(value: Json, prefix: string[] = []): string[][] {
  return Object.entries(value).flatMap(([key, v]) => {
    const path = [...prefix, key];
    return v && typeof v === 'object' && !Array.isArray(v)
      ? [path, ...keyPaths(v as Json, path)]
      : [path];
  });
}

function withValueAt(valid: Json, path: string[], value: unknown): Json {
  const copy = structuredClone(valid);
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Json;
  node[path[path.length - 1]!] = value;
  return copy;
}

/** Bodies that are wrong as a whole, wrong per key, or valid but for one value. */
function badBody(valid: Json) {
  const keys = Object.keys(valid);
  const paths = keyPaths(valid);
  const textPaths = paths.filter(
    (path) => typeof path.reduce<unknown>((v, k) => (v as Json)[k], valid) === 'string',
  );
  return fc.oneof(
    fc.constant(null),
    fc.array(fc.anything(), { maxLength: 5 }),
    oddNumber,
    fc.boolean(),
    nastyString,
    fc.record(Object.fromEntries(keys.map((k) => [k, fc.anything()]))),
    fc.record(Object.fromEntries(keys.map((k) => [k, nastyString]))),
    fc.record(Object.fromEntries(keys.map((k) => [k, fieldValue])), { requiredKeys: [] }),
    fc.dictionary(fc.string({ maxLength: 12 }), fc.anything(), { maxKeys: 6 }),
    // Weighted up: only a body that passes most checks reaches the handler and the database.
    {
      weight: 8,
      arbitrary: fc
        .tuple(fc.constantFrom(...paths), fieldValue)
        .map(([path, value]) => withValueAt(valid, path, value)),
    },
    // Text that a field may well accept, so injection, script, unicode and surrogates get stored.
    {
      weight: 4,
      arbitrary: fc
        .tuple(
          fc.constantFrom(...textPaths),
          fc.oneof(
            fc.constantFrom(...INJECTIONS),
            fc.string({ unit: 'binary', minLength: 3, maxLength: 30 }),
          ),
        )
        .map(([path, text]) => withValueAt(valid, path, text)),
    },
  );
}

/** Percent-encodes every byte, so any string (NUL, '/', '?', '#', unicode) arrives as written. */
const encodeAll = (s: string) =>
  Array.from(Buffer.from(s, 'utf8'), (b) => `%${b.toString(16).padStart(2, '0')}`).join('');

const idString = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.string({ unit: 'binary', maxLength: 12 }),
  fc.constantFrom(...INJECTIONS),
  fc.constantFrom(
    '99999999999',
    '2147483648',
    '2147483647',
    '-1',
    '0',
    '1.5',
    'abc',
    '1e3',
    '0x10',
    ' 7 ',
    'NaN',
    'Infinity',
    '-0',
    '+1',
  ),
  oddNumber.map(String),
);

/** An id the server would read as one of the rows the shop already has. */
const pointsAtExistingRow = (s: string) => {
  const n = Number(s);
  return Number.isInteger(n) && n >= 1 && n <= 100_000;
};

const QUERY_KEYS = ['q', 'categoria', 'min', 'max', 'orden', 'pagina', 'limite'] as const;

const queryString = fc.oneof(
  fc
    .array(
      fc.tuple(
        fc.oneof(fc.constantFrom(...QUERY_KEYS), fc.string({ maxLength: 8 })),
        fc.oneof(
          nastyString,
          oddNumber.map(String),
          fc.constantFrom('precio_asc', 'recientes', ''),
        ),
      ),
      { maxLength: 8 },
    )
    .map((pairs) => pairs.map(([k, v]) => `${encodeAll(k)}=${encodeAll(v)}`).join('&')),
  // Raw text made of the characters that query-string parsers treat specially.
  fc.string({ unit: fc.constantFrom(...'qminax=&%+;[]._-019zZ'.split('')), maxLength: 30 }),
);

// --- Endpoints ---------------------------------------------------------------------------------

const validRegistro = VALID_REGISTRO;
const validUsuario = VALID_USUARIO;
const validUsuarioUpdate = VALID_USUARIO_UPDATE;
const validProducto = validProductoFor();

interface Targets {
  productId: number;
  userId: number;
}

interface BodyEndpoint {
  name: string;
  method: 'POST' | 'PUT';
  url: (ids: Targets) => string;
  admin: boolean;
  valid: Json;
}

const BODY_ENDPOINTS: BodyEndpoint[] = [
  {
    name: 'POST /api/auth/login',
    method: 'POST',
    url: () => '/api/auth/login',
    admin: false,
    valid: { ...CLIENT },
  },
  {
    name: 'POST /api/auth/registro',
    method: 'POST',
    url: () => '/api/auth/registro',
    admin: false,
    valid: validRegistro,
  },
  {
    name: 'POST /api/contactos',
    method: 'POST',
    url: () => '/api/contactos',
    admin: false,
    valid: { ...VALID_CONTACTO, empresa: '' },
  },
  {
    name: 'POST /api/soporte',
    method: 'POST',
    url: () => '/api/soporte',
    admin: false,
    valid: { ...VALID_SOPORTE, empresa: '' },
  },
  {
    name: 'POST /api/productos',
    method: 'POST',
    url: () => '/api/productos',
    admin: true,
    valid: validProducto,
  },
  {
    name: 'PUT /api/productos/{id}',
    method: 'PUT',
    url: (ids) => `/api/productos/${ids.productId}`,
    admin: true,
    valid: validProducto,
  },
  {
    name: 'POST /api/usuarios',
    method: 'POST',
    url: () => '/api/usuarios',
    admin: true,
    valid: validUsuario,
  },
  {
    name: 'PUT /api/usuarios/{id}',
    method: 'PUT',
    url: (ids) => `/api/usuarios/${ids.userId}`,
    admin: true,
    valid: validUsuarioUpdate,
  },
];

interface IdEndpoint {
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: (id: string) => string;
  admin: boolean;
  body?: Json;
  /** Writes: never aim them at a row the shop has, so the fuzz cannot change the demo data. */
  writes: boolean;
}

const ID_ENDPOINTS: IdEndpoint[] = [
  {
    name: 'GET /api/productos/{id}',
    method: 'GET',
    url: (id) => `/api/productos/${id}`,
    admin: false,
    writes: false,
  },
  {
    name: 'GET /api/usuarios/{id}',
    method: 'GET',
    url: (id) => `/api/usuarios/${id}`,
    admin: true,
    writes: false,
  },
  {
    name: 'PUT /api/productos/{id}',
    method: 'PUT',
    url: (id) => `/api/productos/${id}`,
    admin: true,
    body: validProducto,
    writes: true,
  },
  {
    name: 'PATCH /api/productos/{id}/desactivar',
    method: 'PATCH',
    url: (id) => `/api/productos/${id}/desactivar`,
    admin: true,
    writes: true,
  },
  {
    name: 'PATCH /api/productos/{id}/activar',
    method: 'PATCH',
    url: (id) => `/api/productos/${id}/activar`,
    admin: true,
    writes: true,
  },
  {
    name: 'PUT /api/usuarios/{id}',
    method: 'PUT',
    url: (id) => `/api/usuarios/${id}`,
    admin: true,
    body: validUsuarioUpdate,
    writes: true,
  },
  {
    name: 'DELETE /api/usuarios/{id}',
    method: 'DELETE',
    url: (id) => `/api/usuarios/${id}`,
    admin: true,
    writes: true,
  },
  {
    name: 'POST /api/usuarios/{id}/cerrar-sesiones',
    method: 'POST',
    url: (id) => `/api/usuarios/${id}/cerrar-sesiones`,
    admin: true,
    writes: true,
  },
];

// --- Tests -------------------------------------------------------------------------------------

interface ProductoJson {
  id: number;
  [key: string]: unknown;
}

describe('bad input never gets a 500', () => {
  let t: TestContext;
  const targets = {} as Targets;
  let catalogueBefore: ProductoJson[];
  let demoUsersBefore: unknown[];
  let demoUserIds: number[];
  /** Products that the fuzz itself created with an accidentally valid body. */
  const createdByFuzz = new Set<number>();

  /** Every product a shopper sees, page after page (a list answers at most 100 at a time). */
  const listProducts = async () => {
    const all: ProductoJson[] = [];
    for (let pagina = 1; ; pagina++) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/productos?limite=100&pagina=${pagina}`,
      });
      expect(res.statusCode).toBe(200);
      const page = res.json<ProductoJson[]>();
      all.push(...page);
      if (page.length < 100) return all;
    }
  };
  const getUser = (id: number) =>
    t.app.inject({ method: 'GET', url: `/api/usuarios/${id}`, headers: bearer(t.adminToken) });

  beforeAll(async () => {
    t = await createTestApp();
    catalogueBefore = await listProducts();
    demoUserIds = [t.adminToken, t.clientToken].map((token) => Number(decodeJwt(token).sub));
    demoUsersBefore = await Promise.all(demoUserIds.map(async (id) => (await getUser(id)).json()));

    // Rows of the test's own for the calls that change a given id.
    const product = await t.app.inject({
      method: 'POST',
      url: '/api/productos',
      headers: bearer(t.adminToken),
      payload: { ...validProducto, nombre: 'Producto blanco del fuzz' },
    });
    targets.productId = product.json<{ id: number }>().id;
    const user = await t.app.inject({
      method: 'POST',
      url: '/api/usuarios',
      headers: bearer(t.adminToken),
      payload: {
        ...validUsuario,
        run: `9876543-${computeRunCheckDigit('9876543')}`,
        correo: 'blanco.fuzz@gmail.com',
      },
    });
    if (user.statusCode !== 201) throw new Error(`usuario blanco: ${user.statusCode} ${user.body}`);
    targets.userId = user.json<{ id: number }>().id;
  });
  afterAll(() => t.close());

  const sendJson = (method: string, url: string, admin: boolean, payload: string) =>
    t.app.inject({
      method: method as 'POST',
      url,
      headers: { 'content-type': 'application/json', ...(admin ? bearer(t.adminToken) : {}) },
      payload,
    });

  describe.each(BODY_ENDPOINTS)('$name', (endpoint) => {
    it(
      'answers 2xx or 4xx JSON without internals to any body',
      async () => {
        await fc.assert(
          fc.asyncProperty(badBody(endpoint.valid), async (body) => {
            const res = await sendJson(
              endpoint.method,
              endpoint.url(targets),
              endpoint.admin,
              JSON.stringify(body),
            );
            expectSafeAnswer(res);
            if (endpoint.name === 'POST /api/productos' && res.statusCode === 201) {
              createdByFuzz.add(res.json<{ id: number }>().id);
            }
          }),
          { numRuns: RUNS },
        );
      },
      FUZZ_TIMEOUT,
    );
  });

  it('refuses half a surrogate pair with 400, which PostgreSQL cannot keep in JSON, and keeps an emoji', async () => {
    const contact = (nombre: string) =>
      sendJson(
        'POST',
        '/api/contactos',
        false,
        JSON.stringify({ nombre, email: 'ana.perez@gmail.com', mensaje: '¿Tienen stock?' }),
      );
    for (const lone of ['a\udbffz', 'z\udc00', '\ud83d']) {
      const res = await contact(lone);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: MESSAGES.nullByte });
    }
    expect((await contact('Ana 😀')).statusCode).toBe(201);
  });

  describe.each(ID_ENDPOINTS)('$name', (endpoint) => {
    it(
      'answers 2xx or 4xx JSON without internals to any id',
      async () => {
        const ids = endpoint.writes ? idString.filter((s) => !pointsAtExistingRow(s)) : idString;
        await fc.assert(
          fc.asyncProperty(ids, async (id) => {
            const res = await t.app.inject({
              method: endpoint.method,
              url: endpoint.url(encodeAll(id)),
              headers: endpoint.admin ? bearer(t.adminToken) : {},
              ...(endpoint.body ? { payload: endpoint.body } : {}),
            });
            expectSafeAnswer(res);
          }),
          { numRuns: RUNS },
        );
      },
      FUZZ_TIMEOUT,
    );
  });

  describe('GET /api/productos', () => {
    it(
      'answers 200 with an array to any query string (400 only for a NUL byte)',
      async () => {
        await fc.assert(
          fc.asyncProperty(queryString, fc.boolean(), async (query, asAdmin) => {
            const res = await t.app.inject({
              method: 'GET',
              url: `/api/productos?${query}`,
              headers: asAdmin ? bearer(t.adminToken) : {},
            });
            expectSafeAnswer(res);
            if (res.statusCode === 200) {
              expect(Array.isArray(res.json())).toBe(true);
            } else {
              expect(res.statusCode).toBe(400);
              expect(res.json()).toEqual({ message: MESSAGES.nullByte });
            }
          }),
          { numRuns: RUNS },
        );
      },
      FUZZ_TIMEOUT,
    );

    it('ignores bad filters: ?min=abc&max=-1&orden=nope&limite=9999 lists the same as no filter', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/productos?min=abc&max=-1&orden=nope&limite=9999',
      });
      expect(res.statusCode).toBe(200);
      const plain = await t.app.inject({ method: 'GET', url: '/api/productos' });
      const ids = (r: typeof res) => r.json<ProductoJson[]>().map((p) => p.id);
      expect(ids(res)).toEqual(ids(plain));
      expect(res.headers['x-total-count']).toBe(plain.headers['x-total-count']);
    });

    // The fuzz may have stored products named like this, so: only products that contain the text.
    it.each(["' OR 1=1 --", "'; DROP TABLE usuarios; --", '%', '_'])(
      'treats q=%s as plain text: 200 with only the products that hold its words',
      async (q) => {
        const res = await t.app.inject({
          method: 'GET',
          url: `/api/productos?q=${encodeURIComponent(q)}`,
        });
        expect(res.statusCode).toBe(200);
        const found =
          res.json<
            { nombre: string; descripcion: string | null; categoria: { nombre: string } }[]
          >();
        expect(Array.isArray(found)).toBe(true);
        // The search reads words (accents and punctuation aside) and matches their beginnings.
        const wordsOf = (text: string) =>
          text
            .normalize('NFD')
            .replace(/\p{M}/gu, '')
            .toLowerCase()
            .split(/[^a-z0-9]+/)
            .filter(Boolean);
        for (const p of found) {
          const text = wordsOf(`${p.nombre} ${p.descripcion ?? ''} ${p.categoria.nombre}`);
          for (const word of wordsOf(q)) expect(text.some((w) => w.startsWith(word))).toBe(true);
        }
        expect(found.length).toBeLessThan((await listProducts()).length);
      },
    );

    it('answers 200 with an empty list for a category id beyond 32 bits', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/productos?categoria=99999999999',
      });
      expectSafeAnswer(res);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([]);
    });
  });

  describe('plain bad requests', () => {
    const bodyCalls = BODY_ENDPOINTS;

    it.each(bodyCalls)('$name: invalid JSON text is a 400 JSON', async (call) => {
      const res = await sendJson(call.method, call.url(targets), call.admin, '{bad');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: MESSAGES.invalidJson });
    });

    it.each(bodyCalls)('$name: an empty JSON body is a 400 JSON', async (call) => {
      const res = await sendJson(call.method, call.url(targets), call.admin, '');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: MESSAGES.emptyBody });
    });

    it.each(bodyCalls)('$name: a body over 100 KB is a 413 JSON', async (call) => {
      const huge = JSON.stringify({ ...call.valid, nombre: 'x'.repeat(101 * 1024) });
      const res = await sendJson(call.method, call.url(targets), call.admin, huge);
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({ message: MESSAGES.tooLarge });
    });

    it.each(bodyCalls)('$name: a text/plain body is a 415 JSON', async (call) => {
      const res = await t.app.inject({
        method: call.method,
        url: call.url(targets),
        headers: { 'content-type': 'text/plain', ...(call.admin ? bearer(t.adminToken) : {}) },
        payload: JSON.stringify(call.valid),
      });
      expect(res.statusCode).toBe(415);
      expect(res.json()).toEqual({ message: MESSAGES.unsupportedMedia });
    });

    const badIds = ['99999999999', '-1', 'abc', '1.5'];
    const idCalls = ID_ENDPOINTS.flatMap((e) => badIds.map((id) => ({ ...e, id })));

    it.each(idCalls)('$name with id $id is a 400 JSON', async (call) => {
      const res = await t.app.inject({
        method: call.method,
        url: call.url(call.id),
        headers: call.admin ? bearer(t.adminToken) : {},
        ...(call.body ? { payload: call.body } : {}),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: expect.any(String) });
    });

    it.each(BODY_ENDPOINTS.filter((e) => e.valid === validProducto))(
      '$name with a categoria.id beyond 32 bits is a 400 JSON',
      async (call) => {
        const payload = JSON.stringify({ ...validProducto, categoria: { id: 99_999_999_999 } });
        const res = await sendJson(call.method, call.url(targets), true, payload);
        expectSafeAnswer(res);
        expect(res.statusCode).toBe(400);
      },
    );

    it.each(BODY_ENDPOINTS.filter((e) => 'empresa' in e.valid))(
      '$name with a honeypot object that cannot become text is a 2xx/4xx JSON',
      async (call) => {
        const payload = JSON.stringify({ ...call.valid, empresa: { toString: 1 } });
        const res = await sendJson(call.method, call.url(targets), call.admin, payload);
        expectSafeAnswer(res);
      },
    );
  });

  describe('after the fuzz', () => {
    it('keeps the demo catalogue: every product is still listed, unchanged, and only new ones were added', async () => {
      const after = await listProducts();
      const beforeIds = new Set(catalogueBefore.map((p) => p.id));
      expect(after.filter((p) => beforeIds.has(p.id))).toEqual(catalogueBefore);
      // The count only grows by the test's own product and those the fuzz created with a 201.
      expect(after).toHaveLength(catalogueBefore.length + 1 + createdByFuzz.size);
      const added = after.filter((p) => !beforeIds.has(p.id)).map((p) => p.id);
      expect(added.sort((a, b) => a - b)).toEqual(
        [targets.productId, ...createdByFuzz].sort((a, b) => a - b),
      );
    });

    it('keeps the demo admin and client accounts unchanged', async () => {
      const users = await Promise.all(demoUserIds.map(async (id) => (await getUser(id)).json()));
      expect(users).toEqual(demoUsersBefore);
    });
  });
});
