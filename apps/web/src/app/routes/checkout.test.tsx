import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { buildUser, storeSession } from '../../testing/fixtures';
import { mockApi, type MockCall } from '../../testing/mock-api';
import { captureFormPosts } from '../../testing/form-posts';
import { buildConfig, buildOrder, buildQuote, buildShipping } from '../../testing/order-fixtures';
import { renderApp } from '../testing/render-app';
import { buildShippingOptions } from '../../testing/shipping-fixtures';

const MOUSE = {
  id: 12,
  nombre: 'Mouse Logitech G203',
  precio: 19990,
  imagen: '/img/categorias/perifericos.svg',
  stock: 35,
  categoria: { id: 2, nombre: 'Periféricos' },
};

function storeCart(items: object[] = [{ ...MOUSE, qty: 2 }]) {
  localStorage.setItem('nexbyte_cart', JSON.stringify(items));
}

/** The shipping options of a shop without a carrier: the región's price (decision 036). */
const SHIPPING_OPTIONS = { 'POST /envios/opciones': { body: buildShippingOptions() } };
/** GET /config of a shop that takes only transfers, as before Webpay. */
const TRANSFER_ONLY = { 'GET /config': { body: buildConfig({ metodos: ['TRANSFERENCIA'] }) } };

const confirmButton = () => screen.getByRole('button', { name: 'Confirmar pedido' });

async function openCheckout() {
  const view = renderApp('/checkout');
  await screen.findByRole('heading', { level: 1, name: 'Finalizar compra' });
  await waitFor(() => expect(confirmButton()).toBeEnabled());
  return view;
}

async function fillGuest(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Nombre y apellidos'), 'Josefa Muñoz');
  await user.type(screen.getByLabelText('Correo'), 'josefa.munoz@gmail.com');
  await user.type(screen.getByLabelText('RUN'), '7.654.321-6');
  await user.type(screen.getByLabelText(/^Teléfono/), '912345678');
  await user.selectOptions(screen.getByLabelText('Región'), 'Metropolitana de Santiago');
  await user.selectOptions(screen.getByLabelText('Comuna'), 'Providencia');
  await user.type(screen.getByLabelText('Dirección'), 'Los Leones 456');
}

