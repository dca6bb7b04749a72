import type { Compatibles } from '@nexbyte/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../testing/render-app';
import { buildProducto, mockCatalogApi } from '../../testing/catalog-api';

// 'Compatible con este producto' on a PC part's page (GET /productos/{id}/compatibles).

const cpu = buildProducto({
  id: 7,
  nombre: 'Procesador AMD Ryzen 5 7600',
  precio: 189990,
  componente: {
    tipo: 'PROCESADOR',
    socket: 'AM5',
    nucleos: 6,
    tdpW: 88,
    graficosIntegrados: true,
  },
});

const COMPATIBLES: Compatibles = {
  grupos: [
    {
      tipo: 'PLACA_MADRE',
      etiqueta: 'Placa madre',
      productos: [buildProducto({ id: 21, nombre: 'Placa madre MSI B650', precio: 229990 })],
    },
    {
      tipo: 'REFRIGERACION',
      etiqueta: 'Refrigeración',
      productos: [buildProducto({ id: 31, nombre: 'Cooler Thermalright PA120', precio: 39990 })],
    },
  ],
};

describe('Compatible con este producto', () => {
  it('un componente muestra piezas compatibles de otros tipos, con enlace y precio', async () => {
    const api = mockCatalogApi({
      'GET /productos/7': { body: cpu },
      'GET /productos/7/compatibles': { body: COMPATIBLES },
    });
    renderApp('/productos/detalle/7');
    const section = await screen.findByRole('region', { name: 'Compatible con este producto' });
    const board = within(section).getByRole('link', { name: 'Placa madre MSI B650' });
    expect(board).toHaveAttribute('href', '/productos/detalle/21');
    expect(within(section).getByRole('heading', { level: 3, name: 'Refrigeración' })).toBeVisible();
    expect(section).toHaveTextContent('$229.990');
    expect(api.callsTo('GET', '/productos/7/compatibles')).toHaveLength(1);
  });

  it('un producto que no es componente, o con especificación a medias, no pregunta', async () => {
    const api = mockCatalogApi({
      'GET /productos/8': {
        body: buildProducto({ id: 8, componente: { tipo: 'PROCESADOR', socket: 'AM5' } }),
      },
    });
    renderApp('/productos/detalle/8');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByText('Compatible con este producto')).not.toBeInTheDocument();
    expect(api.callsTo('GET', '/productos/8/compatibles')).toHaveLength(0);
  });
});
