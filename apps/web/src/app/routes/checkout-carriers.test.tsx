import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../testing/mock-api';
import { buildConfig, buildOrder, buildQuote } from '../../testing/order-fixtures';
import { buildShippingOptions } from '../../testing/shipping-fixtures';
import { renderApp } from '../testing/render-app';

// The checkout with a carrier (decision 036): its services, the one chosen is quoted and ordered.
const MOUSE = {
  id: 12,
  nombre: 'Mouse Logitech G203',
  precio: 19990,
  imagen: '/img/categorias/perifericos.svg',
  stock: 35,
  categoria: { id: 2, nombre: 'Periféricos' },
};
const CARRIER = buildShippingOptions({
  origen: 'TRANSPORTISTA',
  opciones: [
    {
      cotizacion: 'dia-siguiente',
      origen: 'TRANSPORTISTA',
      transportista: 'Chilexpress',
      servicio: 'Día Hábil Siguiente',
      nombre: 'Chilexpress Día Hábil Siguiente',
      precio: 5490,
      llega: '2026-12-01',
      texto: 'Chilexpress Día Hábil Siguiente — $5.490 — llega el martes',
    },
    {
      cotizacion: 'segundo-dia',
      origen: 'TRANSPORTISTA',
      transportista: 'Chilexpress',
      servicio: 'Segundo Día Hábil',
      nombre: 'Chilexpress Segundo Día Hábil',
      precio: 3920,
      llega: '2026-12-02',
      texto: 'Chilexpress Segundo Día Hábil — $3.920 — llega el miércoles',
    },
  ],
});

const confirmButton = () => screen.getByRole('button', { name: 'Confirmar pedido' });

async function checkoutTo(comuna: string) {
  localStorage.setItem('nexbyte_cart', JSON.stringify([{ ...MOUSE, qty: 1 }]));
  renderApp('/checkout');
  await screen.findByRole('heading', { level: 1, name: 'Finalizar compra' });
  await waitFor(() => expect(confirmButton()).toBeEnabled());
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Nombre y apellidos'), 'Josefa Muñoz');
  await user.type(screen.getByLabelText('Correo'), 'josefa.munoz@gmail.com');
  await user.type(screen.getByLabelText('RUN'), '7.654.321-6');
  await user.type(screen.getByLabelText(/^Teléfono/), '912345678');
  await user.selectOptions(screen.getByLabelText('Región'), 'Valparaíso');
  await user.selectOptions(screen.getByLabelText('Comuna'), comuna);
  await user.type(screen.getByLabelText('Dirección'), 'Av. Brasil 2950');
  return user;
}

describe('servicio de envío en el checkout', () => {
  it('muestra cada servicio; el elegido va en la cotización y en el pedido', async () => {
    const api = mockApi({
      'GET /config': { body: buildConfig({ metodos: ['TRANSFERENCIA'] }) },
      'POST /envios/opciones': { body: CARRIER },
      'POST /pedidos/cotizacion': { body: buildQuote() },
      'POST /pedidos': { status: 201, body: { ...buildOrder(), acceso: 'token' } },
      'GET /pedidos/NB-000123': { body: buildOrder() },
    });
    const user = await checkoutTo('Valparaíso');
    const first = await screen.findByRole('radio', {
      name: 'Chilexpress Día Hábil Siguiente — $5.490 — llega el martes',
    });
    expect(first).toBeChecked();
    expect(api.callsTo('POST', '/envios/opciones').at(-1)!.body).toEqual({
      items: [{ productoId: 12, qty: 1 }],
      region: 'Valparaíso',
      comuna: 'Valparaíso',
    });
    await user.click(screen.getByRole('radio', { name: /Segundo Día Hábil — \$3\.920/ }));
    await waitFor(() =>
      expect(api.callsTo('POST', '/pedidos/cotizacion').at(-1)!.body).toMatchObject({
        envioCotizado: 'segundo-dia',
      }),
    );
    await waitFor(() => expect(confirmButton()).toBeEnabled());
    await user.click(confirmButton());
    await screen.findByRole('heading', { level: 1, name: 'Pedido NB-000123' });
    expect(api.callsTo('POST', '/pedidos')[0]!.body).toMatchObject({
      comuna: 'Valparaíso',
      envioCotizado: 'segundo-dia',
    });
  });

  it('si el transportista no respondió, ofrece la tarifa de la región y dice por qué', async () => {
    mockApi({
      'GET /config': { body: buildConfig({ metodos: ['TRANSFERENCIA'] }) },
      'POST /envios/opciones': {
        body: buildShippingOptions({
          mensaje:
            'No pudimos cotizar con el transportista a tiempo: te ofrecemos la tarifa de despacho de tu región.',
        }),
      },
      'POST /pedidos/cotizacion': { body: buildQuote() },
    });
    await checkoutTo('Viña del Mar');
    expect(
      await screen.findByText(/No pudimos cotizar con el transportista a tiempo/),
    ).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Despacho a domicilio — $3.990' })).toBeChecked();
  });
});
