import type { Facetas, Producto } from '@nexbyte/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { specCondition } from './catalog-filters';
import { productos } from './products.schema';
import { bearer, createTestApp, type TestContext } from '../../test/test-app';

// The list's brand and specification filters, and GET /productos/facetas, on the demo catalogue
// (demo-data.ts: DEMO_FICHAS).

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

async function list(query: string) {
  const res = await get(`/api/productos?${query}`);
  expect(res.statusCode).toBe(200);
  return {
    names: res.json<Producto[]>().map((p) => p.nombre),
    total: Number(res.headers['x-total-count']),
  };
}

async function facets(query = '', headers: Record<string, string> = {}) {
  const res = await get(`/api/productos/facetas?${query}`, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Facetas>();
}

const spec = (f: Facetas, nombre: string) =>
  f.especificaciones.find((e) => e.nombre === nombre)?.valores;
const enc = encodeURIComponent;

describe('GET /api/productos filtered by brand and specification', () => {
  it('filters by one brand, without caring about case, or by several', async () => {
    const kingston = await list('marca=kingston');
    expect(kingston.total).toBe(3);
    expect(kingston.names.sort()).toEqual([
      'Memoria RAM Kingston Fury Beast 16 GB DDR4 3200',
      'Pendrive Kingston DataTraveler 64 GB',
      'SSD Kingston NV2 1 TB NVMe',
    ]);
    const two = await list('marca=Kingston,WD&categoria=Almacenamiento');
    expect(two.names.sort()).toEqual([
      'Disco externo WD Elements 1 TB USB 3.0',
      'Pendrive Kingston DataTraveler 64 GB',
      'SSD Kingston NV2 1 TB NVMe',
    ]);
  });

  it('filters by specification values: one name any of its values, different names all', async () => {
    expect((await list(`espec=${enc('Capacidad:1 TB')}`)).names.sort()).toEqual([
      'Disco externo WD Elements 1 TB USB 3.0',
      'SSD Kingston NV2 1 TB NVMe',
    ]);
    const either = await list(`espec=${enc('Capacidad:1 TB,Capacidad:2 TB')}`);
    expect(either.total).toBe(3);
    const both = await list(`espec=${enc('Capacidad:1 TB')}&espec=${enc('Interfaz:NVMe')}`);
    expect(both).toEqual({ names: ['SSD Kingston NV2 1 TB NVMe'], total: 1 });
  });

  it('keeps a value written with a decimal comma whole, and a value holding a colon', async () => {
    expect((await list(`espec=${enc('Formato:2,5"')}`)).names).toEqual([
      'SSD Crucial BX500 480 GB SATA',
    ]);
    expect((await list(`espec=${enc('Nada:sin:valor')}`)).total).toBe(0);
  });

  it('combines with the text search and the price range', async () => {
    expect((await list('q=logitech&marca=Logitech&espec=Conexi%C3%B3n:USB')).names.sort()).toEqual([
      'Mouse Logitech G203 Lightsync',
      'Webcam Logitech C920 Full HD',
    ]);
    expect((await list('marca=Logitech&max=20000')).names.sort()).toEqual([
      'Mouse Logitech G203 Lightsync',
      'Mouse inalámbrico Logitech M185',
    ]);
  });

  it('ignores filters that name nothing usable', async () => {
    const all = (await list('')).total;
    expect((await list('marca=&espec=sin-dos-puntos&espec=:x')).total).toBe(all);
  });

  it('answers a specification from its keys index, which needs no second look at the rows', async () => {
    // The condition must be the index's own expression, or a deep page of a common value reads
    // every match again (decision 031). Sequential scans off: this small catalogue would skip
    // any index.
    const plan = await t.app.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const result = await tx.execute(
        sql`explain select id from ${productos} where ${specCondition('Conexión', ['USB', 'Bluetooth'])}`,
      );
      const { rows } = result as unknown as { rows: { 'QUERY PLAN': string }[] };
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('productos_especificaciones_claves_idx');
  });
});

describe('GET /api/productos/facetas', () => {
  it('counts the active products per category, brand and shared specification', async () => {
    const f = await facets();
    expect(f.categorias.find((c) => c.nombre === 'Notebooks')?.cantidad).toBe(3);
    expect(f.categorias.find((c) => c.nombre === 'Periféricos')?.cantidad).toBe(8);
    expect(f.marcas[0]).toEqual({ valor: 'Logitech', cantidad: 5 });
    expect(f.marcas.find((m) => m.valor === 'Acer')).toBeUndefined();
    expect(spec(f, 'Conexión')).toContainEqual({ valor: 'USB', cantidad: 5 });
  });

  it('counts each facet under every other filter but its own', async () => {
    const f = await facets('categoria=Almacenamiento');
    // Other categories stay offered, with what they hold.
    expect(f.categorias.find((c) => c.nombre === 'Monitores')?.cantidad).toBe(4);
    expect(f.marcas).toEqual([
      { valor: 'Kingston', cantidad: 2 },
      { valor: 'Crucial', cantidad: 1 },
      { valor: 'Samsung', cantidad: 1 },
      { valor: 'Seagate', cantidad: 1 },
      { valor: 'WD', cantidad: 1 },
    ]);
    expect(f.especificaciones.map((e) => e.nombre)).toEqual(['Capacidad', 'Formato', 'Interfaz']);
    expect(spec(f, 'Capacidad')![0]).toEqual({ valor: '1 TB', cantidad: 2 });

    const chosen = await facets(`categoria=Almacenamiento&espec=${enc('Capacidad:1 TB')}`);
    expect(chosen.marcas).toEqual([
      { valor: 'Kingston', cantidad: 1 },
      { valor: 'WD', cantidad: 1 },
    ]);
    // The chosen name still offers its other values; the other names count within the choice.
    expect(spec(chosen, 'Capacidad')).toHaveLength(5);
    expect(spec(chosen, 'Interfaz')).toEqual([
      { valor: 'NVMe', cantidad: 1 },
      { valor: 'USB 3.0', cantidad: 1 },
    ]);
    expect(chosen.categorias.find((c) => c.nombre === 'Almacenamiento')?.cantidad).toBe(2);

    const brand = await facets('categoria=Almacenamiento&marca=Kingston');
    expect(brand.marcas).toHaveLength(5);
    expect(spec(brand, 'Capacidad')).toEqual([
      { valor: '1 TB', cantidad: 1 },
      { valor: '64 GB', cantidad: 1 },
    ]);
  });

  it('offers only names at least two products share, with more than one value', async () => {
    const f = await facets('categoria=Monitores');
    expect(f.especificaciones.map((e) => e.nombre).sort()).toEqual([
      'Frecuencia',
      'Panel',
      'Resolución',
      'Tamaño',
    ]);
    // Redes: Bandas is 'Doble banda' for both products that have it: nothing to choose.
    const redes = await facets('categoria=Redes');
    expect(spec(redes, 'Bandas')).toBeUndefined();
  });

  it('follows the text search, and finds nothing for a text that matches nothing', async () => {
    const f = await facets('q=logitech');
    expect(f.marcas).toEqual([{ valor: 'Logitech', cantidad: 5 }]);
    expect(f.categorias.map((c) => [c.nombre, c.cantidad])).toEqual([
      ['Audio', 1],
      ['Periféricos', 4],
    ]);
    expect(await facets('q=zzzzqqqq')).toEqual({
      categorias: [],
      marcas: [],
      especificaciones: [],
    });
  });

  it('never counts an inactive product, even for an admin', async () => {
    const f = await facets('categoria=Notebooks', bearer(t.adminToken));
    expect(f.marcas.map((m) => m.valor)).not.toContain('Acer');
  });
});

describe('the kept counts (migration 0011) that answer facets filtered by category alone', () => {
  const send = (method: 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: bearer(t.adminToken) });

  /** The same facets counted live: min=0 narrows nothing but skips the kept counts. */
  async function expectKeptEqualsLive(categoria: string) {
    t.app.catalogCache.clear();
    const kept = await facets(categoria ? `categoria=${enc(categoria)}` : '');
    const live = await facets(categoria ? `categoria=${enc(categoria)}&min=0` : 'min=0');
    expect(kept).toEqual(live);
    return kept;
  }

  it('stay exact through creating, editing, deactivating, moving and deleting products', async () => {
    const cats = (await get('/api/categorias')).json<{ id: number; nombre: string }[]>();
    const audio = cats.find((c) => c.nombre === 'Audio')!.id;
    const redes = cats.find((c) => c.nombre === 'Redes')!.id;
    const body = {
      nombre: 'Parlante Bluetooth JBL Go 3',
      precio: 29990,
      stock: 7,
      categoria: { id: audio },
      marca: 'JBL',
      especificaciones: [
        { nombre: 'Conexión', valor: 'Bluetooth' },
        { nombre: 'Tipo', valor: 'Portátil' },
      ],
    };
    const created = (await send('POST', '/api/productos', body)).json<Producto>();
    let f = await expectKeptEqualsLive('Audio');
    expect(f.marcas).toContainEqual({ valor: 'JBL', cantidad: 1 });
    expect(spec(f, 'Conexión')).toContainEqual({ valor: 'Bluetooth', cantidad: 1 });

    await send('PUT', `/api/productos/${created.id}`, {
      ...body,
      marca: 'jbl',
      especificaciones: [{ nombre: 'Conexión', valor: 'USB' }],
    });
    f = await expectKeptEqualsLive('Audio');
    expect(f.marcas).toContainEqual({ valor: 'jbl', cantidad: 1 });
    expect(spec(f, 'Conexión')).toContainEqual({ valor: 'USB', cantidad: 2 });
    expect(spec(f, 'Conexión')?.some((v) => v.valor === 'Bluetooth')).toBe(false);

    // A stock change, as every order makes, moves nothing.
    await t.app.db.update(productos).set({ stock: 1 }).where(eq(productos.id, created.id));
    await expectKeptEqualsLive('Audio');

    await send('PATCH', `/api/productos/${created.id}/desactivar`);
    f = await expectKeptEqualsLive('Audio');
    expect(f.marcas.map((m) => m.valor)).not.toContain('jbl');
    await send('PATCH', `/api/productos/${created.id}/activar`);
    await expectKeptEqualsLive('Audio');

    await send('PUT', `/api/productos/${created.id}`, { ...body, categoria: { id: redes } });
    await expectKeptEqualsLive('Audio');
    f = await expectKeptEqualsLive('Redes');
    expect(f.marcas).toContainEqual({ valor: 'JBL', cantidad: 1 });

    await t.app.db.delete(productos).where(eq(productos.id, created.id));
    f = await expectKeptEqualsLive('Redes');
    expect(f.marcas.map((m) => m.valor)).not.toContain('JBL');
    await expectKeptEqualsLive('');
  });
});

