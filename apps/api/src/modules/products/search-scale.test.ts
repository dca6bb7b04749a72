import type { Producto } from '@nexbyte/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app';
import { EXACT_TOTAL_MAX, FROM_END_MIN, SAMPLE_SIZE } from './catalog-query';

// Enough products that a broad search is read off the indexes and its total estimated, which
// the demo catalogue (all inside one sample) never exercises.
const PRODUCTS = 3000;
const EXTENDED = 60;

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.db.execute(sql`
    insert into productos (nombre, descripcion, precio, stock, categoria_id, created_at)
    select
      -- Three mice for every two keyboards, mixed as a shop's catalogue grows.
      case when g % 5 < 3 then 'Mouse inalámbrico Serie ' || g else 'Teclado compacto Serie ' || g end,
      case when g % 3 = 0 then 'Incluye mouse de regalo.' else 'Garantía de 6 meses.' end,
      1000 + (g * 7919) % 90000,
      5,
      (select id from categorias where nombre = 'Periféricos'),
      now() - interval '10 days' - g * interval '1 minute'
    from generate_series(1, ${PRODUCTS}) as g
  `);
  // A few names start with a word thousands of descriptions hold.
  await t.app.db.execute(sql`
    insert into productos (nombre, descripcion, precio, stock, categoria_id, created_at)
    select 'Garantía extendida ' || g || ' años', 'Cobertura adicional.', 9990, 5,
      (select id from categorias where nombre = 'Periféricos'),
      now() - interval '10 days' - (g * 37) * interval '1 minute'
    from generate_series(1, ${EXTENDED}) as g
  `);
}, 120_000);
afterAll(() => t.close());

const page = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode).toBe(200);
  return { items: res.json<Producto[]>(), total: Number(res.headers['x-total-count']) };
};

const exactCount = async (where: ReturnType<typeof sql>) => {
  const result = await t.app.db.execute(
    sql`select count(*)::int as n from productos where activo and ${where}`,
  );
  return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
};

describe('a search with thousands of matches', () => {
  it('is big enough to take the estimated path', async () => {
    expect(PRODUCTS).toBeGreaterThan(SAMPLE_SIZE);
    expect(await exactCount(sql`busqueda @@ to_tsquery('simple', 'mouse:*')`)).toBeGreaterThan(
      EXACT_TOTAL_MAX,
    );
  });

  it('puts names that start with the query first, newest first, and pages without repeats', async () => {
    const pages = [
      await page('/api/productos?q=mouse&limite=50&pagina=1'),
      await page('/api/productos?q=mouse&limite=50&pagina=2'),
      await page('/api/productos?q=mouse&limite=50&pagina=3'),
    ];
    const items = pages.flatMap((p) => p.items);
    expect(items).toHaveLength(150);
    expect(new Set(items.map((p) => p.id)).size).toBe(150);
    expect(items.every((p) => p.nombre.startsWith('Mouse'))).toBe(true);
    const fechas = items.map((p) => Date.parse(p.createdAt));
    expect(fechas).toEqual([...fechas].sort((a, b) => b - a));
  });

  it('estimates the total within 20 % and never below what the pages showed', async () => {
    const exact = await exactCount(sql`busqueda @@ to_tsquery('simple', 'mouse:*')`);
    const { total } = await page('/api/productos?q=mouse');
    expect(Math.abs(total - exact) / exact).toBeLessThan(0.2);
    // A full page promises at least one more, so that a client paging by the total reads on.
    const deep = await page('/api/productos?q=mouse&limite=100&pagina=19');
    expect(deep.items).toHaveLength(100);
    expect(deep.total).toBeGreaterThan(1900);
  });

  it('continues with the matches that are not name prefixes once those run out', async () => {
    const prefixed = await exactCount(sql`busqueda_nombre like 'mouse%'`);
    const pagina = Math.floor(prefixed / 100) + 1;
    const { items } = await page(`/api/productos?q=mouse&limite=100&pagina=${pagina}`);
    const names = items.map((p) => p.nombre);
    const firstOther = names.findIndex((n) => !n.toLowerCase().startsWith('mouse'));
    expect(firstOther).toBe(prefixed % 100);
    const others = names.slice(firstOther);
    expect(others.some((n) => n.startsWith('Teclado compacto'))).toBe(true);
    expect(others.every((n) => !n.toLowerCase().startsWith('mouse'))).toBe(true);
  });

  it('reads a few name matches first and the rest after them, across page boundaries', async () => {
    expect(await exactCount(sql`busqueda @@ to_tsquery('simple', 'garantia')`)).toBeGreaterThan(
      EXACT_TOTAL_MAX,
    );
    const small = [1, 2, 3, 4, 5, 6].map((n) => `/api/productos?q=garantia&limite=25&pagina=${n}`);
    const large = [1, 2, 3].map((n) => `/api/productos?q=garantia&limite=50&pagina=${n}`);
    const bySmall = (await Promise.all(small.map(page))).flatMap((p) => p.items);
    const byLarge = (await Promise.all(large.map(page))).flatMap((p) => p.items);
    expect(bySmall.map((p) => p.id)).toEqual(byLarge.map((p) => p.id));
    expect(new Set(byLarge.map((p) => p.id)).size).toBe(150);
    const names = byLarge.map((p) => p.nombre);
    expect(names.slice(0, EXTENDED).every((n) => n.startsWith('Garantía extendida'))).toBe(true);
    expect(names.slice(EXTENDED).every((n) => !n.startsWith('Garantía'))).toBe(true);
    const fechas = byLarge.slice(0, EXTENDED).map((p) => Date.parse(p.createdAt));
    expect(fechas).toEqual([...fechas].sort((a, b) => b - a));
  });

  it('sorts a broad search by price when asked', async () => {
    const { items } = await page('/api/productos?q=teclado&orden=precio_desc&limite=100');
    const precios = items.map((p) => p.precio);
    expect(precios).toHaveLength(100);
    expect(precios).toEqual([...precios].sort((a, b) => b - a));
  });

  it('suggests the first products while typing', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/productos/sugerencias?q=mou' });
    const { productos } = res.json<{ productos: Producto[] }>();
    expect(productos).toHaveLength(8);
    expect(productos.every((p) => p.nombre.startsWith('Mouse'))).toBe(true);
  });
});

