import type { CartItem, Cotizacion } from '@nexbyte/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildUser, storeSession } from '../../testing/fixtures';
import { mockApi, type MockCall } from '../../testing/mock-api';
import { buildConfig, buildQuote, buildShipping } from '../../testing/order-fixtures';
import { renderApp } from '../testing/render-app';

function line(overrides: Partial<CartItem> & Pick<CartItem, 'id' | 'nombre' | 'precio'>): CartItem {
  return { imagen: '/img/categorias/perifericos.svg', qty: 1, ...overrides };
}

const MOUSE = line({ id: 1, nombre: 'Mouse Logitech G203', precio: 19990, stock: 20 });
const AUDIFONOS = line({ id: 2, nombre: 'Audífonos HyperX Cloud', precio: 45995, stock: 8 });
const CABLE = line({ id: 3, nombre: 'Cable HDMI 2 m', precio: 3000 });

async function renderCart(items: CartItem[]) {
  localStorage.setItem('nexbyte_cart', JSON.stringify(items));
  const app = renderApp('/carrito');
  await screen.findByRole('heading', { level: 1, name: 'Carrito' });
  return app;
}

const summary = () => screen.getByRole('complementary', { name: 'Resumen' });

/** The amount shown beside a label of the summary ('Subtotal', 'Descuento', 'Envío', 'Total'). */
function amount(label: string): string {
  const term = within(summary()).getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent ?? '';
}

const row = (name: string) => screen.getByRole('link', { name }).closest('tr')!;

async function applyCoupon(code: string) {
  const user = userEvent.setup();
  const input = screen.getByRole('textbox', { name: 'Cupón de descuento' });
  await user.clear(input);
  if (code) await user.type(input, code);
  const button = screen.getByRole('button', { name: 'Aplicar' });
  await user.click(button);
  // The server answers; the summary follows once it has.
  await waitFor(() => expect(button).not.toHaveAttribute('aria-busy'));
  await act(async () => {});
}

/** The server's coupons, as the demo data creates them; the cart asks the server about a code. */
const SERVER_COUPONS = {
  NEX10: { codigo: 'NEX10', tipo: 'percent', valor: 10, label: '10% de descuento' },
  NEX5K: { codigo: 'NEX5K', tipo: 'amount', valor: 5000, label: '$5.000 de descuento' },
  ENVIO0: { codigo: 'ENVIO0', tipo: 'shipping', valor: 0, label: 'Envío gratis' },
} as const;

function couponQuote(call: MockCall) {
  const code = (call.body as { cupon: string }).cupon;
  const cupon = SERVER_COUPONS[code as keyof typeof SERVER_COUPONS] ?? null;
  const quote: Cotizacion = buildQuote({
    cupon,
    cuponInvalido: cupon === null,
    cuponMensaje: cupon ? null : 'Cupón inválido.',
  });
  return { body: quote };
}

function shopApi(config = buildConfig()) {
  return mockApi({
    'GET /config': { body: config },
    'GET /envios': { body: buildShipping() },
    'POST /pedidos/cotizacion': couponQuote,
  });
}

beforeEach(() => {
  sessionStorage.clear();
  shopApi();
});
afterEach(() => vi.useRealTimers());

