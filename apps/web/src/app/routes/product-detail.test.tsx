import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../testing/render-app';
import { buildProducto, mockCatalogApi } from '../../testing/catalog-api';
import { NEVER } from '../../testing/mock-api';
import { buildConfig } from '../../testing/order-fixtures';

function mockProduct(product = buildProducto({ id: 7, nombre: 'SSD Kingston NV2 1TB' })) {
  return mockCatalogApi({ 'GET /productos/:id': { body: product } });
}

describe('Detalle de producto', () => {
  it('muestra la ruta, la imagen, el nombre, la categoría, el precio y las especificaciones', async () => {
    mockProduct(
      buildProducto({
        id: 7,
        nombre: 'SSD Kingston NV2 1TB',
        precio: 54990,
        descripcion: 'Unidad NVMe PCIe 4.0.',
        categoria: { id: 3, nombre: 'Almacenamiento' },
        imagen: '/img/categorias/almacenamiento.svg',
        sku: 'KNG-NV2-1TB',
      }),
    );
    renderApp('/productos/detalle/7');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'SSD Kingston NV2 1TB' }),
    ).toBeInTheDocument();
    const breadcrumb = screen.getByRole('navigation', { name: 'Ruta de navegación' });
    const crumbs = within(breadcrumb).getAllByRole('listitem');
    expect(crumbs.map((li) => li.textContent)).toEqual([
      'Inicio',
      '›Productos',
      '›Almacenamiento',
      '›SSD Kingston NV2 1TB',
    ]);
    expect(within(breadcrumb).getByRole('link', { name: 'Productos' })).toHaveAttribute(
      'href',
      '/productos',
    );
    expect(within(breadcrumb).getByText('SSD Kingston NV2 1TB')).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(screen.getByRole('img', { name: 'SSD Kingston NV2 1TB' })).toHaveAttribute(
      'src',
      '/img/categorias/almacenamiento.svg',
    );
    expect(screen.getByText('$54.990')).toBeInTheDocument();
    expect(screen.getByText('Unidad NVMe PCIe 4.0.')).toBeInTheDocument();
    expect(screen.getByText('Categoría: Almacenamiento')).toBeInTheDocument();
    expect(screen.getByText('SKU: KNG-NV2-1TB')).toBeInTheDocument();
    expect(screen.getByText('Garantía: 6 meses')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver a productos' })).toHaveAttribute(
      'href',
      '/productos',
    );
    await waitFor(() => expect(document.title).toBe('SSD Kingston NV2 1TB | Nexbyte'));
  });

  it('muestra la marca y las especificaciones del producto después de las líneas fijas', async () => {
    mockProduct(
      buildProducto({
        id: 8,
        nombre: 'Monitor LG UltraGear 27"',
        marca: 'LG',
        categoria: { id: 5, nombre: 'Monitores' },
        sku: 'LG-27GN-144',
        especificaciones: [
          { nombre: 'Tamaño', valor: '27"' },
          { nombre: 'Frecuencia', valor: '144 Hz' },
        ],
      }),
    );
    renderApp('/productos/detalle/8');
    await screen.findByRole('heading', { level: 1, name: 'Monitor LG UltraGear 27"' });
    expect(screen.getByText('LG · Monitores')).toBeInTheDocument();
    const specs = screen.getByRole('heading', { name: 'Especificaciones' }).nextElementSibling!;
    expect(
      within(specs as HTMLElement)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Categoría: Monitores',
      'SKU: LG-27GN-144',
      'Garantía: 6 meses',
      'Tamaño: 27"',
      'Frecuencia: 144 Hz',
    ]);
  });

  it('sin descripción muestra un texto por defecto', async () => {
    mockProduct(buildProducto({ id: 3, descripcion: '  ' }));
    renderApp('/productos/detalle/3');
    expect(await screen.findByText('Este producto aún no tiene descripción.')).toBeInTheDocument();
  });

  it('sin imagen, o si no carga, muestra la imagen de reemplazo', async () => {
    mockProduct(buildProducto({ id: 3, nombre: 'Hub USB-C', imagen: '/img/no-existe.png' }));
    renderApp('/productos/detalle/3');
    const image = await screen.findByRole('img', { name: 'Hub USB-C' });
    expect(image).toHaveAttribute('src', '/img/no-existe.png');
    fireEvent.error(image);
    expect(image).toHaveAttribute('src', '/img/placeholder.svg');
  });

  it('Añadir al carrito añade una unidad', async () => {
    const user = userEvent.setup();
    mockProduct();
    renderApp('/productos/detalle/7');
    await user.click(await screen.findByRole('button', { name: 'Añadir al carrito' }));
    expect(screen.getByTestId('cart-count')).toHaveTextContent('1');
    expect(JSON.parse(localStorage.getItem('nexbyte_cart') ?? '[]')).toEqual([
      expect.objectContaining({ id: 7, qty: 1 }),
    ]);
  });

  it('un producto con stock 0 muestra Sin stock y no se puede añadir', async () => {
    mockProduct(buildProducto({ id: 8, stock: 0 }));
    renderApp('/productos/detalle/8');
    const button = await screen.findByRole('button', { name: 'Sin stock' });
    expect(button).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Añadir al carrito' })).not.toBeInTheDocument();
  });

  it('si el producto no existe (404) muestra la alerta de peligro', async () => {
    mockCatalogApi({
      'GET /productos/:id': { status: 404, body: { message: 'Producto no encontrado.' } },
    });
    renderApp('/productos/detalle/999');
    const alert = await screen.findByText('No se pudo encontrar el producto.');
    expect(alert).toHaveClass('alert', 'alert--danger');
    expect(alert).toHaveAttribute('role', 'alert');
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver a productos' })).toBeInTheDocument();
  });

  it.each(['abc', '0', '-3', '1.5'])(
    'con el id %s no pide nada y muestra Producto no disponible.',
    async (id) => {
      const api = mockCatalogApi({});
      renderApp(`/productos/detalle/${id}`);
      const alert = await screen.findByText('Producto no disponible.');
      expect(alert).toHaveClass('alert', 'alert--warning');
      expect(api.calls).toEqual([]);
    },
  );

  it('si la respuesta llega vacía muestra Producto no disponible.', async () => {
    mockCatalogApi({ 'GET /productos/:id': { status: 204 } });
    renderApp('/productos/detalle/5');
    expect(await screen.findByText('Producto no disponible.')).toHaveClass('alert--warning');
  });

  it('muestra Cargando producto… mientras espera', async () => {
    mockCatalogApi({ 'GET /productos/:id': NEVER });
    renderApp('/productos/detalle/5');
    expect(await screen.findByText('Cargando producto…')).toHaveAttribute('role', 'status');
  });

  it('con descuento por transferencia muestra el segundo precio', async () => {
    mockCatalogApi({
      'GET /productos/:id': {
        body: buildProducto({ id: 7, nombre: 'SSD Kingston NV2 1TB', precio: 54990 }),
      },
      'GET /config': { body: buildConfig({ descuentoTransferenciaPct: 5 }) },
    });
    renderApp('/productos/detalle/7');
    await screen.findByRole('heading', { level: 1, name: 'SSD Kingston NV2 1TB' });
    // 54.990 − round(2.749,5) = 52.240
    expect(await screen.findByText('$52.240 con transferencia')).toBeInTheDocument();
  });

  it('con cuotas sin interés muestra hasta cuántas y de cuánto, junto al precio con transferencia', async () => {
    mockCatalogApi({
      'GET /productos/:id': {
        body: buildProducto({ id: 7, nombre: 'SSD Kingston NV2 1TB', precio: 54990 }),
      },
      'GET /config': {
        body: buildConfig({ descuentoTransferenciaPct: 5, cuotasSinInteresMax: 12 }),
      },
    });
    renderApp('/productos/detalle/7');
    await screen.findByRole('heading', { level: 1, name: 'SSD Kingston NV2 1TB' });
    // 54.990 / 12 = 4.582,5 → 4.583
    const installments = await screen.findByText('Hasta 12 cuotas sin interés de $4.583');
    const transfer = screen.getByText('$52.240 con transferencia');
    expect(transfer.compareDocumentPosition(installments)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
  });

  it('sin Webpay no ofrece cuotas aunque estén configuradas', async () => {
    const api = mockCatalogApi({
      'GET /productos/:id': {
        body: buildProducto({ id: 7, nombre: 'SSD Kingston NV2 1TB', precio: 54990 }),
      },
      'GET /config': {
        body: buildConfig({ metodos: ['TRANSFERENCIA'], cuotasSinInteresMax: 12 }),
      },
    });
    renderApp('/productos/detalle/7');
    await screen.findByRole('heading', { level: 1, name: 'SSD Kingston NV2 1TB' });
    await waitFor(() => expect(api.callsTo('GET', '/config')).toHaveLength(1));
    expect(screen.queryByText(/cuotas sin interés/)).toBeNull();
  });

  it('sin descuento por transferencia muestra un solo precio', async () => {
    const api = mockCatalogApi({
      'GET /productos/:id': {
        body: buildProducto({ id: 7, nombre: 'SSD Kingston NV2 1TB', precio: 54990 }),
      },
      'GET /config': { body: buildConfig({ descuentoTransferenciaPct: 0 }) },
    });
    renderApp('/productos/detalle/7');
    await screen.findByRole('heading', { level: 1, name: 'SSD Kingston NV2 1TB' });
    await waitFor(() => expect(api.callsTo('GET', '/config')).toHaveLength(1));
    expect(screen.getByText('$54.990')).toBeInTheDocument();
    expect(screen.queryByText(/con transferencia/)).toBeNull();
    expect(screen.queryByText(/cuotas sin interés/)).toBeNull();
  });
});
