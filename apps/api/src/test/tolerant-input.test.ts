// An API other clients can use (issue 13, item 11): numbers sent as text, phones and places
// written the way people write them are accepted, and stored in the one form the shop keeps.
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solicitudesSoporte } from '../modules/support/support.schema';
import { usuarios } from '../modules/users/users.schema';
import { pedidos } from '../modules/orders/orders.schema';
import { productNamed, setStock } from '../modules/orders/orders.fixtures';
import { VALID_REGISTRO, VALID_SOPORTE, VALID_USUARIO, validProducto } from './payloads';
import { bearer, createTestApp, type TestContext } from './test-app';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ ORDER_SWEEP_INTERVAL_SECONDS: '0' });
});
afterAll(() => t.close());

const asAdmin = (method: 'POST' | 'PUT', url: string, payload: object) =>
  t.app.inject({ method, url, headers: bearer(t.adminToken), payload });

describe('product bodies with numbers as an HTML form sends them', () => {
  it('"precio": "15990", "stock": "7" and "categoria": {"id": "3"} are stored as numbers', async () => {
    const res = await asAdmin('POST', '/api/productos', {
      ...validProducto(3, 'Producto enviado como formulario'),
      precio: '15990',
      stock: '7',
      categoria: { id: '3' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ precio: 15990, stock: 7, categoria: { id: 3 } });
  });

  it('a value present but not a number says so, never "es requerido"', async () => {
    const res = await asAdmin('POST', '/api/productos', {
      ...validProducto(3, 'Producto con números rotos'),
      precio: 'quince mil',
      stock: 'siete',
      categoria: { id: 'tres' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      precio: 'El precio debe ser un número.',
      stock: 'El stock debe ser un número.',
      categoria: 'La categoría debe indicarse con su número (id).',
    });
    const missing = await asAdmin('POST', '/api/productos', {
      ...validProducto(3, 'Producto sin precio'),
      precio: '',
    });
    expect(missing.json().errors).toEqual({ precio: 'El precio es requerido.' });
  });
});

describe('phones, regiones and comunas as people write them', () => {
  it('registration stores "+56912345678" and "Región Metropolitana de Santiago" in our form', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/registro',
      payload: {
        ...VALID_REGISTRO,
        telefono: '+56912345678',
        region: 'Región Metropolitana de Santiago',
        comuna: 'ÑUÑOA',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await t.app.db
      .select()
      .from(usuarios)
      .where(eq(usuarios.correo, VALID_REGISTRO.correo));
    expect(row).toMatchObject({
      telefono: '9 1234 5678',
      region: 'Metropolitana de Santiago',
      comuna: 'Ñuñoa',
    });
  });

  it('an admin creating a user: "+56 9 5555 6666", Magallanes with its prefix, "Puerto Natales"', async () => {
    const res = await asAdmin('POST', '/api/usuarios', {
      ...VALID_USUARIO,
      telefono: '+56 9 5555 6666',
      region: 'Región de Magallanes y de la Antártica Chilena',
      comuna: 'Puerto Natales',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      telefono: '9 5555 6666',
      region: 'Magallanes y de la Antártica Chilena',
      comuna: 'Natales',
    });
  });

  it('a support request: "912345678", "Región del Libertador…", "San Francisco de Mostazal"', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/soporte',
      payload: {
        ...VALID_SOPORTE,
        telefonoCliente: '912345678',
        region: "Región del Libertador General Bernardo O'Higgins",
        comuna: 'San Francisco de Mostazal',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await t.app.db
      .select()
      .from(solicitudesSoporte)
      .orderBy(desc(solicitudesSoporte.id))
      .limit(1);
    expect(row).toMatchObject({
      telefonoCliente: '9 1234 5678',
      region: "Libertador General Bernardo O'Higgins",
      comuna: 'Mostazal',
    });
  });

  it('a guest checkout: "+56 9 1234 5678", "Región de Valparaíso", "Rapa Nui"', async () => {
    const mouse = await productNamed(t.app.db, 'Mouse Logitech G203 Lightsync');
    await setStock(t.app.db, mouse.id, 10);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/pedidos',
      payload: {
        nombre: 'Josefa Muñoz',
        correo: 'josefa.munoz@gmail.com',
        run: '7.654.321-6',
        telefono: '+56 9 1234 5678',
        region: 'Región de Valparaíso',
        comuna: 'Rapa Nui',
        direccion: 'Atamu Tekena s/n',
        items: [{ productoId: mouse.id, qty: 1 }],
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await t.app.db
      .select()
      .from(pedidos)
      .where(eq(pedidos.numero, res.json<{ numero: string }>().numero));
    expect(row).toMatchObject({
      clienteTelefono: '9 1234 5678',
      region: 'Valparaíso',
      comuna: 'Isla de Pascua',
    });
  });

  it('what is not a phone or a place of ours is still refused with the field’s message', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/soporte',
      payload: {
        ...VALID_SOPORTE,
        telefonoCliente: '+54 9 11 1234 5678',
        region: 'Región de la Patagonia',
      },
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual(['region', 'telefonoCliente']);
  });
});
