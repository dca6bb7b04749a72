import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Producto } from '@nexbyte/shared';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../testing/render-app';
import {
  buildProducto,
  buildProductos,
  mockCatalogApi,
  pagedProducts,
} from '../../testing/catalog-api';
import type { MockCall, MockReply } from '../../testing/mock-api';

const RATONES = [
  buildProducto({ id: 21, nombre: 'Ratón inalámbrico Logitech M185', precio: 12990 }),
  buildProducto({ id: 22, nombre: 'Ratón gamer Razer DeathAdder', precio: 34990 }),
  buildProducto({ id: 23, nombre: 'Ratón vertical Ugreen', precio: 19990 }),
];

/** Suggestions as the API gives them: products whose name holds the text, without accents. */
function suggestionsFrom(products: Producto[], quisisteDecir: string | null = null) {
  const fold = (text: string) =>
    text
      .normalize('NFD')
      .replace(/\p{Diacritic}/gu, '')
      .toLowerCase();
  return (call: MockCall): MockReply => {
    const q = fold(call.query.get('q') ?? '');
    const productos = products.filter((p) => fold(p.nombre).includes(q)).slice(0, 8);
    return { body: { productos, quisisteDecir: productos.length ? null : quisisteDecir } };
  };
}

async function openList(url = '/productos', handlers: Parameters<typeof mockCatalogApi>[0] = {}) {
  const api = mockCatalogApi({
    'GET /productos': pagedProducts(buildProductos(3)),
    'GET /productos/sugerencias': suggestionsFrom(RATONES),
    'GET /productos/:id': ({ params }) => {
      const id = Number(params.id);
      return { body: RATONES.find((p) => p.id === id) ?? buildProducto({ id }) };
    },
    ...handlers,
  });
  const app = renderApp(url);
  await screen.findByRole('heading', { level: 1, name: 'Productos' });
  await screen.findByText(/^\d+ resultados?$/);
  return { ...app, api, user: userEvent.setup() };
}

const searchBox = () => screen.getByRole('combobox', { name: 'Buscar' });
const suggestionRequests = (api: ReturnType<typeof mockCatalogApi>) =>
  api.callsTo('GET', '/productos/sugerencias').map((call) => call.query.get('q'));

