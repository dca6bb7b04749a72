import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../testing/render-app';
import {
  buildProducto,
  buildProductos,
  mockCatalogApi,
  pagedProducts,
} from '../../testing/catalog-api';

describe('Inicio', () => {
  it('muestra el hero con el enlace a los productos', async () => {
    mockCatalogApi({ 'GET /productos': pagedProducts([]) });
    renderApp('/');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'TIENDA ONLINE' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Tecnología y mantención de PC', { selector: 'p' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Ver productos' })).toHaveAttribute(
      'href',
      '/productos',
    );
    await screen.findByText('No hay productos disponibles por ahora.');
  });

  it('muestra Cargando… y luego los 4 primeros productos de la lista', async () => {
    const api = mockCatalogApi({ 'GET /productos': pagedProducts(buildProductos(6)) });
    renderApp('/');
    expect(await screen.findByText('Cargando…', { selector: '.featured p' })).toBeInTheDocument();

    const section = (await screen.findByRole('heading', { name: 'Destacados' })).closest(
      'section',
    )!;
    const cards = await within(section).findAllByRole('article');
    expect(cards).toHaveLength(4);
    expect(api.callsTo('GET', '/productos')[0]?.query.get('limite')).toBe('4');
    expect(within(cards[0]!).getByRole('heading', { level: 3, name: 'Producto 1' })).toBeVisible();
  });

  it('cada tarjeta muestra imagen, nombre, categoría, precio y Ver detalles', async () => {
    mockCatalogApi({
      'GET /productos': pagedProducts([
        buildProducto({ id: 12, nombre: 'SSD Kingston NV2 1TB', precio: 54990, imagen: null }),
      ]),
    });
    renderApp('/');
    const card = await screen.findByRole('article');
    expect(within(card).getByRole('img', { name: 'SSD Kingston NV2 1TB' })).toHaveAttribute(
      'src',
      '/img/placeholder.svg',
    );
    expect(within(card).getByText('Periféricos')).toBeInTheDocument();
    expect(within(card).getByText('$54.990')).toBeInTheDocument();
    const link = within(card).getByRole('link', { name: 'Ver detalles de SSD Kingston NV2 1TB' });
    expect(link).toHaveAttribute('href', '/productos/detalle/12');
    // The visible text is exactly 'Ver detalles'; the product's name is for screen readers.
    expect(link.firstChild?.textContent?.trim()).toBe('Ver detalles');
  });

  it('sin productos muestra No hay productos disponibles por ahora.', async () => {
    mockCatalogApi({ 'GET /productos': pagedProducts([]) });
    renderApp('/');
    expect(await screen.findByText('No hay productos disponibles por ahora.')).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    // A new shop is not a blank section: it says the catalogue is coming and what works already.
    expect(screen.getByText(/Estamos preparando el catálogo/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Escríbenos' })).toHaveAttribute('href', '/contacto');
  });

  it('si la carga falla solo lo registra y muestra el mismo mensaje', async () => {
    const consoleError = vi.mocked(console.error).mockImplementation(() => {});
    mockCatalogApi({
      'GET /productos': { status: 400, body: { message: 'Parámetros inválidos.' } },
    });
    renderApp('/');
    expect(await screen.findByText('No hay productos disponibles por ahora.')).toBeInTheDocument();
    expect(consoleError).toHaveBeenCalledWith(
      'No se pudieron cargar los productos destacados:',
      expect.objectContaining({ status: 400 }),
    );
    expect(screen.queryByText(/No se pudieron cargar/)).not.toBeInTheDocument();
  });
});
