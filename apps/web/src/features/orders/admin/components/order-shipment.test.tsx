import type { EnvioPedido } from '@nexbyte/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildUser, storeSession } from '../../../../testing/fixtures';
import { mockApi } from '../../../../testing/mock-api';
import { buildOrder } from '../../../../testing/order-fixtures';
import { renderWithProviders } from '../../../../testing/render-with-providers';
import { OrderShipment } from './order-shipment';

const envio = (overrides: Partial<EnvioPedido> = {}): EnvioPedido => ({
  numero: 'NB-000123',
  origen: 'TRANSPORTISTA',
  transportista: 'Chilexpress',
  servicio: 'Día Hábil Siguiente',
  precio: 5490,
  llegaEstimada: null,
  numeroOt: null,
  seguimientoUrl: null,
  etiqueta: false,
  estado: null,
  eventos: [],
  enviadoAt: null,
  entregadoAt: null,
  atrasado: false,
  ...overrides,
});

function show(direccion: string, shipment: EnvioPedido) {
  storeSession(buildUser({ id: 1, role: 'ADMIN', correo: 'admin@duoc.cl' }));
  mockApi({ 'GET /pedidos/NB-000123/envio': { body: shipment } });
  const order = buildOrder({
    estado: 'PAGADO',
    entrega: { ...buildOrder().entrega, direccion },
  });
  renderWithProviders([{ path: '/', element: <OrderShipment order={order} /> }], '/');
}

describe("'Envío con transportista' antes de 'Crear envío'", () => {
  it('muestra la calle, el número y el complemento tal como irán al transportista', async () => {
    show('Avenida 10 de Julio 555 dpto. 3B', envio());
    const group = await screen.findByRole('group', { name: 'Dirección para el transportista' });
    expect(
      within(group)
        .getAllByRole('definition')
        .map((d) => d.textContent),
    ).toEqual(['Avenida 10 de Julio', '555', 'dpto. 3B']);
    expect(screen.getByRole('button', { name: 'Crear envío' })).toBeInTheDocument();
  });

  it("sin número: 0 y 'S/N' en el complemento", async () => {
    show('Los Olmos s/n', envio());
    const group = await screen.findByRole('group', { name: 'Dirección para el transportista' });
    expect(
      within(group)
        .getAllByRole('definition')
        .map((d) => d.textContent),
    ).toEqual(['Los Olmos', '0 (sin número)', 'S/N']);
  });

  it('con la orden de transporte hecha ya no la muestra', async () => {
    show('Los Olmos s/n', envio({ numeroOt: '990000001', etiqueta: true }));
    expect(await screen.findByRole('button', { name: 'Imprimir etiqueta' })).toBeInTheDocument();
    expect(
      screen.queryByRole('group', { name: 'Dirección para el transportista' }),
    ).not.toBeInTheDocument();
  });
});
