import type { ComponenteParcial, Facetas, Producto } from '@nexbyte/shared';
import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productos } from './products.schema';
import { bearer, createTestApp, type TestContext } from '../../test/test-app';

// A PC part's typed specification in the lists, and its values as the list's filters and facets
// (`componente=campo:valor`), on the demo catalogue's parts.

let t: TestContext;
let parts: { id: number; nombre: string; componente: ComponenteParcial }[];
beforeAll(async () => {
  t = await createTestApp();
  parts = (await t.app.db
    .select({ id: productos.id, nombre: productos.nombre, componente: productos.componente })
    .from(productos)
    .where(and(isNotNull(productos.componente), eq(productos.activo, true)))) as typeof parts;
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });
const value = (p: { componente: ComponenteParcial }, campo: string) =>
  (p.componente as Record<string, unknown>)[campo];

async function list(query: string) {
  const res = await get(`/api/productos?limite=100&${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return { items: res.json<Producto[]>(), total: Number(res.headers['x-total-count']) };
}

async function facets(query: string) {
  const res = await get(`/api/productos/facetas?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Facetas>();
}

const names = (items: { nombre: string }[]) => items.map((p) => p.nombre).sort();
const facet = (f: Facetas, campo: string) =>
  Object.fromEntries(
    (f.componentes?.find((c) => c.campo === campo)?.valores ?? []).map((v) => [
      v.valor,
      v.cantidad,
    ]),
  );

describe('especificación tipada en las listas de productos', () => {
  it('cada componente de la lista trae su especificación; lo demás, ninguna', async () => {
    expect(parts.length).toBeGreaterThan(20);
    const { items } = await list('q=procesador');
    const withSpec = items.filter((p) => p.componente);
    expect(withSpec.length).toBeGreaterThan(0);
    for (const p of withSpec) {
      expect(p.componente).toEqual(parts.find((part) => part.id === p.id)?.componente);
    }
    const mice = await list('q=mouse');
    expect(mice.items.length).toBeGreaterThan(0);
    for (const p of mice.items) expect(p).not.toHaveProperty('componente');
  });
});

describe('filtros por valores tipados', () => {
  it('socket:AM5 deja los procesadores y placas AM5', async () => {
    const { items, total } = await list('componente=socket:AM5');
    const expected = parts.filter((p) => value(p, 'socket') === 'AM5');
    expect(expected.length).toBeGreaterThan(1);
    expect(names(items)).toEqual(names(expected));
    expect(total).toBe(expected.length);
  });

  it('una lista (los sockets de un cooler) se filtra por uno de sus valores', async () => {
    const { items } = await list('componente=socketsCompatibles:LGA1851');
    const expected = parts.filter((p) =>
      (value(p, 'socketsCompatibles') as string[] | undefined)?.includes('LGA1851'),
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(names(items)).toEqual(names(expected));
  });

  it('valores del mismo campo son alternativas; campos distintos se suman, con sí/no', async () => {
    const both = await list('componente=tipoMemoria:DDR4,tipoMemoria:DDR5&componente=tipo:MEMORIA');
    expect(names(both.items)).toEqual(
      names(parts.filter((p) => p.componente.tipo === 'MEMORIA' && value(p, 'tipoMemoria'))),
    );
    const noGraphics = await list('componente=graficosIntegrados:false');
    expect(names(noGraphics.items)).toEqual(
      names(parts.filter((p) => value(p, 'graficosIntegrados') === false)),
    );
    expect(noGraphics.items.length).toBeGreaterThan(0);
  });

  it('un campo que no es filtro o un valor imposible no rompen la lista', async () => {
    const res = await get('/api/productos?componente=tdpW:88&componente=socket');
    expect(res.statusCode).toBe(200);
    expect((await list('componente=socket:AM3')).total).toBe(0);
  });
});

describe('GET /api/productos/facetas con valores tipados', () => {
  it('cuenta los tipos y sockets de los componentes de la lista', async () => {
    const f = await facets('');
    const kinds: Record<string, number> = {};
    for (const p of parts) kinds[p.componente.tipo] = (kinds[p.componente.tipo] ?? 0) + 1;
    expect(facet(f, 'tipo')).toEqual(kinds);
    const am5 = parts.filter((p) => value(p, 'socket') === 'AM5').length;
    expect(facet(f, 'socket').AM5).toBe(am5);
    expect(f.componentes?.find((c) => c.campo === 'socket')?.etiqueta).toBe('Socket');
  });

  it('un campo elegido no se filtra a sí mismo; los demás sí', async () => {
    const f = await facets('componente=tipo:PROCESADOR');
    // The kinds stay offered as alternatives.
    expect(Object.keys(facet(f, 'tipo')).length).toBeGreaterThan(3);
    const cpus = parts.filter((p) => p.componente.tipo === 'PROCESADOR');
    const sockets: Record<string, number> = {};
    for (const p of cpus) {
      const s = value(p, 'socket') as string;
      sockets[s] = (sockets[s] ?? 0) + 1;
    }
    expect(facet(f, 'socket')).toEqual(sockets);
    // Categories count only processors now.
    expect(f.categorias.reduce((sum, c) => sum + c.cantidad, 0)).toBe(cpus.length);
  });

  it('una lista sin componentes no trae facetas tipadas', async () => {
    const f = await facets('q=mouse');
    expect(f).not.toHaveProperty('componentes');
  });

  it('el personal ve lo mismo en las facetas (solo productos activos)', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/productos/facetas?componente=tipo:FUENTE',
      headers: bearer(t.adminToken),
    });
    expect(res.statusCode).toBe(200);
    expect(facet(res.json<Facetas>(), 'tipo').FUENTE).toBe(
      parts.filter((p) => p.componente.tipo === 'FUENTE').length,
    );
  });
});
