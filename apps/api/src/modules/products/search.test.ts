import type { Producto, Sugerencias } from '@nexbyte/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestContext } from '../../test/test-app';

let t: TestContext;
const created: Record<string, Producto> = {};

const get = (url: string, token?: string) =>
  t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });

const search = async (q: string, extra = '') => {
  const res = await get(`/api/productos?q=${encodeURIComponent(q)}${extra}`);
  expect(res.statusCode).toBe(200);
  return {
    nombres: res.json<Producto[]>().map((p) => p.nombre),
    total: Number(res.headers['x-total-count']),
  };
};

const suggest = async (q: string) => {
  const res = await get(`/api/productos/sugerencias?q=${encodeURIComponent(q)}`);
  expect(res.statusCode).toBe(200);
  return res.json<Sugerencias>();
};

async function createProduct(
  nombre: string,
  descripcion: string | null,
  categoria = 'Periféricos',
) {
  const categorias = (await get('/api/categorias')).json<{ id: number; nombre: string }[]>();
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/productos',
    headers: bearer(t.adminToken),
    payload: {
      nombre,
      descripcion,
      precio: 9990,
      stock: 10,
      categoria: { id: categorias.find((c) => c.nombre === categoria)!.id },
    },
  });
  expect(res.statusCode).toBe(201);
  created[nombre] = res.json<Producto>();
  return created[nombre];
}

beforeAll(async () => {
  t = await createTestApp();
  await createProduct('Ratón ergonómico vertical Delux', 'Reduce la tensión de la muñeca.');
  await createProduct('Audífonos para niño Kidz', 'Volumen limitado a 85 dB.', 'Audio');
  await createProduct('Teclado mecánico', 'Switches rojos.');
  await createProduct('Combo gamer teclado mecánico y mouse', 'Para empezar a jugar.');
  await createProduct('Reposamuñecas acolchado', 'Para teclado mecánico de tamaño completo.');
  await createProduct('Kombucha enfriada para escritorio', 'Un refresco entre partidas.');
});
afterAll(() => t.close());