describe('Carrito', () => {
  it('vacío muestra Tu carrito está vacío. con un enlace a los productos', async () => {
    await renderCart([]);
    expect(screen.getByText('Tu carrito está vacío.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ver productos' })).toHaveAttribute(
      'href',
      '/productos',
    );
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('complementary', { name: 'Resumen' })).not.toBeInTheDocument();
  });

  it('lista cada línea con imagen, enlace al producto, precio, cantidad y subtotal', async () => {
    await renderCart([{ ...MOUSE, qty: 2 }, CABLE]);
    const table = screen.getByRole('table', { name: 'Productos en tu carrito' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Imagen', 'Producto', 'Precio', 'Cantidad', 'Subtotal', 'Acciones']);
    const mouse = row('Mouse Logitech G203');
    expect(within(mouse).getByRole('img', { name: 'Mouse Logitech G203' })).toBeInTheDocument();
    expect(within(mouse).getByRole('link', { name: 'Mouse Logitech G203' })).toHaveAttribute(
      'href',
      '/productos/detalle/1',
    );
    expect(within(mouse).getByText('$19.990')).toBeInTheDocument();
    expect(
      within(mouse).getByRole('spinbutton', { name: 'Cantidad de Mouse Logitech G203' }),
    ).toHaveValue(2);
    expect(within(mouse).getByText('$39.980')).toBeInTheDocument();
    expect(screen.getByText('3 productos')).toHaveAttribute('role', 'status');
  });

  it('bajo 80.000 cobra 3.990 de envío y dice cuánto falta para el envío gratis', async () => {
    await renderCart([{ ...MOUSE, qty: 2 }]);
    expect(amount('Subtotal')).toBe('$39.980');
    expect(amount('Descuento')).toBe('$0');
    expect(amount('Envío')).toBe('$3.990');
    expect(amount('Total')).toBe('$43.970');
    expect(screen.getByText('Te faltan $40.020 para envío gratis.')).toBeInTheDocument();
    const bar = screen.getByRole('progressbar', { name: 'Avance hacia el envío gratis' });
    expect(bar).toHaveAttribute('value', String((39980 / 80000) * 100));
    expect(bar).toHaveAttribute('max', '100');
  });

  it('desde 80.000 exactos el envío es Gratis', async () => {
    await renderCart([line({ id: 9, nombre: 'Monitor LG 27"', precio: 80000 })]);
    expect(amount('Envío')).toBe('Gratis');
    expect(amount('Total')).toBe('$80.000');
    expect(screen.getByText('¡Tienes envío gratis!')).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('value', '100');
  });

  it('a un peso del umbral todavía cobra envío', async () => {
    await renderCart([line({ id: 9, nombre: 'Monitor LG 27"', precio: 79999 })]);
    expect(amount('Envío')).toBe('$3.990');
    expect(screen.getByText('Te faltan $1 para envío gratis.')).toBeInTheDocument();
  });

  it('el cupón NEX10 descuenta el 10 % redondeado hacia abajo', async () => {
    await renderCart([AUDIFONOS]);
    await applyCoupon('NEX10');
    expect(amount('Subtotal')).toBe('$45.995');
    expect(amount('Descuento')).toBe('-$4.599');
    expect(amount('Envío')).toBe('$3.990');
    expect(amount('Total')).toBe('$45.386');
    expect(screen.getByText('Aplicado: 10% de descuento')).toBeInTheDocument();
  });

  it('con descuento por transferencia muestra también el total pagando así', async () => {
    shopApi(buildConfig({ descuentoTransferenciaPct: 5 }));
    await renderCart([{ ...MOUSE, qty: 2 }]);
    // (39.980 − round(1.999)) + 3.990 de envío
    expect(await within(summary()).findByText('$41.971 con transferencia')).toBeInTheDocument();
    await applyCoupon('NEX10');
    // 39.980 − 3.998 = 35.982; − round(1.799,1) = 34.183; + 3.990
    expect(await within(summary()).findByText('$38.173 con transferencia')).toBeInTheDocument();
  });

  it('con cuotas sin interés muestra el total con tarjeta en cuotas, envío y cupón incluidos', async () => {
    shopApi(buildConfig({ descuentoTransferenciaPct: 5, cuotasSinInteresMax: 6 }));
    await renderCart([{ ...MOUSE, qty: 2 }]);
    // 39.980 + 3.990 de envío = 43.970; / 6 = 7.328,3 → 7.329
    expect(
      await within(summary()).findByText('Hasta 6 cuotas sin interés de $7.329'),
    ).toBeInTheDocument();
    await applyCoupon('NEX10');
    // 39.980 − 3.998 + 3.990 = 39.972; / 6 = 6.662
    expect(
      await within(summary()).findByText('Hasta 6 cuotas sin interés de $6.662'),
    ).toBeInTheDocument();
  });

  it('sin cuotas configuradas el resumen no las menciona', async () => {
    const api = shopApi(buildConfig({ cuotasSinInteresMax: 0 }));
    await renderCart([{ ...MOUSE, qty: 2 }]);
    await waitFor(() => expect(api.callsTo('GET', '/config')).toHaveLength(1));
    expect(within(summary()).queryByText(/cuotas sin interés/)).toBeNull();
  });

  it('el cupón NEX5K descuenta 5.000', async () => {
    await renderCart([AUDIFONOS]);
    await applyCoupon('NEX5K');
    expect(amount('Descuento')).toBe('-$5.000');
    expect(amount('Total')).toBe('$44.985');
  });

  it('el cupón NEX5K no descuenta más que el subtotal', async () => {
    await renderCart([CABLE]);
    await applyCoupon('NEX5K');
    expect(amount('Descuento')).toBe('-$3.000');
    expect(amount('Envío')).toBe('$3.990');
    expect(amount('Total')).toBe('$3.990');
  });

  it('el cupón ENVIO0 deja el envío en Gratis', async () => {
    await renderCart([AUDIFONOS]);
    await applyCoupon('ENVIO0');
    expect(amount('Descuento')).toBe('$0');
    expect(amount('Envío')).toBe('Gratis');
    expect(amount('Total')).toBe('$45.995');
    expect(screen.getByText('Aplicado: Envío gratis')).toBeInTheDocument();
  });

  it('el código se recorta y se pasa a mayúsculas antes de preguntarlo al servidor', async () => {
    const api = shopApi();
    await renderCart([AUDIFONOS]);
    await applyCoupon('  nex10 ');
    expect(await screen.findByText('Aplicado: 10% de descuento')).toBeInTheDocument();
    expect(api.callsTo('POST', '/pedidos/cotizacion').at(-1)!.body).toMatchObject({
      cupon: 'NEX10',
    });
  });

  it('muestra el motivo del servidor cuando rechaza un cupón que existe', async () => {
    mockApi({
      'GET /config': { body: buildConfig() },
      'GET /envios': { body: buildShipping() },
      'POST /pedidos/cotizacion': {
        body: buildQuote({
          cuponInvalido: true,
          cuponMensaje: 'El cupón VERANO ya venció.',
        }),
      },
    });
    await renderCart([AUDIFONOS]);
    await applyCoupon('VERANO');
    const input = screen.getByRole('textbox', { name: 'Cupón de descuento' });
    expect(input).toHaveAccessibleDescription('El cupón VERANO ya venció.');
    expect(amount('Descuento')).toBe('$0');
  });

  it('con sesión estima el envío con la tarifa de la región del perfil', async () => {
    storeSession(buildUser({ region: 'Arica y Parinacota', comuna: 'Arica' }));
    await renderCart([AUDIFONOS]);
    expect(await screen.findByText('Envío estimado a Arica y Parinacota.')).toBeInTheDocument();
    expect(amount('Envío')).toBe('$7.990');
    expect(screen.getByText('Te faltan $104.005 para envío gratis.')).toBeInTheDocument();
  });

  it('un código vacío no hace nada', async () => {
    await renderCart([AUDIFONOS]);
    await applyCoupon('   ');
    expect(screen.queryByText('Cupón inválido.')).not.toBeInTheDocument();
    expect(screen.queryByTestId('toast')).not.toBeInTheDocument();
    expect(amount('Descuento')).toBe('$0');
  });

  it('un código desconocido muestra Cupón inválido. en línea y en un aviso, y quita el aplicado', async () => {
    await renderCart([AUDIFONOS]);
    await applyCoupon('NEX10');
    expect(amount('Descuento')).toBe('-$4.599');

    await applyCoupon('GRATIS100');

    const input = screen.getByRole('textbox', { name: 'Cupón de descuento' });
    expect(input).toHaveAccessibleDescription('Cupón inválido.');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    const toast = screen.getByTestId('toast');
    expect(toast).toHaveTextContent('Cupón inválido.');
    expect(toast.closest('[role="alert"]')).not.toBeNull();
    expect(screen.queryByText(/^Aplicado:/)).not.toBeInTheDocument();
    expect(amount('Descuento')).toBe('$0');
  });

  it('Quitar cupón vuelve al total sin descuento', async () => {
    const user = userEvent.setup();
    await renderCart([AUDIFONOS]);
    await applyCoupon('NEX10');
    await user.click(screen.getByRole('button', { name: 'Quitar cupón' }));
    expect(screen.queryByText(/^Aplicado:/)).not.toBeInTheDocument();
    expect(amount('Total')).toBe('$49.985');
  });

  it('el selector de cantidad no baja de 1 ni pasa del stock', async () => {
    const user = userEvent.setup();
    await renderCart([line({ id: 4, nombre: 'Pendrive 64GB', precio: 5990, stock: 3 })]);
    const minus = screen.getByRole('button', { name: 'Disminuir cantidad de Pendrive 64GB' });
    const plus = screen.getByRole('button', { name: 'Aumentar cantidad de Pendrive 64GB' });
    const input = screen.getByRole('spinbutton', { name: 'Cantidad de Pendrive 64GB' });
    expect(minus).toHaveAttribute('aria-disabled', 'true');
    await user.click(minus);
    expect(input).toHaveValue(1);
    expect(input).toHaveAttribute('min', '1');
    expect(input).toHaveAttribute('max', '3');

    await user.click(plus);
    await user.click(plus);

    expect(input).toHaveValue(3);
    expect(plus).toHaveAttribute('aria-disabled', 'true');
    await user.click(plus);
    expect(input).toHaveValue(3);
    expect(minus).toHaveAttribute('aria-disabled', 'false');
    expect(amount('Subtotal')).toBe('$17.970');

    await user.click(minus);
    expect(input).toHaveValue(2);
    expect(screen.getByTestId('cart-count')).toHaveTextContent('2');
  });

  it('lo escrito en la cantidad se ajusta entre 1 y 99 (las unidades que admite un pedido)', async () => {
    await renderCart([CABLE]);
    const input = screen.getByRole('spinbutton', { name: 'Cantidad de Cable HDMI 2 m' });

    fireEvent.change(input, { target: { value: '20' } });
    expect(input).toHaveValue(20);
    fireEvent.change(input, { target: { value: '150' } });
    expect(input).toHaveValue(99);
    expect(
      screen.getByRole('button', { name: 'Aumentar cantidad de Cable HDMI 2 m' }),
    ).toHaveAttribute('aria-disabled', 'true');

    fireEvent.change(input, { target: { value: '0' } });
    expect(input).toHaveValue(1);

    fireEvent.change(input, { target: { value: '7' } });
    expect(input).toHaveValue(7);
    expect(JSON.parse(localStorage.getItem('nexbyte_cart') ?? '[]')[0]).toMatchObject({ qty: 7 });

    // Emptied while typing: it waits, and leaving the box sets the minimum.
    fireEvent.change(input, { target: { value: '' } });
    expect(input).toHaveValue(null);
    fireEvent.blur(input);
    expect(input).toHaveValue(1);
  });

  it('Eliminar quita la línea y Deshacer la devuelve a su lugar', async () => {
    const user = userEvent.setup();
    await renderCart([MOUSE, AUDIFONOS, CABLE]);

    await user.click(screen.getByRole('button', { name: 'Eliminar Audífonos HyperX Cloud' }));

    expect(screen.queryByRole('link', { name: 'Audífonos HyperX Cloud' })).not.toBeInTheDocument();
    expect(amount('Subtotal')).toBe('$22.990');
    const toast = screen.getByTestId('toast');
    expect(toast).toHaveTextContent('Audífonos HyperX Cloud se quitó del carrito.');

    await user.click(within(toast).getByRole('button', { name: 'Deshacer' }));

    const names = screen
      .getAllByRole('link', { name: /Mouse|Audífonos|Cable/ })
      .map((link) => link.textContent);
    expect(names).toEqual(['Mouse Logitech G203', 'Audífonos HyperX Cloud', 'Cable HDMI 2 m']);
    expect(amount('Subtotal')).toBe('$68.985');
    expect(screen.queryByTestId('toast')).not.toBeInTheDocument();
  });

  it('el aviso para deshacer dura 3,5 segundos', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await renderCart([MOUSE]);

    fireEvent.click(screen.getByRole('button', { name: 'Eliminar Mouse Logitech G203' }));

    expect(screen.getByText('Tu carrito está vacío.')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(3400));
    expect(screen.getByRole('button', { name: 'Deshacer' })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(screen.queryByRole('button', { name: 'Deshacer' })).not.toBeInTheDocument();
  });

  it('Vaciar carrito pide confirmación antes de vaciarlo', async () => {
    const user = userEvent.setup();
    await renderCart([MOUSE, CABLE]);

    await user.click(screen.getByRole('button', { name: 'Vaciar carrito' }));
    const dialog = screen.getByRole('alertdialog', { name: '¿Vaciar el carrito?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(screen.getByRole('table')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Vaciar carrito' }));
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Vaciar carrito' }),
    );

    expect(screen.getByText('Tu carrito está vacío.')).toBeInTheDocument();
    expect(localStorage.getItem('nexbyte_cart')).toBe('[]');
    expect(screen.getByTestId('cart-count')).toHaveTextContent('0');
  });

  it('ofrece Seguir comprando, Proceder al pago y, en la barra móvil, el total con Pagar', async () => {
    await renderCart([{ ...MOUSE, qty: 2 }]);
    expect(screen.getByRole('link', { name: 'Seguir comprando' })).toHaveAttribute(
      'href',
      '/productos',
    );
    expect(screen.getByRole('link', { name: 'Proceder al pago' })).toHaveAttribute(
      'href',
      '/checkout',
    );
    const pay = screen.getByRole('link', { name: 'Pagar' });
    expect(pay).toHaveAttribute('href', '/checkout');
    expect(pay.closest('.cart-mobile-bar')).toHaveTextContent('Total $43.970');
  });

  it('el carrito se mantiene al recargar la página', async () => {
    const user = userEvent.setup();
    const { unmount } = await renderCart([MOUSE]);
    await user.click(
      screen.getByRole('button', { name: 'Aumentar cantidad de Mouse Logitech G203' }),
    );
    unmount();

    renderApp('/carrito');
    expect(
      await screen.findByRole('spinbutton', { name: 'Cantidad de Mouse Logitech G203' }),
    ).toHaveValue(2);
  });
});

