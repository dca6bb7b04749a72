import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { buildUser, storeSession } from '../../testing/fixtures';
import { mockApi } from '../../testing/mock-api';
import { RESULTADO_PAGO_MESSAGES, type Pedido } from '@nexbyte/shared';
import { waitFor } from '@testing-library/react';
import { captureFormPosts } from '../../testing/form-posts';
import {
  buildConfig,
  buildOrder,
  buildOrderRow,
  buildPaidCobro,
  buildPaidWebpayOrder,
} from '../../testing/order-fixtures';
import { renderApp } from '../testing/render-app';
import { rememberGuestOrderAccess } from '../../features/orders/guest-order-access';
import { ORDER_LINK_FAILED } from '../../features/orders/components/order-lookup';

const NOT_FOUND = { status: 404, body: { message: 'Pedido no encontrado.' } };

describe('la página del pedido', () => {
  it('abre el pedido de un invitado con el token recordado y muestra cómo pagarlo', async () => {
    rememberGuestOrderAccess('NB-000123', 'token-del-pedido');
    const api = mockApi({ 'GET /pedidos/NB-000123': { body: buildOrder() } });
    renderApp('/pedido/NB-000123');

    await screen.findByRole('heading', { level: 1, name: 'Pedido NB-000123' });
    expect(api.calls[0]!.headers.get('Pedido-Acceso')).toBe('token-del-pedido');
    expect([...api.calls[0]!.query.keys()]).toEqual([]);
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

  it('el enlace del correo abre el pedido: el token va en una cabecera, nunca en la URL', async () => {
    const api = mockApi({
      'GET /pedidos/NB-000123': ({ headers }) =>
        headers.get('Pedido-Acceso') === 'token-del-correo' ? { body: buildOrder() } : NOT_FOUND,
    });
    renderApp('/pedido/NB-000123#token-del-correo');
    expect(await screen.findByRole('region', { name: 'Productos' })).toBeInTheDocument();
    expect(api.calls[0]!.path).toBe('/pedidos/NB-000123');
    expect([...api.calls[0]!.query.keys()]).toEqual([]);
  });

  it('sin enlace pide el correo y envía uno nuevo, sin decir nada del pedido', async () => {
    const sent = 'Si ese correo es el del pedido, te enviamos un enlace para verlo.';
    const api = mockApi({
      'GET /pedidos/NB-000123': NOT_FOUND,
      'POST /pedidos/NB-000123/enlace': { status: 202, body: { message: sent } },
    });
    const user = userEvent.setup();
    renderApp('/pedido/nb-000123');

    await screen.findByText(/abre el enlace que te enviamos por correo/);
    expect(screen.getByRole('heading', { level: 1, name: 'Pedido NB-000123' })).toBeInTheDocument();
    expect(screen.queryByText(ORDER_LINK_FAILED)).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Enviarme el enlace' }));
    expect(await screen.findByText('Formato de correo inválido.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Correo'), 'Josefa.Munoz@gmail.com');
    await user.click(screen.getByRole('button', { name: 'Enviarme el enlace' }));
    expect(await screen.findByText(sent)).toBeInTheDocument();
    expect(api.callsTo('POST', '/pedidos/NB-000123/enlace')[0]!.body).toEqual({
      correo: 'josefa.munoz@gmail.com',
    });
  });

  it('un enlace que ya no sirve lo dice y ofrece pedir otro', async () => {
    mockApi({ 'GET /pedidos/NB-000123': NOT_FOUND });
    renderApp('/pedido/NB-000123#token-viejo');
    expect(await screen.findByText(ORDER_LINK_FAILED)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enviarme el enlace' })).toBeInTheDocument();
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

/** A guest's Webpay order that is still unpaid (the payment was cancelled or rejected). */
function unpaidWebpayOrder(overrides: Partial<Pedido> = {}): Pedido {
  return buildOrder({
    metodoPago: 'WEBPAY',
    cobro: { metodo: 'WEBPAY', estado: 'PENDIENTE', detalle: null, motivo: null, reembolso: null },
    ...overrides,
  });
}

describe('la página del pedido al volver de Webpay', () => {
  it('aprobado: dice el resultado, muestra el pedido pagado con su cobro y quita ?pago de la dirección', async () => {
    rememberGuestOrderAccess('NB-000123', 'token-del-pedido');
    sessionStorage.setItem('nexbyte_pago_en_curso', 'NB-000123');
    const api = mockApi({
      'GET /config': { body: buildConfig() },
      'GET /pedidos/NB-000123': { body: buildPaidWebpayOrder() },
    });
    const { router } = renderApp('/pedido/NB-000123?pago=aprobado');

    expect(await screen.findByText(RESULTADO_PAGO_MESSAGES.aprobado)).toHaveAttribute(
      'role',
      'status',
    );
    const heading = await screen.findByRole('heading', { level: 1, name: 'Pedido NB-000123' });
    expect(heading).toHaveFocus();
    expect(api.callsTo('GET', '/pedidos/NB-000123')[0]!.headers.get('Pedido-Acceso')).toBe(
      'token-del-pedido',
    );
    expect(screen.getByText('Pagado', { selector: '.badge' })).toBeInTheDocument();
    const payment = screen.getByRole('region', { name: 'Pago' });
    for (const text of [
      'Medio de pagoWebpay (débito, crédito o prepago)',
      'Tipo de pagoCrédito en cuotas',
      'Cuotas3',
      'Tarjeta**** 6623',
      'Código de autorización1213',
      'Monto pagado$43.970',
    ]) {
      expect(payment).toHaveTextContent(text);
    }
    expect(screen.queryByRole('button', { name: 'Pagar con Webpay' })).toBeNull();
    expect(screen.queryByRole('region', { name: /Paga con/ })).toBeNull();
    // A reload does not say it again; the order still opens with the tab's token.
    await waitFor(() => expect(router.state.location.search).toBe(''));
    // Back at its order, the buyer no longer needs the empty checkout to point to it.
    expect(sessionStorage.getItem('nexbyte_pago_en_curso')).toBeNull();
    expect(router.state.location.pathname).toBe('/pedido/NB-000123');
    expect(screen.getByText(RESULTADO_PAGO_MESSAGES.aprobado)).toBeInTheDocument();
  });

  it('anulado: el pedido sigue pagable y pagar con Webpay envía token_ws al nuevo formulario', async () => {
    rememberGuestOrderAccess('NB-000123', 'token-del-pedido');
    const posts = captureFormPosts();
    const order = unpaidWebpayOrder();
    const api = mockApi({
      'GET /config': { body: buildConfig() },
      'GET /pedidos/NB-000123': { body: order },
      'POST /pedidos/NB-000123/pago': {
        body: { pedido: order, pago: { url: 'https://webpay.test/pagar', token: 'tok-2' } },
      },
    });
    const user = userEvent.setup();
    renderApp('/pedido/NB-000123?pago=anulado');

    expect(await screen.findByText(RESULTADO_PAGO_MESSAGES.anulado)).toBeInTheDocument();
    const pay = await screen.findByRole('region', { name: 'Paga tu pedido' });
    expect(pay).toHaveTextContent('Tu pedido de $43.970 está reservado');
    const buttons = await within(pay).findAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual([
      'Pagar con Webpay',
      'Pagar por transferencia',
    ]);
    expect(screen.queryByRole('region', { name: 'Paga con transferencia bancaria' })).toBeNull();

    await user.click(within(pay).getByRole('button', { name: 'Pagar con Webpay' }));

    expect(await screen.findByText('Te estamos llevando a Webpay…')).toBeInTheDocument();
    const [sent] = api.callsTo('POST', '/pedidos/NB-000123/pago');
    expect(sent!.body).toEqual({ metodoPago: 'WEBPAY' });
    expect(sent!.headers.get('Pedido-Acceso')).toBe('token-del-pedido');
    expect(posts).toEqual([
      { action: 'https://webpay.test/pagar', method: 'post', fields: { token_ws: 'tok-2' } },
    ]);
  });

  it('pagar por transferencia cambia el medio y muestra los datos de la cuenta con el descuento', async () => {
    storeSession(buildUser());
    const total = 39980 - 1999 + 3990;
    const switched = buildOrder({ invitado: false, descuentoPago: 1999, total });
    const api = mockApi({
      'GET /config': { body: buildConfig({ descuentoTransferenciaPct: 5 }) },
      'GET /pedidos/NB-000123': { body: unpaidWebpayOrder({ invitado: false }) },
      'POST /pedidos/NB-000123/pago': { body: { pedido: switched, pago: null } },
    });
    const user = userEvent.setup();
    renderApp('/pedido/NB-000123?pago=rechazado');

    expect(
      (await screen.findByText(RESULTADO_PAGO_MESSAGES.rechazado)).closest('[role="alert"]'),
    ).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Pagar por transferencia' }));

    const transfer = await screen.findByRole('region', { name: 'Paga con transferencia bancaria' });
    expect(transfer).toHaveTextContent('Monto$41.971');
    expect(screen.getByRole('region', { name: 'Productos' })).toHaveTextContent(
      'Descuento transferencia-$1.999',
    );
    expect(api.callsTo('POST', '/pedidos/NB-000123/pago')[0]!.body).toEqual({
      metodoPago: 'TRANSFERENCIA',
    });
    // Webpay stays on offer after the switch.
    expect(screen.getByRole('button', { name: 'Pagar con Webpay' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pagar por transferencia' })).toBeNull();
  });

  it('solo ofrece los medios encendidos y dice por qué falló el último intento', async () => {
    storeSession(buildUser());
    mockApi({
      'GET /config': { body: buildConfig({ metodos: ['WEBPAY'] }) },
      'GET /pedidos/NB-000123': {
        body: unpaidWebpayOrder({
          invitado: false,
          cobro: {
            metodo: 'WEBPAY',
            estado: 'RECHAZADO',
            detalle: null,
            motivo: 'El banco rechazó la transacción.',
            reembolso: null,
          },
        }),
      },
    });
    renderApp('/pedido/NB-000123');

    const pay = await screen.findByRole('region', { name: 'Paga tu pedido' });
    await waitFor(() =>
      expect(
        within(pay)
          .getAllByRole('button')
          .map((b) => b.textContent),
      ).toEqual(['Pagar con Webpay']),
    );
    expect(screen.getByRole('region', { name: 'Pago' })).toHaveTextContent(
      'MotivoEl banco rechazó la transacción.',
    );
  });

  it('un error al iniciar el pago muestra el mensaje del servidor', async () => {
    storeSession(buildUser());
    const message =
      'No pudimos conectar con Webpay. Intenta de nuevo o elige transferencia bancaria.';
    mockApi({
      'GET /config': { body: buildConfig() },
      'GET /pedidos/NB-000123': { body: unpaidWebpayOrder({ invitado: false }) },
      'POST /pedidos/NB-000123/pago': { status: 502, body: { message } },
    });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const user = userEvent.setup();
    renderApp('/pedido/NB-000123');
    await user.click(await screen.findByRole('button', { name: 'Pagar con Webpay' }));
    expect((await screen.findByText(message)).closest('[role="alert"]')).toBeInTheDocument();
  });

  it('si el pedido ya no está por pagar (409) muestra el pedido como está ahora', async () => {
    storeSession(buildUser());
    const message = 'Un pedido pagado no se puede volver a pagar.';
    let reads = 0;
    mockApi({
      'GET /config': { body: buildConfig() },
      'GET /pedidos/NB-000123': () => {
        reads += 1;
        return {
          body:
            reads === 1
              ? unpaidWebpayOrder({ invitado: false })
              : buildPaidWebpayOrder({ invitado: false }),
        };
      },
      'POST /pedidos/NB-000123/pago': { status: 409, body: { message } },
    });
    const user = userEvent.setup();
    renderApp('/pedido/NB-000123');
    await user.click(await screen.findByRole('button', { name: 'Pagar con Webpay' }));

    await waitFor(() =>
      expect(screen.getByText('Pagado', { selector: '.badge' })).toBeInTheDocument(),
    );
    expect(screen.queryByRole('button', { name: 'Pagar con Webpay' })).toBeNull();
    expect(screen.getByRole('region', { name: 'Pago' })).toHaveTextContent('Tarjeta**** 6623');
  });

  it('un pedido reembolsado dice cuánto y cómo se devolvió', async () => {
    storeSession(buildUser());
    mockApi({
      'GET /config': { body: buildConfig() },
      'GET /pedidos/NB-000123': {
        body: buildPaidWebpayOrder({
          estado: 'CANCELADO',
          invitado: false,
          cobro: buildPaidCobro({
            estado: 'REEMBOLSADO',
            reembolso: { tipo: 'REVERSA', monto: 43970, fecha: '2026-11-20T18:00:00.000Z' },
          }),
        }),
      },
    });
    renderApp('/pedido/NB-000123');
    const payment = await screen.findByRole('region', { name: 'Pago' });
    expect(payment).toHaveTextContent('Reembolsado: $43.970 (reversa), el 20-11-2026, 15:00.');
    expect(payment).toHaveTextContent('Estado del pagoReembolsado');
  });
});