describe('text search', () => {
  it('ignores accents, case and ñ in both directions', async () => {
    expect((await search('raton')).nombres).toContain('Ratón ergonómico vertical Delux');
    expect((await search('RATÓN')).nombres).toContain('Ratón ergonómico vertical Delux');
    expect((await search('mecanico')).nombres).toContain('Teclado mecánico Redragon Kumara K552');
    expect((await search('nino')).nombres).toEqual(['Audífonos para niño Kidz']);
    expect((await search('NIÑO')).nombres).toEqual(['Audífonos para niño Kidz']);
  });

  it('finds words as they are being typed, in any order', async () => {
    expect((await search('teclad meca')).nombres).toContain(
      'Teclado mecánico Redragon Kumara K552',
    );
    expect((await search('logitech mouse')).nombres).toContain('Mouse Logitech G203 Lightsync');
  });

  it('finds every word a term starts, whether a few words start with it or many', async () => {
    // A few ('monitor', 'monitores'): searched as those words.
    await createProduct('Soporte doble brazo', 'Para dos monitores de hasta 27 pulgadas.');
    expect((await search('monitor')).nombres).toContain('Soporte doble brazo');
    // Many: searched as a prefix.
    const codes = Array.from({ length: 20 }, (_, i) => `vx${i + 10}k`);
    await createProduct('Kit de cables rotulados', `Incluye ${codes.join(' ')}.`);
    expect((await search('vx')).nombres).toContain('Kit de cables rotulados');
    expect((await search('vx29')).nombres).toContain('Kit de cables rotulados');
  });

  it('forgives a typo or two', async () => {
    expect((await search('logitec')).nombres).toContain('Mouse Logitech G203 Lightsync');
    expect((await search('teclado mecanco')).nombres).toContain(
      'Teclado mecánico Redragon Kumara K552',
    );
    expect((await search('samsumg')).nombres).toContain('SSD Samsung 980 500 GB NVMe');
  });

  it('finds nothing, and says so, for text that is not in the catalogue', async () => {
    expect(await search('parabrisas')).toEqual({ nombres: [], total: 0 });
    expect(await search('teclado parabrisas')).toEqual({ nombres: [], total: 0 });
  });

  it('ranks the whole name first, then names that start with it, then names that hold it, then the rest', async () => {
    const { nombres, total } = await search('teclado mecanico');
    expect(nombres[0]).toBe('Teclado mecánico');
    expect(nombres[1]).toBe('Teclado mecánico Redragon Kumara K552');
    expect(nombres.indexOf('Combo gamer teclado mecánico y mouse')).toBe(2);
    expect(nombres.at(-1)).toBe('Reposamuñecas acolchado');
    expect(total).toBe(nombres.length);
  });

  it('still sorts by price when asked, and by recency when there is nothing to rank', async () => {
    const precios = (await get('/api/productos?q=mouse&orden=precio_asc'))
      .json<Producto[]>()
      .map((p) => p.precio);
    expect(precios.length).toBeGreaterThan(2);
    expect(precios).toEqual([...precios].sort((a, b) => a - b));
    const relevanciaSinTexto = (await get('/api/productos?orden=relevancia')).json<Producto[]>();
    const recientes = (await get('/api/productos')).json<Producto[]>();
    expect(relevanciaSinTexto.map((p) => p.id)).toEqual(recientes.map((p) => p.id));
  });

  it('finds products by their category name, and follows a category rename', async () => {
    const before = await search('almacenamiento');
    expect(before.nombres).toContain('SSD Samsung 980 500 GB NVMe');
    await t.app.db.execute(
      sql`update categorias set nombre = 'Discos y memorias' where nombre = 'Almacenamiento'`,
    );
    expect((await search('discos memorias')).nombres).toContain('SSD Samsung 980 500 GB NVMe');
    // Only the products whose description says it are left.
    const after = await search('almacenamiento');
    expect(after.nombres).not.toContain('SSD Samsung 980 500 GB NVMe');
    expect(after.total).toBeLessThan(before.total);
    await t.app.db.execute(
      sql`update categorias set nombre = 'Almacenamiento' where nombre = 'Discos y memorias'`,
    );
  });

  it('keeps the category, price and state filters on a search', async () => {
    const res = await get('/api/productos?q=mouse&categoria=perif%C3%A9ricos&min=15000&max=30000');
    const items = res.json<Producto[]>();
    expect(items.length).toBeGreaterThan(0);
    for (const p of items) {
      expect(p.categoria.nombre).toBe('Periféricos');
      expect(p.precio).toBeGreaterThanOrEqual(15000);
      expect(p.precio).toBeLessThanOrEqual(30000);
    }
    expect(Number(res.headers['x-total-count'])).toBe(items.length);
  });

  it('never finds an inactive product for a shopper, but does for an admin', async () => {
    const inactive = await search('acer aspire');
    expect(inactive).toEqual({ nombres: [], total: 0 });
    const admin = await get('/api/productos?q=acer%20aspire', t.adminToken);
    expect(admin.json<Producto[]>().map((p) => p.nombre)).toEqual([
      'Notebook Acer Aspire 5 Core i7',
    ]);
  });
});

describe('GET /api/productos/sugerencias', () => {
  it('suggests at most 8 active products while typing, best first', async () => {
    const { productos, quisisteDecir } = await suggest('tecl');
    expect(quisisteDecir).toBeNull();
    expect(productos.length).toBeGreaterThan(0);
    expect(productos.length).toBeLessThanOrEqual(8);
    expect(productos.every((p) => p.activo)).toBe(true);
    expect(productos[0]!.nombre).toBe('Teclado mecánico');
    expect((await suggest('m')).productos).toEqual([]);
  });

  it('answers nothing for fewer than 2 characters', async () => {
    expect(await suggest('t')).toEqual({ productos: [], quisisteDecir: null });
    expect(await suggest('  ')).toEqual({ productos: [], quisisteDecir: null });
  });

  it('corrects a close typo by itself, and offers a farther one as a question', async () => {
    expect((await suggest('kombuca')).productos.map((p) => p.nombre)).toEqual([
      'Kombucha enfriada para escritorio',
    ]);
    expect(await suggest('tecaldo')).toEqual({ productos: [], quisisteDecir: 'teclado' });
    expect(await suggest('kobmucha')).toEqual({ productos: [], quisisteDecir: 'kombucha' });
    expect(await suggest('xyzzy')).toEqual({ productos: [], quisisteDecir: null });
  });

  it('stops offering a word once no active product holds it', async () => {
    const kombucha = created['Kombucha enfriada para escritorio']!;
    const off = await t.app.inject({
      method: 'PATCH',
      url: `/api/productos/${kombucha.id}/desactivar`,
      headers: bearer(t.adminToken),
    });
    expect(off.statusCode).toBe(200);
    expect(await suggest('kobmucha')).toEqual({ productos: [], quisisteDecir: null });
    expect(await search('kombucha')).toEqual({ nombres: [], total: 0 });
  });
});
