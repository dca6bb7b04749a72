import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PRODUCT_LIST_PAGE_SIZE } from '../../features/catalog/api/get-products';
import { renderApp } from '../testing/render-app';
import {
  buildProducto,
  buildProductos,
  mockCatalogApi,
  pagedProducts,
} from '../../testing/catalog-api';
import { NETWORK_ERROR } from '../../testing/mock-api';
import { buildConfig } from '../../testing/order-fixtures';

async function renderList(url = '/productos') {
  const app = renderApp(url);
  await screen.findByRole('heading', { level: 1, name: 'Productos' });
  return app;
}

const count = () => screen.getByText(/resultados?$/, { selector: '.catalog-count' });

afterEach(() => {
  vi.useRealTimers();
});

describe('Lista de productos', () => {
  it('muestra Cargando productos… y luego la cantidad de resultados en plural', async () => {
    mockCatalogApi({ 'GET /productos': pagedProducts(buildProductos(3)) });
    await renderList();
    expect(screen.getByText('Cargando productos…')).toHaveAttribute('role', 'status');
    expect(await screen.findByText('3 resultados')).toHaveAttribute('role', 'status');
    expect(screen.getAllByRole('article')).toHaveLength(3);
  });

  it('cada tarjeta muestra el precio con transferencia cuando la tienda lo da', async () => {
    mockCatalogApi({
      'GET /productos': pagedProducts([buildProducto({ precio: 19990 })]),
      'GET /config': { body: buildConfig({ descuentoTransferenciaPct: 10 }) },
    });
    await renderList();
    const card = (await screen.findAllByRole('article'))[0]!;
    expect(await within(card).findByText('$17.991 con transferencia')).toBeInTheDocument();
    expect(within(card).getByText('$19.990')).toBeInTheDocument();
  });

  it('cada tarjeta muestra hasta cuántas cuotas sin interés y de cuánto, redondeadas al peso hacia arriba', async () => {
    mockCatalogApi({
      'GET /productos': pagedProducts([buildProducto({ precio: 19990 })]),
      'GET /config': {
        body: buildConfig({ descuentoTransferenciaPct: 10, cuotasSinInteresMax: 6 }),
      },
    });
    await renderList();
    const card = (await screen.findAllByRole('article'))[0]!;
    // 19.990 / 6 = 3.331,67 → 3.332
    const installments = await within(card).findByText('Hasta 6 cuotas sin interés de $3.332');
    // Under the transfer price, as the shop's two other ways to pay read.
    const transfer = within(card).getByText('$17.991 con transferencia');
    expect(transfer.compareDocumentPosition(installments)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
  });

  it.each([
    ['sin cuotas configuradas', { cuotasSinInteresMax: 0 }],
    ['sin Webpay', { cuotasSinInteresMax: 12, metodos: ['TRANSFERENCIA' as const] }],
  ])('%s la tarjeta no menciona cuotas', async (_case, pagos) => {
    const api = mockCatalogApi({
      'GET /productos': pagedProducts([buildProducto({ precio: 19990 })]),
      'GET /config': { body: buildConfig(pagos) },
    });
    await renderList();
    await screen.findAllByRole('article');
    await waitFor(() => expect(api.callsTo('GET', '/config')).toHaveLength(1));
    expect(screen.getByText('$19.990')).toBeInTheDocument();
    expect(screen.queryByText(/cuotas sin interés/)).toBeNull();
  });

  it('con un solo resultado dice 1 resultado', async () => {
    mockCatalogApi({ 'GET /productos': pagedProducts([buildProducto()]) });
    await renderList();
    expect(await screen.findByText('1 resultado')).toBeInTheDocument();
  });

  it('sin coincidencias muestra No se encontraron productos con esos filtros.', async () => {
    mockCatalogApi({ 'GET /productos': pagedProducts([]) });
    await renderList('/productos?q=nada');
    expect(
      await screen.findByText('No se encontraron productos con esos filtros.'),
    ).toBeInTheDocument();
    expect(count()).toHaveTextContent('0 resultados');
  });

  it('una tienda sin productos, sin filtros, dice que el catálogo viene en camino', async () => {
    mockCatalogApi({ 'GET /productos': pagedProducts([]) });
    await renderList();
    expect(await screen.findByText('Aún no hay productos a la venta.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Solicitar soporte técnico' })).toHaveAttribute(
      'href',
      '/soporte',
    );
    expect(screen.queryByText('No se encontraron productos con esos filtros.')).toBeNull();
  });

  it('si el servidor no responde, tras reintentar muestra No se pudieron cargar los productos.', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const consoleError = vi.mocked(console.error).mockImplementation(() => {});
    const api = mockCatalogApi({
      'GET /productos': NETWORK_ERROR,
    });
    await renderList();
    await act(() => vi.advanceTimersByTimeAsync(10_000));

    expect(await screen.findByText('No se pudieron cargar los productos.')).toHaveClass(
      'alert--danger',
    );
    expect(api.callsTo('GET', '/productos')).toHaveLength(3);
    expect(consoleError).toHaveBeenCalledWith(
      'No se pudieron cargar los productos:',
      expect.objectContaining({ status: 0 }),
    );
  });

  it('cada tarjeta tiene imagen, nombre con enlace, categoría, precio y aviso de pocas unidades', async () => {
    mockCatalogApi({
      'GET /productos': pagedProducts([
        buildProducto({ id: 5, nombre: 'Teclado Redragon Kumara', precio: 32990, stock: 3 }),
      ]),
    });
    await renderList();
    const card = await screen.findByRole('article');
    expect(within(card).getByRole('img', { name: 'Teclado Redragon Kumara' })).toHaveAttribute(
      'width',
      '400',
    );
    expect(within(card).getByRole('link', { name: 'Teclado Redragon Kumara' })).toHaveAttribute(
      'href',
      '/productos/detalle/5',
    );
    expect(within(card).getByText('Periféricos')).toBeInTheDocument();
    expect(within(card).getByText('$32.990')).toBeInTheDocument();
    expect(within(card).getByText('¡Últimas 3 unidades!')).toBeInTheDocument();
  });

  it('lee los filtros de la dirección, los muestra y los envía a GET /productos', async () => {
    const api = mockCatalogApi({ 'GET /productos': pagedProducts([buildProducto()]) });
    await renderList(
      '/productos?q=mouse&categoria=Perif%C3%A9ricos&min=10000&max=abc&orden=precio_asc',
    );
    await screen.findByText('1 resultado');

    const call = api.callsTo('GET', '/productos')[0]!;
    expect(Object.fromEntries(call.query)).toEqual({
      q: 'mouse',
      categoria: 'Periféricos',
      min: '10000',
      orden: 'precio_asc',
      pagina: '1',
      limite: String(PRODUCT_LIST_PAGE_SIZE),
      // Only what customers may buy, also when an admin browses the shop.
      estado: 'activos',
    });
    expect(screen.getByRole('combobox', { name: 'Buscar' })).toHaveValue('mouse');
    expect(await screen.findByRole('option', { name: 'Periféricos' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Categoría' })).toHaveValue('Periféricos');
    expect(screen.getByRole('spinbutton', { name: 'Precio mínimo' })).toHaveValue(10000);
    expect(screen.getByRole('spinbutton', { name: 'Precio máximo' })).toHaveValue(null);
    expect(screen.getByRole('combobox', { name: 'Ordenar por' })).toHaveValue('precio_asc');
  });

  it('ofrece todas más las categorías y los tres órdenes, Más recientes por defecto', async () => {
    mockCatalogApi({ 'GET /productos': pagedProducts([]) });
    await renderList();
    const categoria = screen.getByRole('combobox', { name: 'Categoría' });
    await within(categoria).findByRole('option', { name: 'Componentes' });
    expect(
      within(categoria)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['todas', 'Periféricos', 'Componentes', 'Almacenamiento']);
    expect(categoria).toHaveValue('');
    const orden = screen.getByRole('combobox', { name: 'Ordenar por' });
    expect(
      within(orden)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Más recientes', 'Precio: menor a mayor', 'Precio: mayor a menor']);
    expect(orden).toHaveValue('recientes');
  });

  it('una categoría escrita en otra forma en la dirección se muestra elegida', async () => {
    mockCatalogApi({ 'GET /productos': pagedProducts([]) });
    await renderList('/productos?categoria=almacenamiento');
    const categoria = screen.getByRole('combobox', { name: 'Categoría' });
    await waitFor(() => expect(categoria).toHaveValue('Almacenamiento'));
    expect(within(categoria).getAllByRole('option')).toHaveLength(4);
  });

  it('la búsqueda se guarda en la dirección tras una pausa al escribir', async () => {
    const user = userEvent.setup();
    const api = mockCatalogApi({ 'GET /productos': pagedProducts(buildProductos(2)) });
    const { router } = await renderList();
    await screen.findByText('2 resultados');

    await user.type(screen.getByRole('combobox', { name: 'Buscar' }), 'ssd kingston');

    await waitFor(() => expect(router.state.location.search).toBe('?q=ssd+kingston'));
    await waitFor(() =>
      expect(api.callsTo('GET', '/productos').at(-1)?.query.get('q')).toBe('ssd kingston'),
    );
    // Only the pause sends a request, not every key.
    expect(api.callsTo('GET', '/productos')).toHaveLength(2);
    expect(screen.getByRole('combobox', { name: 'Buscar' })).toHaveValue('ssd kingston');
  });

  it('categoría, precios y orden cambian la dirección; Limpiar filtros los quita todos', async () => {
    const user = userEvent.setup();
    const api = mockCatalogApi({ 'GET /productos': pagedProducts(buildProductos(2)) });
    const { router } = await renderList('/productos?q=mouse');
    await screen.findByText('2 resultados');
    await screen.findByRole('option', { name: 'Componentes' });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Categoría' }), 'Componentes');
    await user.type(screen.getByRole('spinbutton', { name: 'Precio mínimo' }), '5000');
    await user.type(screen.getByRole('spinbutton', { name: 'Precio máximo' }), '90000');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Ordenar por' }), 'precio_desc');

    await waitFor(() => {
      const params = new URLSearchParams(router.state.location.search);
      expect(Object.fromEntries(params)).toEqual({
        q: 'mouse',
        categoria: 'Componentes',
        min: '5000',
        max: '90000',
        orden: 'precio_desc',
      });
    });
    await waitFor(() =>
      expect(api.callsTo('GET', '/productos').at(-1)?.query.get('max')).toBe('90000'),
    );

    await user.click(screen.getByRole('button', { name: 'Limpiar filtros' }));

    expect(router.state.location.search).toBe('');
    expect(screen.getByRole('combobox', { name: 'Buscar' })).toHaveValue('');
    expect(screen.getByRole('combobox', { name: 'Categoría' })).toHaveValue('');
    expect(screen.getByRole('spinbutton', { name: 'Precio mínimo' })).toHaveValue(null);
    expect(screen.getByRole('spinbutton', { name: 'Precio máximo' })).toHaveValue(null);
    expect(screen.getByRole('combobox', { name: 'Ordenar por' })).toHaveValue('recientes');
    await waitFor(() =>
      expect([...(api.callsTo('GET', '/productos').at(-1)?.query.keys() ?? [])]).toEqual([
        'orden',
        'pagina',
        'limite',
        'estado',
      ]),
    );
  });

  it('dos filtros cambiados sin pausa entre ellos quedan ambos en la dirección', async () => {
    mockCatalogApi({ 'GET /productos': pagedProducts(buildProductos(2)) });
    const { router } = await renderList();
    await screen.findByText('2 resultados');
    await screen.findByRole('option', { name: 'Componentes' });

    // The second change comes before the first one is rendered.
    act(() => {
      fireEvent.change(screen.getByRole('combobox', { name: 'Categoría' }), {
        target: { value: 'Componentes' },
      });
      fireEvent.change(screen.getByRole('combobox', { name: 'Ordenar por' }), {
        target: { value: 'precio_asc' },
      });
    });

    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      categoria: 'Componentes',
      orden: 'precio_asc',
    });
  });

  it('salir de la búsqueda o de un precio los aplica al momento, sin esperar la pausa', async () => {
    mockCatalogApi({ 'GET /productos': pagedProducts(buildProductos(2)) });
    const { router } = await renderList();
    await screen.findByText('2 resultados');
    const min = screen.getByRole('spinbutton', { name: 'Precio mínimo' });
    const search = screen.getByRole('combobox', { name: 'Buscar' });

    fireEvent.change(min, { target: { value: '5000' } });
    fireEvent.change(search, { target: { value: 'ssd' } });
    expect(router.state.location.search).toBe('');
    fireEvent.blur(min);
    fireEvent.blur(search);

    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      min: '5000',
      q: 'ssd',
    });
  });

  it('un precio que no es un número se ignora', async () => {
    const api = mockCatalogApi({ 'GET /productos': pagedProducts(buildProductos(2)) });
    const { router } = await renderList();
    await screen.findByText('2 resultados');

    fireEvent.change(screen.getByRole('spinbutton', { name: 'Precio mínimo' }), {
      target: { value: '-5' },
    });
    await act(() => new Promise((resolve) => setTimeout(resolve, 400)));

    expect(router.state.location.search).toBe('');
    expect(api.callsTo('GET', '/productos')).toHaveLength(1);
  });

  it('mientras cargan los nuevos filtros deja visibles los resultados anteriores', async () => {
    const user = userEvent.setup();
    let release: () => void = () => {};
    mockCatalogApi({
      'GET /productos': async (call) => {
        if (call.query.get('orden') === 'precio_desc') {
          await new Promise<void>((resolve) => (release = resolve));
          return {
            body: [buildProducto({ id: 9, nombre: 'Monitor LG' })],
            headers: { 'X-Total-Count': '1' },
          };
        }
        return pagedProducts(buildProductos(2))(call);
      },
    });
    await renderList();
    await screen.findByText('2 resultados');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Ordenar por' }), 'precio_desc');

    expect(screen.getAllByRole('article')).toHaveLength(2);
    expect(screen.getByRole('list', { busy: true })).toBeInTheDocument();
    act(() => release());
    expect(await screen.findByText('1 resultado')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Monitor LG' })).toBeInTheDocument();
  });

  it(
    'con más de 24 resultados ofrece Cargar más y suma la página siguiente',
    {
      timeout: 20_000,
    },
    async () => {
      const user = userEvent.setup();
      mockCatalogApi({ 'GET /productos': pagedProducts(buildProductos(30)) });
      await renderList();
      expect(await screen.findByText('30 resultados')).toBeInTheDocument();
      expect(screen.getAllByRole('article')).toHaveLength(24);
      expect(screen.getByText('Mostrando 24 de 30')).toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: 'Cargar más' }));

      await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(30));
      expect(screen.queryByRole('button', { name: 'Cargar más' })).not.toBeInTheDocument();
    },
  );

  it('Añadir al carrito suma una unidad y un producto sin stock no se puede añadir', async () => {
    const user = userEvent.setup();
    mockCatalogApi({
      'GET /productos': pagedProducts([
        buildProducto({ id: 1, nombre: 'Mouse Logitech G203', stock: 10 }),
        buildProducto({ id: 2, nombre: 'Webcam Logitech C920', stock: 0 }),
      ]),
    });
    await renderList();
    await screen.findByText('2 resultados');

    const add = screen.getByRole('button', { name: 'Añadir al carrito Mouse Logitech G203' });
    await user.click(add);
    await user.click(add);

    expect(screen.getByTestId('cart-count')).toHaveTextContent('2');
    expect(JSON.parse(localStorage.getItem('nexbyte_cart') ?? '[]')).toEqual([
      expect.objectContaining({ id: 1, nombre: 'Mouse Logitech G203', precio: 19990, qty: 2 }),
    ]);
    expect(screen.getAllByText('Añadido al carrito')[0]).toBeInTheDocument();

    const soldOut = screen.getByRole('button', { name: 'Sin stock Webcam Logitech C920' });
    expect(soldOut).toBeDisabled();
  });
});
