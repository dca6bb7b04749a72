import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Producto } from '@nexbyte/shared';
import { describe, expect, it, vi } from 'vitest';
import {
  buildProduct,
  findHeading,
  mockApi,
  pagedReply,
  type ApiCall,
  type ApiHandlers,
} from '../../../testing/admin-api';
import { renderAsAdmin } from '../../testing/render-app';

const PRODUCTS = [
  buildProduct({ id: 12, nombre: 'Mouse Logitech G203', precio: 19990, stock: 35 }),
  buildProduct({
    id: 13,
    nombre: 'SSD Kingston 1TB',
    precio: 54990.5,
    stock: 5,
    categoria: { id: 1, nombre: 'Almacenamiento' },
  }),
  buildProduct({ id: 14, nombre: 'Teclado Redragon Kumara', stock: 6 }),
  buildProduct({ id: 15, nombre: 'Notebook Acer Aspire 5', stock: 0, activo: false }),
];

const rowOf = (name: string) => screen.getByRole('row', { name: new RegExp(name) });

/** What the API does with q and estado, roughly: name or category, without accents; then a page. */
function listAsApi(products: readonly Producto[]) {
  const fold = (text: string) =>
    text
      .normalize('NFD')
      .replace(/\p{Diacritic}/gu, '')
      .toLowerCase();
  return (body: unknown, call: ApiCall) => {
    const q = fold(call.query.get('q') ?? '');
    const estado = call.query.get('estado') ?? 'todos';
    const matches = products.filter(
      (p) =>
        (estado === 'todos' || p.activo === (estado === 'activos')) &&
        (fold(p.nombre).includes(q) || fold(p.categoria.nombre).includes(q)),
    );
    return pagedReply(matches)(body, call);
  };
}

/** A stand-in API that remembers activations, as the real one does. */
async function openTable(handlers: ApiHandlers = {}) {
  let products = PRODUCTS;
  const setActive = (id: number, activo: boolean) => () => {
    products = products.map((p) => (p.id === id ? { ...p, activo } : p));
    return { body: products.find((p) => p.id === id) };
  };
  const api = mockApi({
    'GET /productos': (body, call) => listAsApi(products)(body, call),
    'PATCH /productos/12/desactivar': setActive(12, false),
    'PATCH /productos/15/activar': setActive(15, true),
    ...handlers,
  });
  const app = renderAsAdmin('/admin/productos');
  await findHeading('Productos');
  await screen.findByRole('table', { name: 'Productos' });
  return { ...api, ...app, user: userEvent.setup() };
}