describe('checkout como invitado', () => {
  it('muestra la cotización del servidor con el IVA incluido y crea el pedido', async () => {
    storeCart();
    const quote = buildQuote();
    const order = buildOrder();
    const api = mockApi({
      ...SHIPPING_OPTIONS,
      ...TRANSFER_ONLY,
      'POST /pedidos/cotizacion': { body: quote },
      'POST /pedidos': { status: 201, body: { ...order, acceso: 'token-del-pedido' } },
      'GET /pedidos/NB-000123': { body: order },
    });
    const user = userEvent.setup();
    const { router } = await openCheckout();

    const summary = screen.getByRole('complementary', { name: 'Resumen del pedido' });
    expect(summary).toHaveTextContent('Mouse Logitech G203 × 2');
    expect(summary).toHaveTextContent('Total$43.970');
    expect(summary).toHaveTextContent('IVA incluido (19 %)$7.020');
    expect(summary).toHaveTextContent('Sin cupón');
    expect(api.callsTo('POST', '/pedidos/cotizacion')[0]!.body).toEqual({
      items: [{ productoId: 12, qty: 2, precio: 19990 }],
      cupon: null,
      metodoPago: 'TRANSFERENCIA',
      entrega: 'DESPACHO',
    });
    expect(screen.getByRole('radio', { name: /Transferencia bancaria/ })).toBeChecked();
    expect(screen.queryByRole('radio', { name: /Webpay/ })).toBeNull();

    await fillGuest(user);
    await user.click(confirmButton());

    await screen.findByRole('heading', { level: 1, name: 'Pedido NB-000123' });
    const [sent] = api.callsTo('POST', '/pedidos');
    expect(sent!.body).toEqual({
      nombre: 'Josefa Muñoz',
      correo: 'josefa.munoz@gmail.com',
      run: '7654321-6',
      telefono: '9 1234 5678',
      entrega: 'DESPACHO',
      region: 'Metropolitana de Santiago',
      comuna: 'Providencia',
      direccion: 'Los Leones 456',
      items: [{ productoId: 12, qty: 2, precio: 19990 }],
      cupon: null,
      metodoPago: 'TRANSFERENCIA',
      totalEsperado: 43970,
      documento: { tipo: 'BOLETA' },
      envioCotizado: 'tabla-firmada',
    });
    expect(sent!.headers.get('Idempotency-Key')).toMatch(/^[\w-]{8,}$/);
    expect(router.state.location.pathname).toBe('/pedido/NB-000123');
    // The cart is emptied and the order's token opens the confirmation without asking.
    expect(JSON.parse(localStorage.getItem('nexbyte_cart')!)).toEqual([]);
    expect(api.callsTo('GET', '/pedidos/NB-000123')[0]!.headers.get('Pedido-Acceso')).toBe(
      'token-del-pedido',
    );
    expect(screen.getByText('¡Gracias por tu compra!')).toBeInTheDocument();
    expect(sessionStorage.getItem('nexbyte_checkout_key')).toBeNull();
    // A whole guest form typed key by key: slow on a loaded machine.
  }, 15_000);

  it('pide cada dato con los mensajes del registro y no envía nada', async () => {
    storeCart();
    const api = mockApi({ ...TRANSFER_ONLY, 'POST /pedidos/cotizacion': { body: buildQuote() } });
    const user = userEvent.setup();
    await openCheckout();

    await user.click(confirmButton());

    expect(await screen.findByText('El nombre es requerido.')).toBeInTheDocument();
    expect(screen.getByText('Formato de correo inválido.')).toBeInTheDocument();
    expect(screen.getByText('El RUN ingresado no es válido.')).toBeInTheDocument();
    expect(screen.getByText('Formato de teléfono debe ser 9 XXXX XXXX')).toBeInTheDocument();
    expect(screen.getByText('Debes seleccionar una región.')).toBeInTheDocument();
    expect(screen.getByText('La dirección es requerida.')).toBeInTheDocument();
    expect(screen.getByLabelText('Nombre y apellidos')).toHaveFocus();
    expect(api.callsTo('POST', '/pedidos')).toHaveLength(0);
  });

  it('al reintentar tras perder la conexión envía la misma Idempotency-Key', async () => {
    storeCart();
    let attempts = 0;
    const api = mockApi({
      ...SHIPPING_OPTIONS,
      ...TRANSFER_ONLY,
      'POST /pedidos/cotizacion': { body: buildQuote() },
      'POST /pedidos': () => {
        attempts += 1;
        if (attempts === 1) throw new TypeError('Failed to fetch');
        return { status: 200, body: buildOrder() };
      },
      'GET /pedidos/NB-000123': { body: buildOrder() },
    });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const user = userEvent.setup();
    await openCheckout();
    await fillGuest(user);

    await user.click(confirmButton());
    expect(await screen.findByText(/No pudimos enviar tu pedido/)).toBeInTheDocument();
    expect(warn).toHaveBeenCalledWith('No se pudo crear el pedido:', expect.anything());
    await user.click(confirmButton());
    await screen.findByRole('heading', { level: 1, name: 'Pedido NB-000123' });

    const keys = api
      .callsTo('POST', '/pedidos')
      .map((c: MockCall) => c.headers.get('Idempotency-Key'));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
  });

  it('dice con claridad qué cambió en el carrito y permite ponerlo al día', async () => {
    storeCart([
      { ...MOUSE, qty: 2 },
      { ...MOUSE, id: 30, nombre: 'Disco externo WD', precio: 52990, qty: 3 },
    ]);
    const changed = buildQuote({
      lineas: [
        { ...buildQuote().lineas[0]!, precio: 17990, subtotal: 35980 },
        {
          productoId: 30,
          nombre: 'Disco externo WD',
          imagen: null,
          precio: 52990,
          qty: 3,
          stock: 1,
          disponible: false,
          subtotal: 158970,
        },
      ],
      problemas: [
        {
          productoId: 12,
          tipo: 'PRECIO_CAMBIO',
          precioAnterior: 19990,
          precioActual: 17990,
          disponible: 35,
          mensaje: 'El precio de Mouse Logitech G203 cambió de $19.990 a $17.990.',
        },
        {
          productoId: 30,
          tipo: 'STOCK_INSUFICIENTE',
          precioAnterior: null,
          precioActual: null,
          disponible: 1,
          mensaje: 'De Disco externo WD solo queda 1 unidad.',
        },
      ],
    });
    const settled = buildQuote({
      lineas: [
        { ...buildQuote().lineas[0]!, precio: 17990, subtotal: 35980 },
        { ...changed.lineas[1]!, qty: 1, disponible: true, subtotal: 52990 },
      ],
    });
    mockApi({
      ...SHIPPING_OPTIONS,
      ...TRANSFER_ONLY,
      'POST /pedidos/cotizacion': ({ body }) => {
        const items = (body as { items: { productoId: number; qty: number; precio: number }[] })
          .items;
        const upToDate = items.every((i) =>
          i.productoId === 12 ? i.precio === 17990 : i.qty === 1,
        );
        return { body: upToDate ? settled : changed };
      },
    });
    const user = userEvent.setup();
    renderApp('/checkout');

    const notice = await screen.findByText(
      'Algunos productos ya no están disponibles como en tu carrito:',
    );
    const region = notice.closest('[aria-live="polite"]') as HTMLElement;
    expect(region).toBeInTheDocument();
    expect(
      within(region).getByText('De Disco externo WD solo queda 1 unidad.'),
    ).toBeInTheDocument();
    expect(
      within(region).getByText('El precio de Mouse Logitech G203 cambió de $19.990 a $17.990.'),
    ).toBeInTheDocument();
    expect(confirmButton()).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Actualizar mi carrito' }));

    await waitFor(() => expect(within(region).queryByRole('listitem')).toBeNull());
    await waitFor(() => expect(confirmButton()).toBeEnabled());
    const cart = JSON.parse(localStorage.getItem('nexbyte_cart')!) as {
      id: number;
      qty: number;
      precio: number;
    }[];
    expect(cart.map((i) => [i.id, i.qty, i.precio])).toEqual([
      [12, 2, 17990],
      [30, 1, 52990],
    ]);
  });

  it('un faltante al confirmar nombra los productos y vuelve a cotizar', async () => {
    storeCart();
    const api = mockApi({
      ...SHIPPING_OPTIONS,
      ...TRANSFER_ONLY,
      'POST /pedidos/cotizacion': { body: buildQuote() },
      'POST /pedidos': {
        status: 409,
        body: {
          message: 'No hay stock suficiente de: Mouse Logitech G203. No se tomó ningún producto.',
          productos: [{ productoId: 12, nombre: 'Mouse Logitech G203', disponible: 0 }],
        },
      },
    });
    const user = userEvent.setup();
    await openCheckout();
    await fillGuest(user);
    // Choosing the región quoted the cart again, with that región's shipping.
    await waitFor(() => expect(confirmButton()).toBeEnabled());
    const quotes = api.callsTo('POST', '/pedidos/cotizacion').length;
    await user.click(confirmButton());

    const message = await screen.findByText(/^No hay stock suficiente de: Mouse Logitech G203\./);
    expect(message.closest('[role="alert"]')).toHaveClass('alert--danger');
    await waitFor(() =>
      expect(api.callsTo('POST', '/pedidos/cotizacion')).toHaveLength(quotes + 1),
    );
  });

  it('con el carrito vacío no hay nada que pagar', async () => {
    mockApi(TRANSFER_ONLY);
    renderApp('/checkout');
    expect(await screen.findByText('Tu carrito está vacío.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ver productos' })).toHaveAttribute(
      'href',
      '/productos',
    );
  });
});

