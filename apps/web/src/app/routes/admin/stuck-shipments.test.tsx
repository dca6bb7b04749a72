import { screen } from '@testing-library/react';
import type { EnvioPedido } from '@nexbyte/shared';
import { describe, expect, it } from 'vitest';
import { findHeading, mockApi } from '../../../testing/admin-api';
import { renderAsAdmin } from '../../testing/render-app';

const STUCK: EnvioPedido = {
  numero: 'NB-000123',
  origen: 'TRANSPORTISTA',
  transportista: 'Chilexpress',
  servicio: 'Día Hábil Siguiente',
  precio: 5490,
  llegaEstimada: '2026-11-20',
  numeroOt: '990000001',
  seguimientoUrl: 'https://centrodeayuda.chilexpress.cl/seguimiento/?numero=990000001',
  etiqueta: true,
  estado: 'En reparto',
  eventos: [],
  enviadoAt: '2026-11-19T15:00:00.000Z',
  entregadoAt: null,
  atrasado: true,
};

describe('envíos atrasados en el dashboard', () => {
  it('avisa de cada envío sin entregar a tiempo, con el enlace a su pedido', async () => {
    mockApi({ 'GET /envios/atrasados': { body: [STUCK] } });
    renderAsAdmin('/admin');
    await findHeading('Dashboard');
    expect(await screen.findByRole('heading', { name: '1 envío atrasado' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'NB-000123' })).toHaveAttribute(
      'href',
      '/admin/pedidos/NB-000123',
    );
    expect(screen.getByText(/OT 990000001, En reparto/)).toBeInTheDocument();
  });

  it('sin envíos atrasados no muestra nada', async () => {
    const { callsTo } = mockApi({ 'GET /envios/atrasados': { body: [] } });
    renderAsAdmin('/admin');
    await findHeading('Dashboard');
    await screen.findByRole('link', { name: /Productos/ });
    expect(callsTo('GET', '/envios/atrasados')).toHaveLength(1);
    expect(screen.queryByRole('heading', { name: /envíos? atrasados?/ })).toBeNull();
  });
});
