import type { Facetas } from '@nexbyte/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../testing/render-app';
import { buildProductos, mockCatalogApi, pagedProducts } from '../../testing/catalog-api';

const FACETAS: Facetas = {
  categorias: [{ id: 3, nombre: 'Almacenamiento', cantidad: 6 }],
  marcas: [
    { valor: 'Kingston', cantidad: 2 },
    { valor: 'Samsung', cantidad: 1 },
  ],
  especificaciones: [
    {
      nombre: 'Capacidad',
      valores: [
        { valor: '1 TB', cantidad: 2 },
        { valor: '500 GB', cantidad: 1 },
      ],
    },
  ],
};

function mockCatalog(facetas: Facetas = FACETAS) {
  return mockCatalogApi({
    'GET /productos': pagedProducts(buildProductos(3)),
    'GET /productos/facetas': { body: facetas },
  });
}

async function renderList(url = '/productos') {
  const app = renderApp(url);
  await screen.findByRole('heading', { level: 1, name: 'Productos' });
  await screen.findByText('3 resultados');
  return app;
}

const disclosure = () =>
  screen.getByText('Filtrar por marca y características').closest('details')!;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Filtros por marca y especificación', () => {
  it('ofrece las marcas y los valores con su cantidad y filtra la lista al marcarlos', async () => {
    const api = mockCatalog();
    const { router } = await renderList('/productos?categoria=Almacenamiento');
    const brands = await screen.findByRole('group', { name: 'Marca' });
    const kingston = within(brands).getByRole('checkbox', { name: 'Kingston (2)' });
    expect(within(brands).getByRole('checkbox', { name: 'Samsung (1)' })).not.toBeChecked();

    await userEvent.click(kingston);
    await waitFor(() => expect(router.state.location.search).toContain('marca=Kingston'));
    const capacidad = screen.getByRole('group', { name: 'Capacidad' });
    await userEvent.click(within(capacidad).getByRole('checkbox', { name: '1 TB (2)' }));

    await waitFor(() => {
      const last = api.callsTo('GET', '/productos').at(-1)!;
      expect(last.query.get('marca')).toBe('Kingston');
      expect(last.query.getAll('espec')).toEqual(['Capacidad:1 TB']);
      expect(last.query.get('categoria')).toBe('Almacenamiento');
    });
    const facetsAsked = api.callsTo('GET', '/productos/facetas').at(-1)!;
    expect(facetsAsked.query.getAll('espec')).toEqual(['Capacidad:1 TB']);
    expect(facetsAsked.query.has('orden')).toBe(false);
    expect(screen.getByText('(2 elegidos)')).toBeInTheDocument();

    // Unticking takes the value out of the address again.
    await userEvent.click(within(brands).getByRole('checkbox', { name: 'Kingston (2)' }));
    await waitFor(() => expect(router.state.location.search).not.toContain('marca='));
    expect(router.state.location.search).toContain('espec=Capacidad');
  });

  it('lee los filtros de la dirección: tras recargar siguen marcados', async () => {
    const api = mockCatalog();
    await renderList('/productos?marca=Samsung&espec=Capacidad%3A500%20GB');
    expect(await screen.findByRole('checkbox', { name: 'Samsung (1)' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: '500 GB (1)' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: '1 TB (2)' })).not.toBeChecked();
    const asked = api.callsTo('GET', '/productos')[0]!;
    expect(asked.query.get('marca')).toBe('Samsung');
    expect(asked.query.getAll('espec')).toEqual(['Capacidad:500 GB']);
  });

  it('mantiene un valor elegido que ya no cuenta productos, en 0, para poder desmarcarlo', async () => {
    mockCatalog();
    await renderList('/productos?marca=Razer');
    expect(await screen.findByRole('checkbox', { name: 'Razer (0)' })).toBeChecked();
  });

  it('Limpiar filtros quita también marcas y especificaciones', async () => {
    mockCatalog();
    const { router } = await renderList('/productos?marca=Samsung&espec=Capacidad%3A1%20TB');
    await screen.findByRole('checkbox', { name: 'Samsung (1)' });
    await userEvent.click(screen.getByRole('button', { name: 'Limpiar filtros' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('en un teléfono empieza plegado y se abre desde su resumen', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: false, media: query }));
    mockCatalog();
    await renderList();
    const summary = await screen.findByText('Filtrar por marca y características');
    expect(disclosure()).not.toHaveAttribute('open');
    await userEvent.click(summary);
    await waitFor(() => expect(disclosure()).toHaveAttribute('open'));
    expect(screen.getByRole('checkbox', { name: 'Kingston (2)' })).toBeVisible();
  });

  it('sin marcas ni especificaciones que ofrecer no muestra nada', async () => {
    mockCatalog({ categorias: [], marcas: [], especificaciones: [] });
    await renderList();
    await waitFor(() =>
      expect(screen.queryByText('Filtrar por marca y características')).not.toBeInTheDocument(),
    );
  });
});
