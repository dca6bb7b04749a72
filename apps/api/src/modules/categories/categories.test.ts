import type { CategoriaDetalle } from '@nexbyte/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { categorias } from './categories.schema';
import { productos } from '../products/products.schema';
import { usuarios } from '../users/users.schema';
import { hashPassword } from '../../passwords';
import {
  bearer,
  createTestApp,
  freshDatabase,
  testConfig,
  vendorToken,
  type TestContext,
} from '../../test/test-app';
import { CATEGORY_MESSAGES } from './categories.service';

const product = (categoriaId: number, nombre: string) => ({
  nombre,
  descripcion: 'Para probar las reglas de categorías.',
  precio: 9990,
  stock: 3,
  categoria: { id: categoriaId },
  imagen: null,
});

describe('categories managed by staff', () => {
  let t: TestContext;
  let vendor: string;

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH',
    url: string,
    token?: string,
    payload?: object,
  ) =>
    t.app.inject({
      method,
      url,
      headers: token ? bearer(token) : {},
      ...(payload ? { payload } : {}),
    });
  const publicList = async (url = '/api/categorias') =>
    (await call('GET', url)).json<CategoriaDetalle[]>();
  const create = async (nombre: string, token = t.adminToken, imagen: string | null = null) => {
    const res = await call('POST', '/api/categorias', token, { nombre, imagen });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<CategoriaDetalle>();
  };

  beforeAll(async () => {
    t = await createTestApp();
    vendor = await vendorToken(t);
  });
  afterAll(() => t.close());

  it('lists the active categories to anyone, by name, with picture, state and active products', async () => {
    const list = await publicList();
    expect(list.length).toBeGreaterThanOrEqual(6);
    expect(list.map((c) => c.nombre)).toEqual(
      [...list.map((c) => c.nombre)].sort((a, b) => a.localeCompare(b, 'es')),
    );
    const perifericos = list.find((c) => c.nombre === 'Periféricos')!;
    const n = (
      await t.app.db
        .select({ id: productos.id })
        .from(productos)
        .where(and(eq(productos.activo, true), eq(productos.categoriaId, perifericos.id)))
    ).length;
    expect(perifericos).toEqual({
      id: expect.any(Number),
      nombre: 'Periféricos',
      imagen: null,
      activo: true,
      productos: n,
    });
    expect(n).toBeGreaterThan(0);
  });

  it('creates a category (201) that the shop lists at once, though the list was cached before', async () => {
    await publicList(); // kept by the catalogue cache
    const created = await create('Domótica', t.adminToken, 'https://cdn.nexbyte.cl/domotica.webp');
    expect(created).toEqual({
      id: expect.any(Number),
      nombre: 'Domótica',
      imagen: 'https://cdn.nexbyte.cl/domotica.webp',
      activo: true,
      productos: 0,
    });
    expect((await publicList()).map((c) => c.nombre)).toContain('Domótica');
  });

  it('lets a VENDOR create and rename a category', async () => {
    const created = await create('Sillas', vendor);
    const res = await call('PUT', `/api/categorias/${created.id}`, vendor, {
      nombre: 'Sillas gamer',
      imagen: '/img/categorias/sillas.svg',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      nombre: 'Sillas gamer',
      imagen: '/img/categorias/sillas.svg',
    });
    const [row] = await t.app.db.select().from(categorias).where(eq(categorias.id, created.id));
    expect(row).toMatchObject({ nombre: 'Sillas gamer', imagen: '/img/categorias/sillas.svg' });
  });

  it('refuses a name another category has, whatever its case, with 409 and a Spanish message', async () => {
    const before = await t.app.db.select().from(categorias);
    const res = await call('POST', '/api/categorias', t.adminToken, { nombre: '  monitores ' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message: CATEGORY_MESSAGES.nameTaken,
      errors: { nombre: 'Ya existe una categoría con ese nombre.' },
    });
    expect(await t.app.db.select().from(categorias)).toHaveLength(before.length);

    const mine = await create('Cables');
    const rename = await call('PUT', `/api/categorias/${mine.id}`, t.adminToken, {
      nombre: 'NOTEBOOKS',
    });
    expect(rename.statusCode).toBe(409);
    // Its own name in another case is no clash.
    const recase = await call('PUT', `/api/categorias/${mine.id}`, t.adminToken, {
      nombre: 'CABLES',
    });
    expect(recase.statusCode).toBe(200);
  });

  it('validates with the shared schema: a name is required, a picture must be a web address', async () => {
    const empty = await call('POST', '/api/categorias', t.adminToken, { nombre: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual({ nombre: 'El nombre de la categoría es requerido.' });
    const script = await call('POST', '/api/categorias', t.adminToken, {
      nombre: 'Streaming',
      imagen: 'javascript:alert(1)',
    });
    expect(script.statusCode).toBe(400);
    expect(script.json().errors).toHaveProperty('imagen');
    const unknown = await call('PUT', '/api/categorias/999999', t.adminToken, {
      nombre: 'Streaming',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Categoría no encontrada.' });
  });

  it('refuses to deactivate a category with active products (409), saying how many and what to do', async () => {
    const list = await publicList();
    const monitores = list.find((c) => c.nombre === 'Monitores')!;
    const res = await call('PATCH', `/api/categorias/${monitores.id}/desactivar`, t.adminToken);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(CATEGORY_MESSAGES.hasActiveProducts(monitores.productos));
    expect(res.json().message).toMatch(
      /^No se puede desactivar: la categoría tiene \d+ productos? activos?\./,
    );
    const [row] = await t.app.db.select().from(categorias).where(eq(categorias.id, monitores.id));
    expect(row!.activo).toBe(true);
  });

  it('deactivates an empty category: gone from the shop, listed with estado=todos to staff only', async () => {
    const audio = await create('Streaming');
    const res = await call('PATCH', `/api/categorias/${audio.id}/desactivar`, vendor);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: audio.id, activo: false });

    const names = (list: CategoriaDetalle[]) => list.map((c) => c.nombre);
    expect(names(await publicList())).not.toContain('Streaming');
    expect(names(await publicList('/api/categorias?estado=todos'))).not.toContain('Streaming');
    const asClient = await call('GET', '/api/categorias?estado=todos', t.clientToken);
    expect(names(asClient.json())).not.toContain('Streaming');
    for (const token of [t.adminToken, vendor]) {
      const all = await call('GET', '/api/categorias?estado=todos', token);
      expect(all.json()).toContainEqual(
        expect.objectContaining({ nombre: 'Streaming', activo: false }),
      );
      const activeOnly = await call('GET', '/api/categorias', token);
      expect(names(activeOnly.json())).not.toContain('Streaming');
    }

    const back = await call('PATCH', `/api/categorias/${audio.id}/activar`, t.adminToken);
    expect(back.statusCode).toBe(200);
    expect(back.json()).toMatchObject({ activo: true });
    expect(names(await publicList())).toContain('Streaming');
  });

  it('deactivates a category once its products are deactivated, and then keeps them out of it', async () => {
    const cat = await create('Webcams');
    const made = await call(
      'POST',
      '/api/productos',
      t.adminToken,
      product(cat.id, 'Webcam 1080p'),
    );
    expect(made.statusCode).toBe(201);
    const productId = made.json<{ id: number }>().id;
    expect(
      (await call('PATCH', `/api/categorias/${cat.id}/desactivar`, t.adminToken)).statusCode,
    ).toBe(409);

    await call('PATCH', `/api/productos/${productId}/desactivar`, t.adminToken);
    expect(
      (await call('PATCH', `/api/categorias/${cat.id}/desactivar`, t.adminToken)).statusCode,
    ).toBe(200);

    // A new product cannot go into it…
    const refused = await call('POST', '/api/productos', vendor, product(cat.id, 'Webcam 4K'));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({
      categoria: 'La categoría seleccionada está desactivada. Actívala o elige otra.',
    });
    expect(
      await t.app.db.select().from(productos).where(eq(productos.nombre, 'Webcam 4K')),
    ).toEqual([]);
    // …nor an existing one be moved into it…
    const [other] = await publicList();
    const moved = await call(
      'POST',
      '/api/productos',
      t.adminToken,
      product(other!.id, 'Micrófono USB'),
    );
    const movedId = moved.json<{ id: number }>().id;
    const move = await call(
      'PUT',
      `/api/productos/${movedId}`,
      t.adminToken,
      product(cat.id, 'Micrófono USB'),
    );
    expect(move.statusCode).toBe(400);
    // …nor its own product put back on sale while the category is off.
    const activate = await call('PATCH', `/api/productos/${productId}/activar`, t.adminToken);
    expect(activate.statusCode).toBe(409);
    expect(activate.json().message).toBe(
      'La categoría de este producto está desactivada. Actívala primero en Categorías.',
    );
    const [row] = await t.app.db.select().from(productos).where(eq(productos.id, productId));
    expect(row!.activo).toBe(false);
    // Its inactive product can still be edited where it is.
    const edit = await call('PUT', `/api/productos/${productId}`, t.adminToken, {
      ...product(cat.id, 'Webcam 1080p'),
      precio: 7990,
    });
    expect(edit.statusCode).toBe(200);

    await call('PATCH', `/api/categorias/${cat.id}/activar`, t.adminToken);
    expect(
      (await call('PATCH', `/api/productos/${productId}/activar`, t.adminToken)).statusCode,
    ).toBe(200);
  });

  it('offers no way to delete a category', async () => {
    const [first] = await publicList();
    const res = await call('DELETE' as 'GET', `/api/categorias/${first!.id}`, t.adminToken);
    expect(res.statusCode).toBe(404);
    expect((await publicList()).map((c) => c.id)).toContain(first!.id);
  });
});

describe('a clean install without demo data', () => {
  it('creates its first category and then its first product', async () => {
    const config = testConfig({ SEED_DEMO_DATA: 'false' });
    const { database, drop } = await freshDatabase();
    await database.migrate();
    const app = await buildApp({ config, database });
    await app.ready();
    try {
      await database.db.insert(usuarios).values({
        run: '11111111-1',
        nombre: 'Dueña',
        apellidos: 'Nueva',
        correo: 'duena@gmail.com',
        passHash: await hashPassword('clave123'),
        role: 'ADMIN',
        telefono: null,
        region: 'Metropolitana de Santiago',
        comuna: 'Santiago',
        direccion: 'Calle 1',
      });
      const login = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { correo: 'duena@gmail.com', pass: 'clave123' },
      });
      const headers = bearer(login.json<{ token: string }>().token);
      expect((await app.inject({ method: 'GET', url: '/api/categorias' })).json()).toEqual([]);

      const cat = await app.inject({
        method: 'POST',
        url: '/api/categorias',
        headers,
        payload: { nombre: 'Componentes' },
      });
      expect(cat.statusCode).toBe(201);
      const prod = await app.inject({
        method: 'POST',
        url: '/api/productos',
        headers,
        payload: product(cat.json<{ id: number }>().id, 'Fuente 650 W'),
      });
      expect(prod.statusCode).toBe(201);
      const shop = await app.inject({ method: 'GET', url: '/api/productos' });
      expect(shop.json()).toEqual([expect.objectContaining({ nombre: 'Fuente 650 W' })]);
      expect((await app.inject({ method: 'GET', url: '/api/categorias' })).json()).toEqual([
        { id: expect.any(Number), nombre: 'Componentes', imagen: null, activo: true, productos: 1 },
      ]);
    } finally {
      await app.close();
      await drop();
    }
  });
});