describe('retiro en tienda', () => {
  it('no pide dirección, muestra la de la tienda y su horario, y cotiza y pide con RETIRO', async () => {
    storeCart();
    const pickupQuote = buildQuote({
      entrega: 'RETIRO',
      envio: 0,
      total: 39980,
      reglaEnvio: { precio: 0, envioGratisDesde: null },
    });
    const api = mockApi({
      ...SHIPPING_OPTIONS,
      ...TRANSFER_ONLY,
      'GET /envios': { body: buildShipping() },
      'POST /pedidos/cotizacion': ({ body }) => ({
        body: (body as { entrega: string }).entrega === 'RETIRO' ? pickupQuote : buildQuote(),
      }),
      'POST /pedidos': { status: 201, body: { ...buildOrder(), acceso: 'token' } },
      'GET /pedidos/NB-000123': { body: buildOrder() },
    });
    const user = userEvent.setup();
    await openCheckout();

    await user.click(await screen.findByRole('radio', { name: 'Retiro en tienda' }));
    expect(screen.queryByLabelText('Dirección')).toBeNull();
    expect(screen.queryByLabelText('Región')).toBeNull();
    expect(screen.getByText('Av. Providencia 1234, local 5')).toBeInTheDocument();
    expect(screen.getByText('Horario: Lunes a Viernes, 9:00 a 18:00.')).toBeInTheDocument();
    const summary = screen.getByRole('complementary', { name: 'Resumen del pedido' });
    await waitFor(() => expect(summary).toHaveTextContent('Total$39.980'));

    await user.type(screen.getByLabelText('Nombre y apellidos'), 'Josefa Muñoz');
    await user.type(screen.getByLabelText('Correo'), 'josefa.munoz@gmail.com');
    await user.type(screen.getByLabelText('RUN'), '7.654.321-6');
    await user.type(screen.getByLabelText(/^Teléfono/), '912345678');
    await waitFor(() => expect(confirmButton()).toBeEnabled());
    await user.click(confirmButton());

    await screen.findByRole('heading', { level: 1, name: 'Pedido NB-000123' });
    expect(api.callsTo('POST', '/pedidos')[0]!.body).toMatchObject({
      entrega: 'RETIRO',
      totalEsperado: 39980,
    });
  });
});

