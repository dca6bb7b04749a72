import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  buildProduct,
  findHeading,
  mockApi,
  type ApiCall,
  type ApiReply,
} from '../../../testing/admin-api';
import { renderAsAdmin } from '../../testing/render-app';

const card = (label: string) => screen.getByRole('link', { name: new RegExp(label) });

/**
 * GET /productos as the API answers it: X-Total-Count for every match, and the page asked for.
 * `total` is how many products there are; only the first ones are built as rows.
 */
function productsApi(active: ReturnType<typeof buildProduct>[], inactive: number) {
  return (_body: unknown, call: ApiCall): ApiReply => {
    const estado = call.query.get('estado') ?? 'todos';
    const total = active.length + (estado === 'activos' ? 0 : inactive);
    // Only the active products are ever read row by row (the critical stock).
    const rows = active;
    const limite = Number(call.query.get('limite'));
    const pagina = Number(call.query.get('pagina') ?? 1);
    return {
      body: rows.slice((pagina - 1) * limite, pagina * limite),
      headers: { 'X-Total-Count': String(total) },
    };
  };
}

describe('dashboard de la administración', () => {
  it('cuenta productos, usuarios y stock crítico (menos de 5, a la venta), cada uno con su enlace', async () => {
    const { callsTo } = mockApi({
      'GET /productos': productsApi(
        [
          buildProduct({ id: 1, stock: 35 }),
          buildProduct({ id: 2, stock: 5 }),
          buildProduct({ id: 3, stock: 4 }),
          buildProduct({ id: 4, stock: 0 }),
        ],
        1,
      ),
      'GET /usuarios': { body: [], headers: { 'X-Total-Count': '3' } },
    });
    renderAsAdmin('/admin');
    await findHeading('Dashboard');

    const productos = await screen.findByRole('link', { name: /^5 Productos/ });
    expect(productos).toHaveAttribute('href', '/admin/productos');
    expect(productos).toHaveTextContent('4 activos, 1 inactivo');
    expect(card('Usuarios registrados')).toHaveTextContent(/^3/);
    expect(card('Usuarios registrados')).toHaveAttribute('href', '/admin/usuarios');
    const critico = card('stock crítico');
    expect(critico).toHaveTextContent(/^2 /);
    expect(critico).toHaveTextContent('A la venta, con menos de 5 unidades');
    expect(critico.getAttribute('href')).toMatch(/^\/admin\/productos/);

    // The totals are read from X-Total-Count of one-row pages, not from every row.
    expect(callsTo('GET', '/usuarios').map((c) => c.query.get('limite'))).toEqual(['1']);
    const productCalls = callsTo('GET', '/productos').map((c) => Object.fromEntries(c.query));
    expect(productCalls).toEqual(
      expect.arrayContaining([
        { estado: 'todos', limite: '1' },
        { estado: 'activos', limite: '1' },
      ]),
    );
    // Every request is bounded.
    expect(productCalls.every((q) => q.limite !== undefined)).toBe(true);
  });

  it('el stock crítico lee a lo más 10 páginas de 100 y, con más productos, lo dice', async () => {
    const active = Array.from({ length: 1500 }, (_, i) =>
      buildProduct({ id: i + 1, stock: i % 100 === 0 ? 1 : 50 }),
    );
    const { callsTo } = mockApi({
      'GET /productos': productsApi(active, 0),
      'GET /usuarios': { body: [], headers: { 'X-Total-Count': '1' } },
    });
    renderAsAdmin('/admin');
    expect(await screen.findByRole('link', { name: /^10\+ Productos con stock crítico/ })).toBe(
      card('stock crítico'),
    );
    const scans = callsTo('GET', '/productos').filter((c) => c.query.get('limite') === '100');
    expect(scans.map((c) => c.query.get('pagina'))).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
      '7',
      '8',
      '9',
      '10',
    ]);
  });

  it("si algo no carga dice 'No se pudieron cargar las estadísticas del dashboard.'", async () => {
    mockApi({
      'GET /productos': { body: [], headers: { 'X-Total-Count': '0' } },
      'GET /usuarios': { status: 404, body: { message: 'No encontrado.' } },
    });
    renderAsAdmin('/admin');
    expect(
      await screen.findByText('No se pudieron cargar las estadísticas del dashboard.'),
    ).toHaveAttribute('role', 'alert');
  });
});
