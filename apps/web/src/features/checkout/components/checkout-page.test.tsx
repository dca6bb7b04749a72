import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { buildUser, storeSession } from '../../../testing/fixtures';
import { mockApi, type MockCall } from '../../../testing/mock-api';
import { buildOrder, buildQuote } from '../../../testing/order-fixtures';
import { renderApp } from '../../../testing/render-app';

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
      'POST /pedidos/cotizacion': { body: quote },
      'POST /pedidos': { status: 201, body: order },
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
    });
    expect(screen.getByRole('radio', { name: /Transferencia bancaria/ })).toBeChecked();

    await fillGuest(user);
    await user.click(confirmButton());

    await screen.findByRole('heading', { level: 1, name: 'Pedido NB-000123' });
    const [sent] = api.callsTo('POST', '/pedidos');
    expect(sent!.body).toEqual({
      nombre: 'Josefa Muñoz',
      correo: 'josefa.munoz@gmail.com',
      run: '7654321-6',
      telefono: '9 1234 5678',
      region: 'Metropolitana de Santiago',
      comuna: 'Providencia',
      direccion: 'Los Leones 456',
      items: [{ productoId: 12, qty: 2, precio: 19990 }],
      cupon: null,
      metodoPago: 'TRANSFERENCIA',
      totalEsperado: 43970,
    });
    expect(sent!.headers.get('Idempotency-Key')).toMatch(/^[\w-]{8,}$/);
    expect(router.state.location.pathname).toBe('/pedido/NB-000123');
    // The cart is emptied and the guest's e-mail opens the confirmation without asking.
    expect(JSON.parse(localStorage.getItem('nexbyte_cart')!)).toEqual([]);
    expect(api.callsTo('GET', '/pedidos/NB-000123')[0]!.query.get('email')).toBe(
      'josefa.munoz@gmail.com',
    );
    expect(screen.getByText('¡Gracias por tu compra!')).toBeInTheDocument();
    expect(sessionStorage.getItem('nexbyte_checkout_key')).toBeNull();
  });

  it('pide cada dato con los mensajes del registro y no envía nada', async () => {
    storeCart();
    const api = mockApi({ 'POST /pedidos/cotizacion': { body: buildQuote() } });
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
    await user.click(confirmButton());

    const message = await screen.findByText(/^No hay stock suficiente de: Mouse Logitech G203\./);
    expect(message.closest('[role="alert"]')).toHaveClass('alert--danger');
    await waitFor(() => expect(api.callsTo('POST', '/pedidos/cotizacion')).toHaveLength(2));
  });

  it('con el carrito vacío no hay nada que pagar', async () => {
    renderApp('/checkout');
    expect(await screen.findByText('Tu carrito está vacío.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ver productos' })).toHaveAttribute(
      'href',
      '/productos',
    );
  });
});

describe('checkout con sesión iniciada', () => {
  it('trae los datos de la cuenta, deja cambiar la entrega y no envía datos de invitado', async () => {
    storeSession(
      buildUser({ region: 'Valparaíso', comuna: 'Viña del Mar', direccion: 'Av. Libertad 1' }),
    );
    storeCart();
    const api = mockApi({
      'POST /pedidos/cotizacion': { body: buildQuote() },
      'POST /pedidos': { status: 201, body: buildOrder({ invitado: false }) },
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
      region: 'Valparaíso',
      comuna: 'Viña del Mar',
      direccion: 'Calle Valparaíso 99',
      items: [{ productoId: 12, qty: 2, precio: 19990 }],
      cupon: null,
      metodoPago: 'TRANSFERENCIA',
      totalEsperado: 43970,
    });
    expect(api.callsTo('GET', '/pedidos/NB-000123')[0]!.query.has('email')).toBe(false);
    expect(screen.getByRole('link', { name: 'Ver mis pedidos' })).toHaveAttribute(
      'href',
      '/cuenta/pedidos',
    );
  });
});
