import { TICKET_ACCESS_HEADER, type SolicitudSoporte } from '@nexbyte/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestContext } from '../../test/test-app';
import { SUPPORT_RECEIVED } from './support.routes';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const send = (payload: object) => t.app.inject({ method: 'POST', url: '/api/soporte', payload });
const requests = async () =>
  (await t.app.inject({ method: 'GET', url: '/api/soporte', headers: bearer(t.adminToken) })).json<
    SolicitudSoporte[]
  >();

const valid = {
  nombreCliente: 'Matías Contreras',
  emailCliente: 'matias.contreras@duoc.cl',
  telefonoCliente: '9 4444 5555',
  region: 'La Araucanía',
  comuna: 'Temuco',
  direccion: 'Av. Alemania 0450',
  equipo: 'PC_ESCRITORIO',
  prioridad: 'ALTA',
  serviciosRequeridos: ['Diagnóstico', 'Formateo/OS limpio'],
  descripcionProblema: 'El PC hace tres pitidos al encender y no da imagen.',
};

describe('support requests', () => {
  it('stores a request that the admin then reads first', async () => {
    const res = await send(valid);
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({
      ...valid,
      message: SUPPORT_RECEIVED,
      numero: expect.stringMatching(/^ST-\d{6}$/),
      tipo: 'REPARACION',
      estado: 'RECIBIDA',
      seguimientoUrl: expect.stringMatching(/\/soporte\/seguimiento#[\w-]{43}$/),
    });
    const [newest] = await requests();
    expect(newest).toMatchObject({ ...valid, id: created.id, numero: created.numero });
    expect(newest!.fechaCreacion).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it('takes null phone and address, lower-case priority, and NORMAL when none is given', async () => {
    const { prioridad: _p, ...sinPrioridad } = valid;
    expect(
      (await send({ ...sinPrioridad, telefonoCliente: null, direccion: null })).statusCode,
    ).toBe(201);
    expect((await requests())[0]).toMatchObject({
      telefonoCliente: null,
      direccion: null,
      prioridad: 'NORMAL',
    });
    expect((await send({ ...valid, prioridad: 'urgente' })).statusCode).toBe(201);
    expect((await requests())[0]!.prioridad).toBe('URGENTE');
  });

  it('answers a filled honeypot like a success and stores nothing', async () => {
    const before = (await requests()).length;
    const res = await send({ ...valid, empresa: 'bot' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      message: SUPPORT_RECEIVED,
      estado: 'RECIBIDA',
      seguimientoUrl: expect.stringMatching(/\/soporte\/seguimiento#[\w-]{43}$/),
    });
    expect(await requests()).toHaveLength(before);
    const token = new URL(res.json().seguimientoUrl).hash.slice(1);
    const opened = await t.app.inject({
      method: 'GET',
      url: '/api/soporte/seguimiento',
      headers: { [TICKET_ACCESS_HEADER]: token },
    });
    expect(opened.statusCode).toBe(404);
  });

  it.each([
    [{ nombreCliente: 'M' }, 'nombreCliente', 'Tu nombre es requerido.'],
    [{ emailCliente: 'matias' }, 'emailCliente', 'Correo inválido.'],
    [
      { emailCliente: 'matias@live.cl' },
      'emailCliente',
      'Solo se permiten correos @duoc.cl, @profesor.duoc.cl o @gmail.com',
    ],
    // '+56944445555' is now read as '9 4444 5555' (issue 13); a foreign number is still refused.
    [{ telefonoCliente: '+54 9 4444 5555' }, 'telefonoCliente', 'Formato: 9 XXXX XXXX'],
    [{ region: '' }, 'region', 'Selecciona región.'],
    [{ comuna: '' }, 'comuna', 'Selecciona comuna.'],
    [{ comuna: 'Santiago' }, 'comuna', 'Selecciona comuna.'],
    [{ equipo: 'PC de escritorio' }, 'equipo', 'Selecciona el equipo.'],
    [{ serviciosRequeridos: [] }, 'serviciosRequeridos', 'Elige al menos un servicio.'],
    [
      { serviciosRequeridos: ['Minería de bitcoins'] },
      'serviciosRequeridos',
      'Elige al menos un servicio.',
    ],
    [{ descripcionProblema: 'No anda' }, 'descripcionProblema', 'Cuéntanos más (≥10 caracteres).'],
    [{ descripcionProblema: 'd'.repeat(601) }, 'descripcionProblema', 'Máximo 600 caracteres.'],
    [{ prioridad: 'YA' }, 'prioridad', 'Selecciona una prioridad válida.'],
  ])('refuses %o', async (change, field, message) => {
    const res = await send({ ...valid, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ [field]: message });
  });

  it('accepts every equipment value of the API', async () => {
    for (const equipo of ['PC_ESCRITORIO', 'NOTEBOOK', 'CONSOLA', 'OTRO']) {
      expect((await send({ ...valid, equipo })).statusCode).toBe(201);
    }
  });
});
