import type { Contacto } from '@nexbyte/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestContext } from '../../test/test-app';
import { CONTACT_RECEIVED } from './contact.routes';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const send = (payload: object) => t.app.inject({ method: 'POST', url: '/api/contactos', payload });
const messages = async () =>
  (
    await t.app.inject({ method: 'GET', url: '/api/contactos', headers: bearer(t.adminToken) })
  ).json<Contacto[]>();

const valid = {
  nombre: 'Rocío Tapia',
  email: 'rocio.tapia@gmail.com',
  mensaje: '¿Arman PC a pedido?',
};

describe('contact messages', () => {
  it('stores a message that the admin then reads first', async () => {
    const res = await send(valid);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: CONTACT_RECEIVED });
    const [newest] = await messages();
    expect(newest).toMatchObject(valid);
    expect(Date.parse(newest!.fechaEnvio)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('keeps script text as plain text', async () => {
    const mensaje = '<script>alert("hola")</script>';
    expect((await send({ ...valid, mensaje })).statusCode).toBe(201);
    expect((await messages())[0]!.mensaje).toBe(mensaje);
  });

  it('answers a filled honeypot like a success and stores nothing', async () => {
    const before = (await messages()).length;
    const res = await send({
      ...valid,
      mensaje: 'Compre seguidores baratos',
      empresa: 'Spam S.A.',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: CONTACT_RECEIVED });
    expect(await messages()).toHaveLength(before);
  });

  it.each([
    [{ nombre: ' ' }, 'nombre', 'El nombre es requerido.'],
    [{ nombre: 'n'.repeat(101) }, 'nombre', 'Máximo 100 caracteres.'],
    [{ email: 'rocio@' }, 'email', 'Formato de correo inválido.'],
    [
      { email: 'rocio@outlook.com' },
      'email',
      'Solo se permiten correos @duoc.cl, @profesor.duoc.cl o @gmail.com',
    ],
    [{ mensaje: '' }, 'mensaje', 'El mensaje es requerido.'],
    [{ mensaje: 'm'.repeat(501) }, 'mensaje', 'Máximo 500 caracteres.'],
  ])('refuses %o', async (change, field, message) => {
    const res = await send({ ...valid, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ [field]: message });
  });

  it('accepts a message of exactly 500 characters', async () => {
    expect((await send({ ...valid, mensaje: 'm'.repeat(500) })).statusCode).toBe(201);
  });
});