describe('Buscador con sugerencias', () => {
  it('es un combobox cerrado con su lista asociada antes de escribir', async () => {
    await openList();
    const box = searchBox();
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).toHaveAttribute('aria-autocomplete', 'list');
    expect(box).not.toHaveAttribute('aria-activedescendant');
    const listId = box.getAttribute('aria-controls');
    expect(document.getElementById(listId!)).toHaveAttribute('role', 'listbox');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('sugiere productos con nombre y precio tras una pausa, con una sola petición, y lo anuncia', async () => {
    const { api } = await openList();

    // Keys typed faster than the pause (no time passes between them here).
    act(() => {
      for (const text of ['ra', 'rat', 'rato', 'raton']) {
        fireEvent.change(searchBox(), { target: { value: text } });
      }
    });

    const list = await screen.findByRole('listbox', { name: 'Productos sugeridos' });
    const options = within(list).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'Ratón inalámbrico Logitech M185 $12.990',
      'Ratón gamer Razer DeathAdder $34.990',
      'Ratón vertical Ugreen $19.990',
    ]);
    expect(searchBox()).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText(/^3 productos sugeridos\./)).toHaveAttribute('role', 'status');
    // The keys typed within the pause ask once, for the whole text.
    expect(suggestionRequests(api)).toEqual(['raton']);
  });

  it('con menos de dos letras no pide sugerencias', async () => {
    const { api, user } = await openList();
    await user.type(searchBox(), 'r');
    await act(() => new Promise((resolve) => setTimeout(resolve, 400)));
    expect(suggestionRequests(api)).toEqual([]);
    expect(searchBox()).toHaveAttribute('aria-expanded', 'false');
  });

  it('las flechas recorren las sugerencias (dando la vuelta) y Enter abre el producto', async () => {
    const { user, router } = await openList();
    await user.type(searchBox(), 'raton');
    const list = await screen.findByRole('listbox');
    const options = within(list).getAllByRole('option');
    const highlighted = () => searchBox().getAttribute('aria-activedescendant');

    await user.keyboard('{ArrowDown}');
    expect(highlighted()).toBe(options[0]!.id);
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(highlighted()).toBe(options[2]!.id);
    await user.keyboard('{ArrowDown}');
    expect(highlighted()).toBe(options[0]!.id);
    await user.keyboard('{ArrowUp}');
    expect(highlighted()).toBe(options[2]!.id);
    expect(options[0]).toHaveAttribute('aria-selected', 'false');
    expect(searchBox()).toHaveFocus();

    await user.keyboard('{ArrowUp}{Enter}');

    await waitFor(() => expect(router.state.location.pathname).toBe('/productos/detalle/22'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Ratón gamer Razer DeathAdder' }),
    ).toBeInTheDocument();
  });

  it('Enter sin sugerencia elegida filtra la lista al momento y cierra las sugerencias', async () => {
    const { user, router, api } = await openList();
    await user.type(searchBox(), 'raton');
    await screen.findByRole('listbox');

    await user.keyboard('{Enter}');

    expect(router.state.location.pathname).toBe('/productos');
    expect(router.state.location.search).toBe('?q=raton');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(searchBox()).toHaveAttribute('aria-expanded', 'false');
    await waitFor(() =>
      expect(api.callsTo('GET', '/productos').at(-1)?.query.get('q')).toBe('raton'),
    );
  });

  it('Escape cierra las sugerencias y, cerradas, borra la búsqueda', async () => {
    const { user, router } = await openList('/productos?q=raton');
    expect(searchBox()).toHaveValue('raton');
    await user.type(searchBox(), ' vertical');
    await waitFor(() =>
      expect(within(screen.getByRole('listbox')).getAllByRole('option')).toHaveLength(1),
    );

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(searchBox()).toHaveValue('raton vertical');

    // ArrowDown opens them again on the first one.
    await user.keyboard('{ArrowDown}');
    expect(searchBox()).toHaveAttribute(
      'aria-activedescendant',
      within(screen.getByRole('listbox')).getAllByRole('option')[0]!.id,
    );
    await user.keyboard('{Escape}{Escape}');

    expect(searchBox()).toHaveValue('');
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('un clic en una sugerencia abre el producto', async () => {
    const { user, router } = await openList();
    await user.type(searchBox(), 'vertical');
    await user.click(await screen.findByRole('option', { name: /Ratón vertical Ugreen/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/productos/detalle/23'));
  });

  it('Tab sale del buscador y cierra las sugerencias', async () => {
    const { user } = await openList();
    await user.type(searchBox(), 'raton');
    await screen.findByRole('listbox');
    await user.tab();
    expect(screen.getByRole('combobox', { name: 'Categoría' })).toHaveFocus();
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(searchBox()).toHaveAttribute('aria-expanded', 'false');
  });

  it('si las sugerencias fallan, el buscador y la lista siguen funcionando', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { user, router, api } = await openList('/productos', {
      'GET /productos/sugerencias': { status: 500, body: { message: 'Error interno.' } },
    });

    await user.type(searchBox(), 'raton');

    await waitFor(() => expect(warn).toHaveBeenCalledTimes(1));
    expect(warn.mock.calls[0]![0]).toBe('No se pudieron cargar las sugerencias:');
    await waitFor(() => expect(router.state.location.search).toBe('?q=raton'));
    await waitFor(() =>
      expect(api.callsTo('GET', '/productos').at(-1)?.query.get('q')).toBe('raton'),
    );
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(screen.queryByText('Buscando sugerencias…')).not.toBeInTheDocument();
    expect(await screen.findByText('3 resultados')).toBeInTheDocument();
    // Not retried: the next key asks again.
    expect(suggestionRequests(api)).toEqual(['raton']);
  });
});

describe('¿Quisiste decir …?', () => {
  it('bajo la lista vacía propone el término cercano y al seguirlo lo busca', async () => {
    const { user, router } = await openList('/productos?q=mecanco&categoria=Perif%C3%A9ricos', {
      'GET /productos': (call) =>
        pagedProducts(
          call.query.get('q') === 'mecánico'
            ? [buildProducto({ id: 31, nombre: 'Teclado mecánico Redragon Kumara' })]
            : [],
        )(call),
      'GET /productos/sugerencias': suggestionsFrom([], 'mecánico'),
    });
    expect(screen.getByText('No se encontraron productos con esos filtros.')).toBeInTheDocument();
    const link = await screen.findByRole('link', { name: 'mecánico' });
    expect(link.closest('p')).toHaveTextContent('¿Quisiste decir mecánico?');
    expect(link).toHaveAttribute('href', '/productos?q=mec%C3%A1nico&categoria=Perif%C3%A9ricos');

    await user.click(link);

    expect(new URLSearchParams(router.state.location.search).get('q')).toBe('mecánico');
    expect(await screen.findByText('1 resultado')).toBeInTheDocument();
    expect(searchBox()).toHaveValue('mecánico');
    expect(searchBox()).toHaveFocus();
    expect(screen.queryByText(/Quisiste decir/)).not.toBeInTheDocument();
  });

  it('sin término cercano deja solo el mensaje de lista vacía', async () => {
    const { api } = await openList('/productos?q=zzzz', {
      'GET /productos': pagedProducts([]),
      'GET /productos/sugerencias': suggestionsFrom([], null),
    });
    expect(screen.getByText('No se encontraron productos con esos filtros.')).toBeInTheDocument();
    await waitFor(() => expect(suggestionRequests(api)).toEqual(['zzzz']));
    expect(screen.queryByText(/Quisiste decir/)).not.toBeInTheDocument();
  });
});

describe('Orden con búsqueda', () => {
  const ordenSelect = () => screen.getByRole('combobox', { name: 'Ordenar por' });
  const ordenLabels = () =>
    within(ordenSelect())
      .getAllByRole('option')
      .map((o) => o.textContent);

  it('con texto ofrece Más relevantes, elegido por defecto; sin texto no lo ofrece', async () => {
    const { api, user, router } = await openList('/productos?q=raton');
    expect(ordenLabels()).toEqual([
      'Más relevantes',
      'Más recientes',
      'Precio: menor a mayor',
      'Precio: mayor a menor',
    ]);
    expect(ordenSelect()).toHaveValue('relevancia');
    expect(api.callsTo('GET', '/productos')[0]?.query.get('orden')).toBe('relevancia');

    // Most recent is no longer the default with a text: it has to be written down.
    await user.selectOptions(ordenSelect(), 'recientes');
    expect(router.state.location.search).toBe('?q=raton&orden=recientes');
    await user.selectOptions(ordenSelect(), 'relevancia');
    expect(router.state.location.search).toBe('?q=raton');

    await user.clear(searchBox());
    await waitFor(() =>
      expect(ordenLabels()).toEqual([
        'Más recientes',
        'Precio: menor a mayor',
        'Precio: mayor a menor',
      ]),
    );
    expect(router.state.location.search).toBe('');
    expect(ordenSelect()).toHaveValue('recientes');
  });

  it('relevancia en la dirección sin texto se lee como Más recientes', async () => {
    const { api } = await openList('/productos?orden=relevancia');
    expect(ordenSelect()).toHaveValue('recientes');
    expect(api.callsTo('GET', '/productos')[0]?.query.get('orden')).toBe('recientes');
  });
});
