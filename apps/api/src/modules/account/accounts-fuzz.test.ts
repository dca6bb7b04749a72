import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, CLIENT, createTestApp, type TestContext } from '../../test/test-app';

/** What an answer must never show: a stack trace, SQL, or the names of the layers below. */
const LEAK = /at .*\.ts:|stack|select |insert into|update |syntax error|drizzle|postgres/i;

const RUNS = 40;

const nasty = fc.oneof(
  fc.anything(),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom("' OR 1=1 --", '<script>x</script>', '\u0000', '\uD800', '%', '../', ''),
  fc.integer(),
  fc.constant(null),
);

/** Bodies that are wrong as a whole, or valid but for one field. */
const badBody = (valid: Record<string, unknown>) =>
  fc.oneof(
    nasty,
    fc.dictionary(fc.string({ maxLength: 10 }), nasty, { maxKeys: 5 }),
    fc
      .tuple(fc.constantFrom(...Object.keys(valid)), nasty)
      .map(([key, value]) => ({ ...valid, [key]: value })),
  );

const tokenText = fc.oneof(
  fc.string({ maxLength: 60 }),
  fc.constantFrom("' OR 1=1 --", 'x'.repeat(43), 'x'.repeat(300), '..%2F..', '%00'),
);

function expectSafe(res: { statusCode: number; body: string; headers: Record<string, unknown> }) {
  const context = `${res.statusCode} ${res.body.slice(0, 200)}`;
  expect(res.statusCode, context).toBeLessThan(500);
  expect(res.headers['content-type'], context).toMatch(/^application\/json/);
  if (res.statusCode >= 400) expect(res.body, context).not.toMatch(LEAK);
}

describe('las rutas de cuentas y newsletter ante cualquier entrada', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({
      RECOVERY_MAX_PER_EMAIL: '100000',
      RECOVERY_MAX_PER_CLIENT: '100000',
    });
  });
  afterAll(() => t.close());

  const ENDPOINTS = [
    { method: 'POST', url: '/api/auth/recuperar', auth: false, valid: { correo: CLIENT.correo } },
    {
      method: 'POST',
      url: '/api/auth/restablecer',
      auth: false,
      valid: { token: 'a'.repeat(43), pass: 'nueva12', pass2: 'nueva12' },
    },
    { method: 'POST', url: '/api/newsletter/baja', auth: false, valid: { token: 'a'.repeat(43) } },
    { method: 'POST', url: '/api/newsletter', auth: false, valid: { email: 'ana@gmail.com' } },
    {
      method: 'POST',
      url: '/api/auth/login/totp',
      auth: false,
      valid: { desafio: 'a.b.c', codigo: '123456' },
    },
    {
      method: 'POST',
      url: '/api/auth/login/totp/enrolar',
      auth: false,
      valid: { desafio: 'a.b.c' },
    },
    {
      method: 'POST',
      url: '/api/auth/login/totp/confirmar',
      auth: false,
      valid: { desafio: 'a.b.c', codigo: '123456' },
    },
    {
      method: 'POST',
      url: '/api/cuenta/totp/desactivar',
      auth: true,
      valid: { actual: 'otra-cosa', codigo: '123456' },
    },
    {
      method: 'PUT',
      url: '/api/cuenta',
      auth: true,
      valid: {
        nombre: 'Camila',
        apellidos: 'Rojas',
        telefono: '',
        region: 'Valparaíso',
        comuna: 'Viña del Mar',
        direccion: 'Av. Libertad 100',
      },
    },
    {
      method: 'PUT',
      url: '/api/cuenta/password',
      auth: true,
      valid: { actual: 'otra-cosa', pass: 'nueva12', pass2: 'nueva12' },
    },
  ] as const;

  it.each(ENDPOINTS)(
    '$method $url responde 2xx o 4xx en JSON, sin detalles internos',
    async (e) => {
      await fc.assert(
        fc.asyncProperty(badBody(e.valid), async (body) => {
          const res = await t.app.inject({
            method: e.method,
            url: e.url,
            headers: {
              'content-type': 'application/json',
              ...(e.auth ? bearer(t.clientToken) : {}),
            },
            payload: JSON.stringify(body) ?? 'null',
          });
          expectSafe(res);
        }),
        { numRuns: RUNS },
      );
      await t.app.mailer.settled();
    },
  );

  it('los tokens de los enlaces, sean lo que sean, dan 2xx o 4xx', async () => {
    await fc.assert(
      fc.asyncProperty(tokenText, async (token) => {
        for (const url of ['/api/auth/restablecer', '/api/newsletter/baja']) {
          const res = await t.app.inject({
            method: 'POST',
            url,
            payload: { token, pass: 'nueva12', pass2: 'nueva12' },
          });
          expectSafe(res);
        }
      }),
      { numRuns: RUNS },
    );
  });
});