describe('checkout con sesión iniciada', () => {
  it('trae los datos de la cuenta, deja cambiar la entrega y no envía datos de invitado', async () => {
    storeSession(
      buildUser({ region: 'Valparaíso', comuna: 'Viña del Mar', direccion: 'Av. Libertad 1' }),
    );
    storeCart();
    const api = mockApi({
      ...SHIPPING_OPTIONS,
      ...TRANSFER_ONLY,
      'POST /pedidos/cotizacion': { body: buildQuote() },
      'POST /pedidos': { status: 201, body: { ...buildOrder({ invitado: false }), acceso: null } },
      'GET /pedidos/NB-000123': { body: buildOrder({ invitado: false }) },
    });
    const user = userEvent.setup();
    await openCheckout();

    expect(screen.getByText('Camila Rojas Soto')).toBeInTheDocument();
    expect(screen.getByText('camila@gmail.com')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Teléfono/)).toHaveValue('9 1234 5678');
    expect(screen.getByLabelText('Región')).toHaveValue('Valparaíso');
    expect(screen.getByLabelText('Comuna')).toHaveValue('Viña del Mar');
    expect(screen.queryByLabelText('RUN')).toBeNull();

    const address = screen.getByLabelText('Dirección');
    await user.clear(address);
    await user.type(address, 'Calle Valparaíso 99');
    await user.click(confirmButton());

    await screen.findByRole('heading', { level: 1, name: 'Pedido NB-000123' });
    expect(api.callsTo('POST', '/pedidos')[0]!.body).toEqual({
      telefono: '9 1234 5678',
      entrega: 'DESPACHO',
      region: 'Valparaíso',
      comuna: 'Viña del Mar',
      direccion: 'Calle Valparaíso 99',
      items: [{ productoId: 12, qty: 2, precio: 19990 }],
      cupon: null,
      metodoPago: 'TRANSFERENCIA',
      totalEsperado: 43970,
      documento: { tipo: 'BOLETA' },
      envioCotizado: 'tabla-firmada',
    });
    expect(api.callsTo('GET', '/pedidos/NB-000123')[0]!.headers.has('Pedido-Acceso')).toBe(false);
    expect(screen.getByRole('link', { name: 'Ver mis pedidos' })).toHaveAttribute(
      'href',
      '/cuenta/pedidos',
    );
  });
});

/** The quote the server gives for each method: the transfer takes 5 % off (subtotal 39.980). */
function quoteFor(metodoPago: unknown) {
  if (metodoPago !== 'TRANSFERENCIA') return buildQuote();
  const total = 39980 - 1999 + 3990;
  return buildQuote({ descuentoPago: 1999, total, iva: Math.round(total - total / 1.19) });
}

const WEBPAY_ORDER = {
  ...buildOrder({
    metodoPago: 'WEBPAY',
    cobro: { metodo: 'WEBPAY', estado: 'PENDIENTE', detalle: null, motivo: null, reembolso: null },
  }),
  acceso: 'token-del-pedido',
  pago: { url: 'https://webpay.test/webpayserver/initTransaction', token: 'tok-webpay-1' },
};

