import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildUser, storeSession } from '../../../testing/fixtures';
import { mockApi } from '../../../testing/mock-api';
import { buildOrder, buildOrderRow } from '../../../testing/order-fixtures';
import { renderApp } from '../../../testing/render-app';
import { rememberGuestOrderEmail } from '../guest-order-access';
import { ORDER_NOT_FOUND } from './order-lookup';

const NOT_FOUND = { status: 404, body: { message: 'Pedido no encontrado.' } };

describe('la página del pedido', () => {
  it('abre el pedido de un invitado con el correo recordado y muestra cómo pagarlo', async () => {
    rememberGuestOrderEmail('NB-000123', 'josefa.munoz@gmail.com');
    const api = mockApi({ 'GET /pedidos/NB-000123': { body: buildOrder() } });
    renderApp('/pedido/NB-000123');

    await screen.findByRole('heading', { level: 1, name: 'Pedido NB-000123' });
    expect(api.calls[0]!.query.get('email')).toBe('josefa.munoz@gmail.com');
    expect(screen.getByText('Pendiente de pago', { selector: '.badge' })).toHaveClass(
      'badge--warning',
    );

    const transfer = screen.getByRole('region', { name: 'Paga con transferencia bancaria' });
    for (const text of [
      'Banco Estado',
      'Cuenta corriente',
      '00012345678',
      '76.123.456-0',
      'Nexbyte SpA',
      '$43.970',
      'NB-000123',
    ]) {
      expect(within(transfer).getAllByText(text).length).toBeGreaterThan(0);
    }
    expect(within(transfer).getByRole('link', { name: 'pagos@nexbyte.cl' })).toBeInTheDocument();
    expect(transfer).toHaveTextContent('Guardamos tus productos hasta el 22-11-2026, 12:30');

    const products = screen.getByRole('region', { name: 'Productos' });
    expect(
      within(products).getByRole('rowheader', { name: 'Mouse Logitech G203' }),
    ).toBeInTheDocument();
    expect(products).toHaveTextContent('IVA incluido (19 %)$7.020');
    expect(screen.queryByText('¡Gracias por tu compra!')).toBeNull();
  });

  it('a quien no tiene acceso le pide el correo, y con el correo correcto lo abre', async () => {
    const api = mockApi({
      'GET /pedidos/NB-000123': ({ query }) =>
        query.get('email') === 'josefa.munoz@gmail.com' ? { body: buildOrder() } : NOT_FOUND,
    });
    const user = userEvent.setup();
    renderApp('/pedido/nb-000123');

    await screen.findByText('Para ver este pedido, escribe el correo con el que lo hiciste.');
    expect(screen.getByRole('heading', { level: 1, name: 'Pedido NB-000123' })).toBeInTheDocument();
    expect(screen.queryByText(ORDER_NOT_FOUND)).toBeNull();

    await user.type(screen.getByLabelText('Correo'), 'otra@gmail.com');
    await user.click(screen.getByRole('button', { name: 'Ver pedido' }));
    expect(await screen.findByText(ORDER_NOT_FOUND)).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Correo'));
    await user.type(screen.getByLabelText('Correo'), 'Josefa.Munoz@gmail.com');
    await user.click(screen.getByRole('button', { name: 'Ver pedido' }));
    expect(await screen.findByRole('region', { name: 'Productos' })).toBeInTheDocument();
    expect(api.calls.map((c) => c.query.get('email'))).toEqual([
      null,
      'otra@gmail.com',
      'josefa.munoz@gmail.com',
    ]);
  });

  it('un pedido cancelado lo dice y no muestra datos para pagar', async () => {
    storeSession();
    mockApi({
      'GET /pedidos/NB-000123': {
        body: buildOrder({
          estado: 'CANCELADO',
          expiresAt: null,
          invitado: false,
          eventos: [
            { de: null, a: 'PENDIENTE_PAGO', por: null, at: '2026-11-20T15:30:00.000Z' },
            { de: 'PENDIENTE_PAGO', a: 'CANCELADO', por: null, at: '2026-11-22T15:31:00.000Z' },
          ],
        }),
      },
    });
    renderApp('/pedido/NB-000123');
    expect(
      await screen.findByText('Este pedido fue cancelado; sus productos volvieron a la venta.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /Paga con/ })).toBeNull();
    const history = screen.getByRole('region', { name: 'Estado' });
    expect(
      within(history)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Pendiente de pago 20-11-2026, 12:30', 'Cancelado 22-11-2026, 12:31']);
  });
});

describe('mis pedidos', () => {
  it('lista los pedidos del cliente, del más nuevo al más antiguo, con su estado', async () => {
    storeSession(buildUser());
    const api = mockApi({
      'GET /pedidos': {
        body: [
          buildOrderRow({ numero: 'NB-000130', estado: 'ENVIADO', total: 109990, unidades: 1 }),
          buildOrderRow({ numero: 'NB-000123' }),
        ],
      },
    });
    renderApp('/cuenta/pedidos');

    const table = await screen.findByRole('table');
    expect(api.calls[0]!.query.get('propios')).toBe('true');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      'NB-00013020-11-2026, 12:301$109.990Enviado',
      'NB-00012320-11-2026, 12:302$43.970Pendiente de pago',
    ]);
    expect(within(rows[0]!).getByRole('link', { name: 'NB-000130' })).toHaveAttribute(
      'href',
      '/pedido/NB-000130',
    );
  });

  it('sin pedidos invita a comprar; sin sesión invita a iniciarla', async () => {
    storeSession(buildUser());
    mockApi({ 'GET /pedidos': { body: [] } });
    const first = renderApp('/cuenta/pedidos');
    expect(await screen.findByText('Aún no tienes pedidos.')).toBeInTheDocument();
    first.unmount();

    localStorage.clear();
    renderApp('/cuenta/pedidos');
    await screen.findByRole('heading', { level: 1, name: 'Mis pedidos' });
    expect(await screen.findByRole('link', { name: 'Inicia sesión' })).toHaveAttribute(
      'href',
      '/login',
    );
  });
});