describe('a price range over thousands of products', () => {
  it('counts exactly up to the limit and estimates beyond it', async () => {
    const narrow = await page('/api/productos?min=1000&max=2000&limite=10');
    expect(narrow.total).toBe(await exactCount(sql`precio between 1000 and 2000`));
    const wide = await page('/api/productos?min=1000&max=60000&limite=10');
    const exact = await exactCount(sql`precio between 1000 and 60000`);
    expect(exact).toBeGreaterThan(EXACT_TOTAL_MAX);
    expect(Math.abs(wide.total - exact) / exact).toBeLessThan(0.2);
  });
});

describe('pages near the end of a long list', () => {
  const orders = {
    recientes: sql`created_at desc, id desc`,
    precio_asc: sql`precio asc, id asc`,
    precio_desc: sql`precio desc, id desc`,
  };
  const LIMIT = 24;

  /** The ids the list holds at that page, straight from the table in the list's order. */
  const expected = async (where: ReturnType<typeof sql>, orden: keyof typeof orders, n: number) => {
    const result = await t.app.db.execute(
      sql`select id from productos where activo and ${where}
        order by ${orders[orden]} limit ${LIMIT} offset ${(n - 1) * LIMIT}`,
    );
    return (result as unknown as { rows: { id: number }[] }).rows.map((r) => r.id);
  };

  /**
   * The last page, the one before it, and one past the middle: all read from the end, deep
   * enough (FROM_END_MIN) that their total is exact.
   */
  const deepPages = (total: number) => {
    const last = Math.ceil(total / LIMIT);
    return [
      last,
      last - 1,
      Math.max(Math.floor(last / 2) + 2, Math.ceil(FROM_END_MIN / LIMIT) + 2),
    ];
  };

  it('gives the same rows as reading from the start, for the whole catalogue and a category', async () => {
    const periféricos = sql`categoria_id = (select id from categorias where nombre = 'Periféricos')`;
    for (const [query, where] of [
      ['', sql`true`],
      ['categoria=Perif%C3%A9ricos&', periféricos],
    ] as const) {
      const total = await exactCount(where);
      // Deep enough that the count is awaited and the index read backwards.
      expect(total).toBeGreaterThan(2000);
      for (const orden of Object.keys(orders) as (keyof typeof orders)[]) {
        for (const n of deepPages(total)) {
          const got = await page(
            `/api/productos?${query}orden=${orden}&limite=${LIMIT}&pagina=${n}`,
          );
          expect(got.total).toBe(total);
          expect(got.items.map((p) => p.id)).toEqual(await expected(where, orden, n));
        }
      }
      const past = await page(
        `/api/productos?${query}limite=${LIMIT}&pagina=${deepPages(total)[0]! + 1}`,
      );
      expect(past).toEqual({ items: [], total });
    }
  });

  it('counts a price range exactly and gives the same rows, deep in a narrow or a wide range', async () => {
    // One range under half the catalogue (counted itself), one over half (counted as the rest).
    for (const [min, max] of [
      [5000, 45000],
      [5000, 85000],
    ] as const) {
      const where = sql`precio between ${min} and ${max}`;
      const total = await exactCount(where);
      expect(total).toBeGreaterThan(EXACT_TOTAL_MAX);
      for (const orden of Object.keys(orders) as (keyof typeof orders)[]) {
        for (const n of deepPages(total)) {
          const got = await page(
            `/api/productos?min=${min}&max=${max}&orden=${orden}&limite=${LIMIT}&pagina=${n}`,
          );
          expect(got.total).toBe(total);
          expect(got.items.map((p) => p.id)).toEqual(await expected(where, orden, n));
        }
      }
    }
  });

  it('gives the same rows as reading from the start when the matches are gathered and sorted', async () => {
    // Half the catalogue, and the equal prices of the 'Garantía extendida' products among them.
    await t.app.db.execute(sql`
      update productos set especificaciones = '[{"nombre": "Conexión", "valor": "USB"}]'
      where activo and (id % 2 = 0 or nombre like 'Garantía extendida%')`);
    try {
      const where = sql`especificaciones @> '[{"nombre": "Conexión", "valor": "USB"}]'`;
      const total = await exactCount(where);
      expect(total).toBeGreaterThan(EXACT_TOTAL_MAX);
      for (const orden of Object.keys(orders) as (keyof typeof orders)[]) {
        // The first two pages walk the order's index, testing each row's specification as it goes.
        for (const n of [1, 2, ...deepPages(total)]) {
          const got = await page(
            `/api/productos?espec=Conexi%C3%B3n:USB&orden=${orden}&limite=${LIMIT}&pagina=${n}`,
          );
          expect(got.items.map((p) => p.id)).toEqual(await expected(where, orden, n));
          if (n > 2) expect(got.total).toBe(total);
        }
      }
    } finally {
      await t.app.db.execute(sql`update productos set especificaciones = '[]'
        where especificaciones @> '[{"nombre": "Conexión", "valor": "USB"}]'`);
    }
  });
});