describe('checkout con Webpay y transferencia', () => {
  function paymentsApi(extra: Parameters<typeof mockApi>[0] = {}) {
    return mockApi({
      ...SHIPPING_OPTIONS,
      'GET /config': { body: buildConfig({ descuentoTransferenciaPct: 5 }) },
      'POST /pedidos/cotizacion': ({ body }) => ({
        body: quoteFor((body as { metodoPago?: unknown }).metodoPago),
      }),
      ...extra,
    });
  }
  const webpayButton = () => screen.getByRole('button', { name: 'Pagar con Webpay' });

  async function openWithPayments() {
    renderApp('/checkout');
    await screen.findByRole('heading', { level: 1, name: 'Finalizar compra' });
    await waitFor(() => expect(webpayButton()).toBeEnabled());
  }

  it('ofrece los medios encendidos, Webpay primero, y cotiza con el elegido', async () => {
    storeCart();
    const api = paymentsApi();
    const user = userEvent.setup();
    await openWithPayments();

    const group = screen.getByRole('group', { name: 'Medio de pago' });
    const radios = within(group).getAllByRole('radio');
    expect(radios.map((r) => r.getAttribute('value'))).toEqual(['WEBPAY', 'TRANSFERENCIA']);
    expect(
      within(group).getByRole('radio', { name: /Webpay \(débito, crédito o prepago\)/ }),
    ).toBeChecked();
    expect(api.callsTo('POST', '/pedidos/cotizacion')[0]!.body).toMatchObject({
      metodoPago: 'WEBPAY',
    });
    const summary = screen.getByRole('complementary', { name: 'Resumen del pedido' });
    expect(summary).not.toHaveTextContent('Descuento transferencia');
    expect(within(group).getByText(/tienes un 5 % de descuento/)).toBeInTheDocument();

    // Arrow keys move within the group, as in any radio group.
    radios[0]!.focus();
    await user.keyboard('{ArrowDown}');
    expect(within(group).getByRole('radio', { name: 'Transferencia bancaria' })).toBeChecked();

    await waitFor(() => expect(confirmButton()).toBeEnabled());
    expect(api.callsTo('POST', '/pedidos/cotizacion').at(-1)!.body).toMatchObject({
      metodoPago: 'TRANSFERENCIA',
    });
    expect(summary).toHaveTextContent('Descuento transferencia-$1.999');
    expect(summary).toHaveTextContent('Total$41.971');
    expect(summary).toHaveTextContent('Envío$3.990');
  });

  it('con Webpay guarda el acceso, vacía el carrito y envía token_ws al formulario de Webpay', async () => {
    storeCart();
    const posts = captureFormPosts();
    const api = paymentsApi({ 'POST /pedidos': { status: 201, body: WEBPAY_ORDER } });
    const user = userEvent.setup();
    await openWithPayments();
    await fillGuest(user);
    await user.click(webpayButton());

    expect(await screen.findByText('Te estamos llevando a Webpay…')).toHaveAttribute(
      'role',
      'status',
    );
    expect(api.callsTo('POST', '/pedidos')[0]!.body).toMatchObject({
      metodoPago: 'WEBPAY',
      totalEsperado: 43970,
    });
    expect(posts).toEqual([
      {
        action: 'https://webpay.test/webpayserver/initTransaction',
        method: 'post',
        fields: { token_ws: 'tok-webpay-1' },
      },
    ]);
    // Webpay sends the buyer back to /pedido/NB-000123 without the token: the tab keeps it.
    expect(JSON.parse(sessionStorage.getItem('nexbyte_pedidos_invitado')!)).toEqual({
      'NB-000123': 'token-del-pedido',
    });
    expect(JSON.parse(localStorage.getItem('nexbyte_cart')!)).toEqual([]);
    expect(sessionStorage.getItem('nexbyte_checkout_key')).toBeNull();
    expect(api.callsTo('GET', '/pedidos/NB-000123')).toHaveLength(0);
  });

  it('de vuelta con el botón Atrás, el checkout vacío lleva al pedido que espera el pago', async () => {
    storeCart();
    captureFormPosts();
    paymentsApi({ 'POST /pedidos': { status: 201, body: WEBPAY_ORDER } });
    const user = userEvent.setup();
    const first = renderApp('/checkout');
    await screen.findByRole('heading', { level: 1, name: 'Finalizar compra' });
    await waitFor(() => expect(webpayButton()).toBeEnabled());
    await fillGuest(user);
    await user.click(webpayButton());
    await screen.findByText('Te estamos llevando a Webpay…');
    first.unmount();

    renderApp('/checkout');
    expect(await screen.findByText('Tu carrito está vacío.')).toBeInTheDocument();
    expect(screen.getByText(/Tu pedido NB-000123 espera el pago/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ver el pedido y pagarlo' })).toHaveAttribute(
      'href',
      '/pedido/NB-000123',
    );
  });

  it('un total de $0 se confirma sin ir a Webpay y muestra el pedido', async () => {
    storeCart();
    const posts = captureFormPosts();
    const free = { subtotal: 39980, descuento: 39980, envio: 0, total: 0, iva: 0 };
    const paid = {
      ...buildOrder({
        ...free,
        estado: 'PAGADO',
        metodoPago: 'WEBPAY',
        cobro: { metodo: 'WEBPAY', estado: 'PAGADO', detalle: null, motivo: null, reembolso: null },
      }),
      acceso: 'token-del-pedido',
    };
    const api = mockApi({
      ...SHIPPING_OPTIONS,
      'GET /config': { body: buildConfig({ descuentoTransferenciaPct: 5 }) },
      'POST /pedidos/cotizacion': { body: buildQuote(free) },
      'POST /pedidos': { status: 201, body: { ...paid, pago: null } },
      'GET /pedidos/NB-000123': { body: paid },
    });
    const user = userEvent.setup();
    const { router } = renderApp('/checkout');
    await screen.findByRole('heading', { level: 1, name: 'Finalizar compra' });
    await waitFor(() => expect(confirmButton()).toBeEnabled());
    expect(screen.queryByRole('button', { name: 'Pagar con Webpay' })).toBeNull();
    await fillGuest(user);
    await user.click(confirmButton());

    await waitFor(() => expect(router.state.location.pathname).toBe('/pedido/NB-000123'));
    expect(api.callsTo('POST', '/pedidos')[0]!.body).toMatchObject({
      metodoPago: 'WEBPAY',
      totalEsperado: 0,
    });
    expect(await screen.findByText('¡Gracias por tu compra!')).toBeInTheDocument();
    expect(posts).toEqual([]);
    expect(screen.queryByText('Te estamos llevando a Webpay…')).toBeNull();
  }, 15_000);

  it('si Webpay no responde (502) dice el mensaje del servidor y conserva el carrito', async () => {
    storeCart();
    const posts = captureFormPosts();
    const message =
      'No pudimos conectar con Webpay. Intenta de nuevo o elige transferencia bancaria.';
    paymentsApi({ 'POST /pedidos': { status: 502, body: { message } } });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const user = userEvent.setup();
    await openWithPayments();
    await fillGuest(user);
    await user.click(webpayButton());

    expect((await screen.findByText(message)).closest('[role="alert"]')).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('nexbyte_cart')!)).toHaveLength(1);
    expect(posts).toEqual([]);
    // No order was kept: the next try is a new attempt.
    expect(sessionStorage.getItem('nexbyte_checkout_key')).toBeNull();
    expect(webpayButton()).toBeEnabled();
  });

  it('si Webpay ya no se ofrece (422) lo dice y vuelve a preguntar los medios encendidos', async () => {
    storeCart();
    const message = 'Webpay no está disponible en este momento. Elige transferencia bancaria.';
    let configs = 0;
    paymentsApi({
      'GET /config': () => {
        configs += 1;
        return {
          body: buildConfig({
            metodos: configs === 1 ? ['WEBPAY', 'TRANSFERENCIA'] : ['TRANSFERENCIA'],
          }),
        };
      },
      'POST /pedidos': { status: 422, body: { message } },
    });
    const user = userEvent.setup();
    await openWithPayments();
    await fillGuest(user);
    await user.click(webpayButton());

    expect((await screen.findByText(message)).closest('[role="alert"]')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('radio', { name: /Webpay/ })).toBeNull());
    expect(screen.getByRole('radio', { name: 'Transferencia bancaria' })).toBeChecked();
    await waitFor(() => expect(confirmButton()).toBeEnabled());
    expect(JSON.parse(localStorage.getItem('nexbyte_cart')!)).toHaveLength(1);
  });
});