describe('Carrito con ofertas', () => {
  const OFERTA = {
    precio: 16990,
    desde: '2026-11-20T03:00:00.000Z',
    hasta: '2026-12-01T03:00:00.000Z',
  };
  // The mouse went into the cart at the offer's price; the cable has no offer.
  const MOUSE_EN_OFERTA = { ...MOUSE, precio: 16990 };

  /** The server's prices now: the mouse on offer unless `ended`. */
  function pricesApi({ ended = false } = {}) {
    return mockApi({
      'GET /config': { body: buildConfig() },
      'GET /envios': { body: buildShipping() },
      'POST /pedidos/cotizacion': (call) => {
        const items = (call.body as { items: { productoId: number; qty: number }[] }).items;
        const lineas = items.map(({ productoId, qty }) => {
          const onOffer = productoId === MOUSE.id && !ended;
          const precio = productoId === MOUSE.id ? (onOffer ? 16990 : 19990) : CABLE.precio;
          return {
            productoId,
            nombre: productoId === MOUSE.id ? MOUSE.nombre : CABLE.nombre,
            imagen: null,
            precio,
            precioNormal: onOffer ? 19990 : null,
            oferta: onOffer ? OFERTA : null,
            qty,
            stock: 20,
            disponible: true,
            subtotal: precio * qty,
          };
        });
        return { body: buildQuote({ lineas }) };
      },
    });
  }

  it("una línea en oferta muestra el precio normal tachado y '-15 %'; la otra, solo su precio", async () => {
    const api = pricesApi();
    await renderCart([{ ...MOUSE_EN_OFERTA, qty: 2 }, CABLE]);
    const mouse = row('Mouse Logitech G203');
    const normal = await within(mouse).findByRole('deletion');
    expect(normal).toHaveTextContent('Precio normal: $19.990');
    expect(within(mouse).getByText('-15 %')).toBeInTheDocument();
    expect(within(mouse).getByText('Oferta hasta el 30 de noviembre')).toBeInTheDocument();
    expect(mouse.querySelector('.cart-table__price')).toHaveTextContent(
      'Precio oferta: $16.990 Precio normal: $19.990 -15 %',
    );
    expect(within(mouse).getByText('$33.980')).toBeInTheDocument();

    const cable = row('Cable HDMI 2 m');
    expect(within(cable).queryByRole('deletion')).not.toBeInTheDocument();
    expect(cable.querySelector('.cart-table__price')).toHaveTextContent(/^\$3\.000$/);

    // The server's price is the one charged; the summary says what the offer saves.
    expect(amount('Subtotal')).toBe('$36.980');
    expect(within(summary()).getByText('Ahorras $6.000 en ofertas')).toBeInTheDocument();
    expect(api.callsTo('POST', '/pedidos/cotizacion').map((c) => c.body)).toEqual([
      {
        items: [
          { productoId: MOUSE.id, qty: 1 },
          { productoId: CABLE.id, qty: 1 },
        ],
      },
    ]);

    // A change of quantity does not ask again.
    await userEvent.click(
      within(mouse).getByRole('button', { name: 'Aumentar cantidad de Mouse Logitech G203' }),
    );
    expect(within(summary()).getByText('Ahorras $9.000 en ofertas')).toBeInTheDocument();
    expect(api.callsTo('POST', '/pedidos/cotizacion')).toHaveLength(1);
  });

  it('una oferta que el servidor ya no aplica no se muestra', async () => {
    const api = pricesApi({ ended: true });
    await renderCart([MOUSE_EN_OFERTA]);
    await waitFor(() => expect(api.callsTo('POST', '/pedidos/cotizacion')).toHaveLength(1));
    await act(async () => {});
    const mouse = row('Mouse Logitech G203');
    expect(within(mouse).queryByRole('deletion')).not.toBeInTheDocument();
    expect(within(mouse).queryByText(/%/)).not.toBeInTheDocument();
    expect(screen.queryByText(/Ahorras/)).not.toBeInTheDocument();
  });
});
