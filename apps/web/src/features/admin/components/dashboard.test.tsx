import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  ADMIN_USER,
  buildAccount,
  buildProduct,
  findHeading,
  mockApi,
  renderAsAdmin,
} from '../testing';

const card = (label: string) => screen.getByRole('link', { name: new RegExp(label) });

describe('dashboard de la administración', () => {
  it('cuenta productos, usuarios y stock crítico (menos de 5, a la venta), cada uno con su enlace', async () => {
    mockApi({
      'GET /productos': {
        body: [
          buildProduct({ id: 1, stock: 35 }),
          buildProduct({ id: 2, stock: 5 }),
          buildProduct({ id: 3, stock: 4 }),
          buildProduct({ id: 4, stock: 0 }),
          buildProduct({ id: 5, stock: 0, activo: false }),
        ],
      },
      'GET /usuarios': { body: [ADMIN_USER, buildAccount({ id: 5 }), buildAccount({ id: 6 })] },
    });
    renderAsAdmin('/admin');
    await findHeading('Dashboard');

    const productos = await screen.findByRole('link', { name: /^5 Productos/ });
    expect(productos).toHaveAttribute('href', '/admin/productos');
    expect(productos).toHaveTextContent('4 activos, 1 inactivo');
    expect(card('Usuarios registrados')).toHaveTextContent(/^3/);
    expect(card('Usuarios registrados')).toHaveAttribute('href', '/admin/usuarios');
    const critico = card('stock crítico');
    expect(critico).toHaveTextContent(/^2/);
    expect(critico).toHaveTextContent('A la venta, con menos de 5 unidades');
    expect(critico.getAttribute('href')).toMatch(/^\/admin\/productos/);
  });

  it("si algo no carga dice 'No se pudieron cargar las estadísticas del dashboard.'", async () => {
    mockApi({
      'GET /productos': { body: [] },
      'GET /usuarios': { status: 404, body: { message: 'No encontrado.' } },
    });
    renderAsAdmin('/admin');
    expect(
      await screen.findByText('No se pudieron cargar las estadísticas del dashboard.'),
    ).toHaveAttribute('role', 'alert');
  });
});
