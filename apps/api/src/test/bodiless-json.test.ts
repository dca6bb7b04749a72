// Many clients' fetch helpers send `Content-Type: application/json` on every call, with no body
// on a logout, a deactivation or a DELETE: an empty body is no body.
import { computeRunCheckDigit } from '@nexbyte/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../http-errors';
import { VALID_USUARIO, validProducto } from './payloads';
import { ADMIN, bearer, createTestApp, type TestContext } from './test-app';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const JSON_TYPES = ['application/json', 'application/json; charset=utf-8'];

/** A call as such a helper makes it: JSON content type, empty body. */
const bodiless = (method: 'POST' | 'PATCH' | 'DELETE', url: string, token: string, type: string) =>
  t.app.inject({
    method,
    url,
    headers: { ...bearer(token), 'content-type': type, 'content-length': '0' },
    payload: '',
  });

describe('a call without a body that says Content-Type: application/json', () => {
  it.each(JSON_TYPES)('PATCH …/desactivar deactivates the product (%s)', async (type) => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/productos',
      headers: bearer(t.adminToken),
      payload: validProducto(1, `Producto sin cuerpo ${type}`),
    });
    const { id } = created.json<{ id: number }>();
    const res = await bodiless('PATCH', `/api/productos/${id}/desactivar`, t.adminToken, type);
    expect([res.statusCode, res.json<{ activo: boolean }>().activo]).toEqual([200, false]);
  });

  it.each(JSON_TYPES)('DELETE /usuarios/{id} deletes the user (%s)', async (type) => {
    const body = String(21_000_000 + type.length);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/usuarios',
      headers: bearer(t.adminToken),
      payload: {
        ...VALID_USUARIO,
        correo: `borrar.${body}@gmail.com`,
        run: `${body}-${computeRunCheckDigit(body)}`,
      },
    });
    expect(created.statusCode).toBe(201);
    const { id } = created.json<{ id: number }>();
    const res = await bodiless('DELETE', `/api/usuarios/${id}`, t.adminToken, type);
    expect(res.statusCode).toBe(204);
    const gone = await t.app.inject({
      method: 'GET',
      url: `/api/usuarios/${id}`,
      headers: bearer(t.adminToken),
    });
    expect(gone.statusCode).toBe(404);
  });

  it.each(JSON_TYPES)('POST /auth/logout ends the session (%s)', async (type) => {
    const token = await t.login(ADMIN);
    const res = await bodiless('POST', '/api/auth/logout', token, type);
    expect(res.statusCode).toBe(204);
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/usuarios',
      headers: bearer(token),
    });
    expect(after.statusCode).toBe(401);
  });

  it('a call that needs a body still says it brought none', async () => {
    const res = await bodiless('POST', '/api/productos', t.adminToken, 'application/json');
    expect([res.statusCode, res.json()]).toEqual([400, { message: MESSAGES.emptyBody }]);
    const contact = await bodiless('POST', '/api/contactos', t.adminToken, 'application/json');
    expect([contact.statusCode, contact.json()]).toEqual([400, { message: MESSAGES.emptyBody }]);
  });
});
