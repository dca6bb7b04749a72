import type { Facetas } from '@nexbyte/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../testing/render-app';
import { buildProductos, mockCatalogApi, pagedProducts } from '../../testing/catalog-api';

// A PC part's typed values as filters on /productos: the facets' own UI, `componente=campo:valor`.

const FACETAS: Facetas = {
  categorias: [{ id: 1, nombre: 'Componentes', cantidad: 9 }],
  marcas: [],
  especificaciones: [],
  componentes: [
    {
      campo: 'tipo',
      etiqueta: 'Tipo de componente',
      valores: [
        { valor: 'PROCESADOR', cantidad: 5 },
        { valor: 'PLACA_MADRE', cantidad: 4 },
      ],
    },
    {
      campo: 'socket',
      etiqueta: 'Socket',
      valores: [
        { valor: 'AM5', cantidad: 6 },
        { valor: 'LGA1700', cantidad: 3 },
      ],
    },
    {
      campo: 'graficosIntegrados',
      etiqueta: 'Gráficos integrados',
      valores: [
        { valor: 'true', cantidad: 4 },
        { valor: 'false', cantidad: 1 },
      ],
    },
  ],
};

function mockCatalog() {
  return mockCatalogApi({
    'GET /productos': pagedProducts(buildProductos(3)),
    'GET /productos/facetas': { body: FACETAS },
  });
}

describe('filtros por valores tipados de componentes', () => {
  it('ofrece tipo, socket y sí/no con sus nombres, y filtra la lista al marcarlos', async () => {
    const api = mockCatalog();
    const { router } = renderApp('/productos?categoria=Componentes');
    await screen.findByText('3 resultados');
    const tipo = await screen.findByRole('group', { name: 'Tipo de componente' });
    await userEvent.click(within(tipo).getByRole('checkbox', { name: 'Procesador (5)' }));
    await waitFor(() =>
      expect(router.state.location.search).toContain('componente=tipo%3APROCESADOR'),
    );
    const graficos = screen.getByRole('group', { name: 'Gráficos integrados' });
    await userEvent.click(within(graficos).getByRole('checkbox', { name: 'No (1)' }));

    await waitFor(() => {
      const last = api.callsTo('GET', '/productos').at(-1)!;
      expect(last.query.getAll('componente')).toEqual([
        'tipo:PROCESADOR',
        'graficosIntegrados:false',
      ]);
    });
    expect(api.callsTo('GET', '/productos/facetas').at(-1)!.query.getAll('componente')).toEqual([
      'tipo:PROCESADOR',
      'graficosIntegrados:false',
    ]);
    expect(screen.getByText('(2 elegidos)')).toBeInTheDocument();
  });

  it('tras recargar siguen marcados, y Limpiar filtros los quita', async () => {
    mockCatalog();
    const { router } = renderApp('/productos?componente=socket%3AAM5');
    expect(await screen.findByRole('checkbox', { name: 'AM5 (6)' })).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Limpiar filtros' }));
    await waitFor(() => expect(router.state.location.search).not.toContain('componente'));
  });
});
