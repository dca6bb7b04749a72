import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { LOCAL_KEYS } from '../../lib/storage';
import { renderApp } from '../testing/render-app';
import {
  buildProducto,
  buildProductos,
  CATEGORIAS,
  mockCatalogApi,
  pagedProducts,
} from '../../testing/catalog-api';

// 'Comparar': the choice on the cards, the tray, the messages, and /comparar's table.

afterEach(() => localStorage.clear());

const stored = () =>
  JSON.parse(localStorage.getItem(LOCAL_KEYS.compare) ?? '[]') as { id: number }[];
const otherCategory = CATEGORIAS[1]!;

async function openList() {
  const products = [
    ...buildProductos(5),
    buildProducto({ id: 9, nombre: 'Monitor AOC 24', categoria: otherCategory }),
  ];
  const api = mockCatalogApi({ 'GET /productos': pagedProducts(products) });
  const app = renderApp('/productos');
  await screen.findByText('6 resultados');
  return { ...api, ...app, user: userEvent.setup() };
}

const compareButton = (name: string) =>
  screen.getByRole('button', { name: new RegExp(`^(Comparar|Quitar de comparar) ${name}$`) });

describe('Comparar desde las tarjetas', () => {
  it('marca productos, los guarda en el navegador y la bandeja lleva a /comparar', async () => {
    const { user, router } = await openList();
    await user.click(compareButton('Producto 1'));
    await user.click(compareButton('Producto 2'));
    expect(compareButton('Producto 1')).toHaveAttribute('aria-pressed', 'true');
    const tray = screen.getByRole('complementary', { name: 'Comparación' });
    expect(tray).toHaveTextContent('2 productos para comparar');
    expect(stored().map((p) => p.id)).toEqual([1, 2]);

    await user.click(compareButton('Producto 1'));
    expect(stored().map((p) => p.id)).toEqual([2]);
    expect(tray).toHaveTextContent('1 producto para comparar');

    await user.click(within(tray).getByRole('link', { name: 'Comparar (1)' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/comparar'));
  });

  it('un quinto producto o uno de otra categoría se rechazan con un mensaje claro', async () => {
    const { user } = await openList();
    for (const n of [1, 2, 3, 4]) await user.click(compareButton(`Producto ${n}`));
    await user.click(compareButton('Producto 5'));
    expect(
      await screen.findByText('Puedes comparar hasta 4 productos. Quita uno para agregar otro.'),
    ).toBeInTheDocument();
    await user.click(compareButton('Monitor AOC 24'));
    expect(
      await screen.findByText(
        `Solo se comparan productos de una misma categoría: tu comparación es de ${CATEGORIAS[0]!.nombre}. Vacíala para comparar ${otherCategory.nombre}.`,
      ),
    ).toBeInTheDocument();
    expect(stored().map((p) => p.id)).toEqual([1, 2, 3, 4]);
    await user.click(screen.getByRole('button', { name: 'Vaciar' }));
    expect(stored()).toEqual([]);
    expect(screen.queryByRole('complementary', { name: 'Comparación' })).not.toBeInTheDocument();
  });
});

describe('/comparar', () => {
  const a = buildProducto({
    id: 1,
    nombre: 'Procesador A',
    precio: 100000,
    marca: 'AMD',
    componente: {
      tipo: 'PROCESADOR',
      socket: 'AM5',
      nucleos: 6,
      tdpW: 88,
      graficosIntegrados: true,
    },
    especificaciones: [{ nombre: 'Núcleos', valor: '6' }],
  });
  const b = buildProducto({
    id: 2,
    nombre: 'Procesador B',
    precio: 150000,
    marca: 'AMD',
    componente: {
      tipo: 'PROCESADOR',
      socket: 'AM5',
      nucleos: 8,
      tdpW: 120,
      graficosIntegrados: true,
    },
    especificaciones: [],
  });

  const choose = (...products: (typeof a)[]) =>
    localStorage.setItem(
      LOCAL_KEYS.compare,
      JSON.stringify(products.map(({ id, nombre, categoria }) => ({ id, nombre, categoria }))),
    );

  it('muestra los productos lado a lado, resalta las filas distintas y permite quitar', async () => {
    choose(a, b);
    mockCatalogApi({ 'GET /productos/1': { body: a }, 'GET /productos/2': { body: b } });
    renderApp('/comparar');
    const table = await screen.findByRole('table', { name: 'Comparación de 2 productos' });
    const row = (label: RegExp) =>
      within(table).getByRole('rowheader', { name: label }).closest('tr')!;
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Procesador AQuitar Procesador A', 'Procesador BQuitar Procesador B']);
    expect(row(/^Precio/)).toHaveClass('compare-table__row--differs');
    expect(row(/^Precio/)).toHaveTextContent('$100.000$150.000');
    expect(row(/^Marca/)).not.toHaveClass('compare-table__row--differs');
    expect(row(/^Socket/)).not.toHaveClass('compare-table__row--differs');
    expect(row(/^Potencia máxima sostenida/)).toHaveTextContent('88 W120 W');
    expect(row(/^Gráficos integrados/)).toHaveTextContent('SíSí');
    // The typed row, not the sheet's line of the same name, and said to differ.
    expect(row(/^Núcleos\s*\(distinto\)$/)).toHaveTextContent(/^Núcleos \(distinto\)68$/);

    await userEvent.click(within(table).getByRole('button', { name: 'Quitar Procesador B' }));
    expect(stored().map((p) => p.id)).toEqual([1]);
    expect(await screen.findByText(/Agrega otro producto de esta categoría/)).toBeInTheDocument();
  });

  it('sin productos elegidos invita a elegirlos', async () => {
    mockCatalogApi();
    renderApp('/comparar');
    expect(await screen.findByText(/Aún no eliges productos para comparar/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ver productos' })).toHaveAttribute(
      'href',
      '/productos',
    );
  });
});