describe('tabla de productos de la administración', () => {
  it('muestra ID, nombre, categoría, precio en pesos, stock, estado y acciones', async () => {
    const { calls } = await openTable();
    const headers = screen.getAllByRole('columnheader').map((th) => th.textContent);
    expect(headers).toEqual(['ID', 'Nombre', 'Categoría', 'Precio', 'Stock', 'Estado', 'Acciones']);
    const ssd = rowOf('SSD Kingston 1TB');
    expect(within(ssd).getByText('13')).toBeInTheDocument();
    expect(within(ssd).getByText('Almacenamiento')).toBeInTheDocument();
    expect(within(ssd).getByText('$54.991')).toBeInTheDocument();
    expect(within(ssd).getByText('Activo')).toBeInTheDocument();
    expect(within(rowOf('Notebook Acer')).getByText('Inactivo')).toBeInTheDocument();
    // The admin's token asks the API for the first page of the whole catalogue, inactive
    // products included (no estado).
    expect(calls[0]).toMatchObject({ path: '/productos', authorization: 'Bearer token-de-prueba' });
    expect(Object.fromEntries(calls[0]!.query)).toEqual({ pagina: '1', limite: '50' });
    expect(screen.getByText('4 productos')).toHaveAttribute('role', 'status');
  });

  it('marca el stock bajo con 5 o menos, y no con 6', async () => {
    await openTable();
    expect(within(rowOf('SSD Kingston')).getByText('Stock bajo')).toBeInTheDocument();
    expect(within(rowOf('Teclado Redragon')).queryByText('Stock bajo')).not.toBeInTheDocument();
    expect(within(rowOf('Mouse Logitech')).queryByText('Stock bajo')).not.toBeInTheDocument();
    expect(within(rowOf('Notebook Acer')).getByText('Sin stock')).toBeInTheDocument();
  });

  it("cada fila tiene 'Edit'; 'Desactivar' solo las activas y 'Activar' las inactivas", async () => {
    await openTable();
    const mouse = rowOf('Mouse Logitech');
    expect(
      within(mouse).getByRole('link', { name: 'Edit Mouse Logitech G203 (ID 12)' }),
    ).toHaveAttribute('href', '/admin/productos/editar/12');
    expect(
      within(mouse).getByRole('button', { name: 'Desactivar Mouse Logitech G203 (ID 12)' }),
    ).toBeInTheDocument();
    const notebook = rowOf('Notebook Acer');
    expect(within(notebook).queryByRole('button', { name: /^Desactivar/ })).not.toBeInTheDocument();
    expect(within(notebook).getByRole('button', { name: /^Activar/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Nuevo producto' })).toHaveAttribute(
      'href',
      '/admin/productos/nuevo',
    );
  });

  it('desactiva tras confirmar en un diálogo nativo y la fila pasa a Inactivo', async () => {
    const { user, callsTo } = await openTable();
    const toggle = within(rowOf('Mouse Logitech')).getByRole('button', { name: /^Desactivar/ });

    await user.click(toggle);

    const dialog = screen.getByRole('alertdialog', { name: 'Desactivar producto' });
    expect(dialog.tagName).toBe('DIALOG');
    expect(dialog).toHaveAttribute('open');
    expect(
      within(dialog).getByText('¿Estás seguro de que quieres desactivar el producto ID 12?'),
    ).toBeInTheDocument();
    // Focus on 'Cancelar' when it opens is checked in a real browser (e2e/admin.spec.ts).
    expect(callsTo('PATCH', '/productos/12/desactivar')).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Desactivar' }));

    expect(await within(rowOf('Mouse Logitech')).findByText('Inactivo')).toBeInTheDocument();
    expect(callsTo('PATCH', '/productos/12/desactivar')).toHaveLength(1);
    expect(dialog).not.toHaveAttribute('open');
    expect(screen.getByText('Mouse Logitech G203 ya no se muestra en la tienda.')).toBeVisible();
    // The same button now offers the undo, so focus has somewhere to come back to.
    expect(toggle).toHaveAccessibleName('Activar Mouse Logitech G203 (ID 12)');
  });

  it('Cancelar cierra la confirmación sin desactivar nada', async () => {
    const { user, calls } = await openTable();
    await user.click(within(rowOf('Mouse Logitech')).getByRole('button', { name: /^Desactivar/ }));
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });

  it('si la desactivación falla muestra el mensaje de la especificación con el del servidor', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { user } = await openTable({
      'PATCH /productos/12/desactivar': {
        status: 500,
        body: { message: 'Ocurrió un error inesperado.' },
      },
    });
    await user.click(within(rowOf('Mouse Logitech')).getByRole('button', { name: /^Desactivar/ }));
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Desactivar' }),
    );

    expect(
      await screen.findByText(
        'Error al desactivar el producto ID 12. Ocurrió un error inesperado.',
      ),
    ).toBeInTheDocument();
    expect(within(rowOf('Mouse Logitech')).getByText('Activo')).toBeInTheDocument();
    expect(warn).toHaveBeenCalled();
  });

  it('Activar vuelve a poner a la venta un producto inactivo, sin confirmación', async () => {
    const { user, callsTo } = await openTable();
    await user.click(within(rowOf('Notebook Acer')).getByRole('button', { name: /^Activar/ }));
    expect(await within(rowOf('Notebook Acer')).findByText('Activo')).toBeInTheDocument();
    expect(callsTo('PATCH', '/productos/15/activar')).toHaveLength(1);
    expect(
      screen.getByText('Notebook Acer Aspire 5 vuelve a mostrarse en la tienda.'),
    ).toBeVisible();
  });

  it('busca y filtra por estado en el servidor, tras una pausa', { timeout: 20_000 }, async () => {
    const { user, router, callsTo } = await openTable();
    const search = screen.getByRole('searchbox', { name: 'Buscar' });

    await user.type(search, 'perifericos');

    await waitFor(() => expect(router.state.location.search).toBe('?q=perifericos'));
    expect(await screen.findByText('3 productos')).toBeInTheDocument();
    expect(screen.getAllByRole('row')).toHaveLength(1 + 3);
    // The search goes to the server, from its first page.
    const searches = callsTo('GET', '/productos').filter((c) => c.query.has('q'));
    expect(Object.fromEntries(searches.at(-1)!.query)).toEqual({
      pagina: '1',
      limite: '50',
      q: 'perifericos',
    });

    await user.clear(search);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Estado' }), 'Inactivos');
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(2));
    expect(rowOf('Notebook Acer')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe('?estado=inactivos'));
    expect(callsTo('GET', '/productos').at(-1)?.query.get('estado')).toBe('inactivos');

    await user.type(search, 'mouse');
    expect(
      await screen.findByText('Ningún producto coincide con la búsqueda.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('pagina en el servidor con la página en la dirección; una búsqueda vuelve a la primera', async () => {
    const many = Array.from({ length: 60 }, (_, i) =>
      buildProduct({ id: 100 + i, nombre: `Cable HDMI ${100 + i}` }),
    );
    const { callsTo } = mockApi({ 'GET /productos': listAsApi(many) });
    const { router } = renderAsAdmin('/admin/productos?pagina=2');
    await findHeading('Productos');
    await screen.findByRole('table', { name: 'Productos' });
    const pager = screen.getByRole('navigation', { name: 'Páginas de productos' });
    expect(pager).toHaveTextContent('Página 2 de 2');
    expect(screen.getAllByRole('row')).toHaveLength(1 + 10);
    expect(screen.getByText('60 productos')).toBeInTheDocument();
    expect(callsTo('GET', '/productos')[0]?.query.get('pagina')).toBe('2');

    const user = userEvent.setup();
    await user.type(screen.getByRole('searchbox', { name: 'Buscar' }), 'hdmi');

    await waitFor(() => expect(router.state.location.search).toBe('?q=hdmi'));
    await waitFor(() => expect(within(pager).getByText('Página 1 de 2')).toBeInTheDocument());
    expect(Object.fromEntries(callsTo('GET', '/productos').at(-1)!.query)).toMatchObject({
      q: 'hdmi',
      pagina: '1',
    });
  });

  it('salir del buscador aplica la búsqueda al momento, así no deshace después otra navegación', async () => {
    const { router } = await openTable();
    const search = screen.getByRole('searchbox', { name: 'Buscar' });
    fireEvent.change(search, { target: { value: 'mouse' } });
    expect(router.state.location.search).toBe('');
    fireEvent.blur(search);
    expect(router.state.location.search).toBe('?q=mouse');
  });

  it("si la lista no carga muestra 'No se pudieron cargar los productos.' y permite reintentar", async () => {
    let fail = true;
    mockApi({
      'GET /productos': () =>
        fail
          ? { status: 404, body: { message: 'Recurso no encontrado.' } }
          : { body: PRODUCTS, headers: { 'X-Total-Count': '4' } },
    });
    renderAsAdmin('/admin/productos');
    expect(await screen.findByText('No se pudieron cargar los productos.')).toHaveAttribute(
      'role',
      'alert',
    );
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('table', { name: 'Productos' })).toBeInTheDocument();
  });
});