describe('the catalogue cache and the new filters', () => {
  /** A brand changed with the catalogue triggers off: only a fresh answer can show it. */
  async function renameBrandUnannounced(from: string, to: string) {
    await t.app.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.update(productos).set({ marca: to }).where(eq(productos.marca, from));
    });
  }

  it('keeps one answer per set of filters, whatever their order, and another for other filters', async () => {
    t.app.catalogCache.clear();
    const a = `categoria=Almacenamiento&espec=${enc('Formato:M.2 2280')}&espec=${enc('Interfaz:NVMe')}`;
    const before = await facets(a);
    expect(before.marcas.map((m) => m.valor)).toEqual(['Kingston', 'Samsung']);
    const listBefore = await list(`marca=Samsung&categoria=Monitores`);
    await renameBrandUnannounced('Samsung', 'Samsung Electronics');
    try {
      // The same filters asked another way: the kept answers.
      const reordered = `espec=${enc('Interfaz:NVMe')}&espec=${enc('Formato:M.2 2280')}&marca=&categoria=Almacenamiento`;
      expect(await facets(reordered)).toEqual(before);
      expect(await list(`categoria=Monitores&marca=Samsung`)).toEqual(listBefore);
      // Other filters are other answers, built now.
      // (min=0: counted live, as the kept counts do not hear an unannounced write either.)
      const other = await facets('categoria=Almacenamiento&marca=Samsung%20Electronics&min=0');
      expect(other.marcas).toContainEqual({ valor: 'Samsung Electronics', cantidad: 1 });
      expect((await list('marca=Samsung%20Electronics')).total).toBe(2);
    } finally {
      await renameBrandUnannounced('Samsung Electronics', 'Samsung');
      t.app.catalogCache.clear();
    }
  });
});
