import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildUser, storeSession } from '../../../../testing/fixtures';
import { mockApi } from '../../../../testing/mock-api';
import { buildOrderRow } from '../../../../testing/order-fixtures';
import { renderWithProviders } from '../../../../testing/render-with-providers';
import { AdminOrders } from './admin-orders';

describe("'Crear envíos' desde la lista de pedidos pagados", () => {
  it('envía los pedidos elegidos y dice cuáles se crearon y por qué no los otros', async () => {
    storeSession(buildUser({ id: 1, role: 'ADMIN', correo: 'admin@duoc.cl' }));
    const api = mockApi({
      'GET /pedidos': {
        body: [
          buildOrderRow({ numero: 'NB-000120', estado: 'PAGADO' }),
          buildOrderRow({ numero: 'NB-000121', estado: 'PAGADO' }),
          buildOrderRow({ numero: 'NB-000122', estado: 'PAGADO' }),
        ],
        headers: { 'X-Total-Count': '3' },
      },
      'POST /envios/crear': {
        body: {
          resultados: [
            { numero: 'NB-000120', ok: true, envio: null, mensaje: null },
            {
              numero: 'NB-000122',
              ok: false,
              envio: null,
              mensaje: 'Este pedido se retira en tienda: no lleva envío.',
            },
          ],
        },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(
      [{ path: '/admin/pedidos', element: <AdminOrders /> }],
      '/admin/pedidos?estado=PAGADO',
    );
    await screen.findByRole('table');
    await user.click(
      screen.getByRole('checkbox', { name: 'Elegir NB-000120 para crear su envío' }),
    );
    await user.click(
      screen.getByRole('checkbox', { name: 'Elegir NB-000122 para crear su envío' }),
    );
    await user.click(screen.getByRole('button', { name: 'Crear envíos (2)' }));
    await waitFor(() => expect(api.callsTo('POST', '/envios/crear')).toHaveLength(1));
    expect(api.callsTo('POST', '/envios/crear')[0]!.body).toEqual({
      numeros: ['NB-000120', 'NB-000122'],
    });
    expect(
      await screen.findByText(
        '1 envío creado. NB-000122: Este pedido se retira en tienda: no lleva envío.',
      ),
    ).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Crear envíos (0)' })).toBeInTheDocument();
  });
});
