import type { Pedido } from '@nexbyte/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useParams } from 'react-router';
import { describe, expect, it } from 'vitest';
import { buildUser, storeSession } from '../../../../testing/fixtures';
import { mockApi } from '../../../../testing/mock-api';
import {
  buildOrder,
  buildOrderRow,
  buildPaidCobro,
  buildPaidWebpayOrder,
} from '../../../../testing/order-fixtures';
import { renderWithProviders } from '../../../../testing/render-with-providers';
import { AdminOrderDetail } from './admin-order-detail';
import { AdminOrders } from './admin-orders';
import { OrdersSummaryCards } from './orders-summary-cards';

// The admin router block is wired by the admin area; these screens are tested on their own
// routes, with the same addresses.
function renderAdmin(url: string) {
  storeSession(buildUser({ id: 1, role: 'ADMIN', correo: 'admin@duoc.cl' }));
  return renderWithProviders(
    [
      { path: '/admin', element: <OrdersSummaryCards /> },
      { path: '/admin/pedidos', element: <AdminOrders /> },
      {
        path: '/admin/pedidos/:numero',
        Component: function Detail() {
          return <AdminOrderDetail numero={useParams().numero!} />;
        },
      },
    ],
    url,
  );
}

describe('pedidos en la administración', () => {
  it('muestra número, fecha, cliente, total y estado, y filtra por estado', async () => {
    const api = mockApi({
      'GET /pedidos': ({ query }) =>
        query.get('estado') === 'PAGADO'
          ? {
              body: [buildOrderRow({ numero: 'NB-000120', estado: 'PAGADO' })],
              headers: { 'X-Total-Count': '1' },
            }
          : {
              body: [
                buildOrderRow(),
                buildOrderRow({ numero: 'NB-000120', estado: 'PAGADO', invitado: false }),
              ],
              headers: { 'X-Total-Count': '2' },
            },
    });
    const user = userEvent.setup();
    const { router } = renderAdmin('/admin/pedidos');

    const table = await screen.findByRole('table');
    expect(screen.getByText('2 pedidos')).toBeInTheDocument();
    const [header, first] = within(table).getAllByRole('row');
    expect(header!.textContent).toBe('NúmeroFechaClienteTotalEstado');
    expect(first!.textContent).toBe(
      'NB-00012320-11-2026, 12:30Josefa Muñozjosefa.munoz@gmail.com · invitado$43.970Pendiente de pago',
    );
    expect(within(first!).getByRole('link', { name: 'NB-000123' })).toHaveAttribute(
      'href',
      '/admin/pedidos/NB-000123',
    );

    await user.selectOptions(screen.getByLabelText('Estado'), 'PAGADO');
    expect(await screen.findByText('1 pedido')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?estado=PAGADO');
    expect(api.calls.at(-1)!.query.get('estado')).toBe('PAGADO');
  });

  it("sin pedidos dice 'No hay pedidos.'; si falla, 'No se pudieron cargar los pedidos.'", async () => {
    mockApi({ 'GET /pedidos': { body: [], headers: { 'X-Total-Count': '0' } } });
    const { unmount } = renderAdmin('/admin/pedidos');
    expect(await screen.findByText('No hay pedidos.')).toBeInTheDocument();
    unmount();

    mockApi({ 'GET /pedidos': { status: 400, body: { message: 'La solicitud no es válida.' } } });
    renderAdmin('/admin/pedidos');
    expect(await screen.findByText('No se pudieron cargar los pedidos.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
  });
});

describe('el detalle de un pedido en la administración', () => {
  const paid = (order: Pedido): Pedido => ({
    ...order,
    estado: 'PAGADO',
    expiresAt: null,
    eventos: [
      ...order.eventos,
      {
        de: 'PENDIENTE_PAGO',
        a: 'PAGADO',
        por: 'Ana Admin <admin@duoc.cl>',
        at: '2026-11-21T13:00:00.000Z',
      },
    ],
  });

  it('muestra la empresa de la factura que pidió el cliente', async () => {
    const order = buildOrder({
      documentoTipo: 'FACTURA',
      facturaEmpresa: {
        rut: '76123456-0',
        razonSocial: 'Hardware del Sur SpA',
        giro: 'Venta de equipos computacionales',
        direccion: 'Av. Alemania 671',
        region: 'La Araucanía',
        comuna: 'Temuco',
      },
    });
    mockApi({ 'GET /pedidos/NB-000123': { body: order } });
    renderAdmin('/admin/pedidos/NB-000123');
    const customer = await screen.findByRole('region', { name: 'Cliente' });
    expect(customer).toHaveTextContent(
      'DocumentoFactura electrónica a Hardware del Sur SpA (RUT 76.123.456-0)Giro: Venta de equipos computacionalesAv. Alemania 671, Temuco, La Araucanía',
    );
  });

  it('ofrece solo los cambios permitidos y marca el pedido como pagado tras confirmar', async () => {
    const order = buildOrder({
      eventos: [
        {
          de: null,
          a: 'PENDIENTE_PAGO',
          por: 'invitado: Josefa Muñoz <josefa.munoz@gmail.com>',
          at: '2026-11-20T15:30:00.000Z',
        },
      ],
    });
    const api = mockApi({
      'GET /pedidos/NB-000123': { body: order },
      'PATCH /pedidos/NB-000123/estado': { body: paid(order) },
    });
    const user = userEvent.setup();
    renderAdmin('/admin/pedidos/NB-000123');

    await screen.findByRole('heading', { level: 1, name: 'Pedido NB-000123' });
    const actions = screen.getByRole('region', { name: 'Cambiar estado' });
    expect(
      within(actions)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Marcar como pagado', 'Cancelar pedido']);
    const history = screen.getByRole('region', { name: 'Historial' });
    expect(history).toHaveTextContent('invitado: Josefa Muñoz <josefa.munoz@gmail.com>');

    await user.click(within(actions).getByRole('button', { name: 'Marcar como pagado' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Marcar como pagado' });
    expect(dialog).toHaveTextContent('¿Confirmas que llegó la transferencia de $43.970');
    await user.click(within(dialog).getByRole('button', { name: 'Marcar como pagado' }));

    expect(await screen.findByText('Pedido NB-000123 marcado como pagado.')).toBeInTheDocument();
    expect(api.callsTo('PATCH', '/pedidos/NB-000123/estado')[0]!.body).toEqual({
      estado: 'PAGADO',
    });
    await waitFor(() =>
      expect(
        within(actions)
          .getAllByRole('button')
          .map((b) => b.textContent),
      ).toEqual(['Marcar como enviado', 'Cancelar pedido']),
    );
    expect(history).toHaveTextContent('Pendiente de pago → PagadoAna Admin <admin@duoc.cl>');
  });

  it('cancelar pide confirmación, y un error del servidor se muestra', async () => {
    const order = paid(buildOrder());
    mockApi({
      'GET /pedidos/NB-000123': { body: order },
      'PATCH /pedidos/NB-000123/estado': {
        status: 409,
        body: { message: 'Un pedido enviado no puede pasar a cancelado.' },
      },
    });
    const user = userEvent.setup();
    renderAdmin('/admin/pedidos/NB-000123');

    await user.click(await screen.findByRole('button', { name: 'Cancelar pedido' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Sus productos vuelven al stock');
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar pedido' }));
    expect(
      await screen.findByText('Un pedido enviado no puede pasar a cancelado.'),
    ).toBeInTheDocument();
  });

  it('un pedido entregado ya no cambia de estado', async () => {
    mockApi({
      'GET /pedidos/NB-000123': { body: buildOrder({ estado: 'ENTREGADO', expiresAt: null }) },
    });
    renderAdmin('/admin/pedidos/NB-000123');
    expect(
      await screen.findByText('Un pedido entregado ya no cambia de estado.'),
    ).toBeInTheDocument();
  });
});

describe('pedidos pagados con Webpay en la administración', () => {
  it('muestran el cobro: tipo, cuotas, últimos 4 dígitos, autorización y monto', async () => {
    mockApi({ 'GET /pedidos/NB-000123': { body: buildPaidWebpayOrder() } });
    renderAdmin('/admin/pedidos/NB-000123');
    const payment = await screen.findByRole('region', { name: 'Pago' });
    for (const text of [
      'Medio de pagoWebpay (débito, crédito o prepago)',
      'Estado del pagoPagado',
      'Tipo de pagoCrédito en cuotas',
      'Cuotas3',
      'Tarjeta**** 6623',
      'Código de autorización1213',
      'Monto pagado$43.970',
    ]) {
      expect(payment).toHaveTextContent(text);
    }
  });

  it('cancelar avisa que se reembolsa la tarjeta y, hecho, muestra el reembolso', async () => {
    const order = buildPaidWebpayOrder();
    const cancelled: Pedido = {
      ...order,
      estado: 'CANCELADO',
      cobro: buildPaidCobro({
        estado: 'REEMBOLSADO',
        reembolso: { tipo: 'ANULACION', monto: 43970, fecha: '2026-11-22T13:00:00.000Z' },
      }),
      eventos: [
        ...order.eventos,
        {
          de: 'PAGADO',
          a: 'CANCELADO',
          por: 'Ana Admin <admin@duoc.cl>',
          at: '2026-11-22T13:00:00.000Z',
        },
      ],
    };
    const api = mockApi({
      'GET /pedidos/NB-000123': { body: order },
      'PATCH /pedidos/NB-000123/estado': { body: cancelled },
    });
    const user = userEvent.setup();
    renderAdmin('/admin/pedidos/NB-000123');

    await user.click(await screen.findByRole('button', { name: 'Cancelar pedido' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancelar pedido' });
    expect(dialog).toHaveTextContent(
      'Se reembolsará el pago con tarjeta de $43.970 por Webpay, sus productos vuelven al stock',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar pedido' }));

    expect(
      await screen.findByText(
        'Pedido NB-000123 cancelado; su stock volvió a la venta. Reembolsado: $43.970 (anulación).',
      ),
    ).toBeInTheDocument();
    expect(api.callsTo('PATCH', '/pedidos/NB-000123/estado')[0]!.body).toEqual({
      estado: 'CANCELADO',
    });
    const payment = screen.getByRole('region', { name: 'Pago' });
    await waitFor(() => expect(payment).toHaveTextContent('Reembolsado: $43.970 (anulación)'));
    expect(screen.getByText('Cancelado', { selector: '.badge' })).toBeInTheDocument();
  });

  it('si el reembolso falla (502) dice por qué y el pedido sigue pagado', async () => {
    const message =
      'No se pudo reembolsar el pago: Transbank no respondió. El pedido sigue pagado.';
    mockApi({
      'GET /pedidos/NB-000123': { body: buildPaidWebpayOrder() },
      'PATCH /pedidos/NB-000123/estado': { status: 502, body: { message } },
    });
    const user = userEvent.setup();
    renderAdmin('/admin/pedidos/NB-000123');

    await user.click(await screen.findByRole('button', { name: 'Cancelar pedido' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar pedido' }));

    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByText('Pagado', { selector: '.badge' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Pago' })).not.toHaveTextContent('Reembolsado');
    expect(screen.getByRole('button', { name: 'Cancelar pedido' })).toBeEnabled();
  });

  it('un pedido por transferencia se cancela sin hablar de reembolso a la tarjeta', async () => {
    mockApi({ 'GET /pedidos/NB-000123': { body: buildOrder() } });
    const user = userEvent.setup();
    renderAdmin('/admin/pedidos/NB-000123');
    await user.click(await screen.findByRole('button', { name: 'Cancelar pedido' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).not.toHaveTextContent('reembolsará');
    expect(screen.getByRole('region', { name: 'Pago' })).toHaveTextContent(
      'Medio de pagoTransferencia bancaria',
    );
  });
});

describe('las tarjetas de pedidos del dashboard', () => {
  it('muestran los pendientes y las ventas del mes, cada una con su lista', async () => {
    mockApi({ 'GET /pedidos/resumen': { body: { pendientes: 3, ventasMes: 1250000 } } });
    renderAdmin('/admin');
    const pending = await screen.findByRole('link', { name: /Pedidos pendientes/ });
    expect(pending).toHaveTextContent(/^3/);
    expect(pending).toHaveAttribute('href', '/admin/pedidos?estado=PENDIENTE_PAGO');
    expect(screen.getByRole('link', { name: /Ventas del mes/ })).toHaveTextContent('$1.250.000');
  });
});
