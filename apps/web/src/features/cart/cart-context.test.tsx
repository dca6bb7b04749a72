import { act, renderHook } from '@testing-library/react';
import { useEffect, type ReactNode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CartProvider, useCart, useCartRestored, type CartApi } from './cart-context';

const MOUSE = { id: 1, nombre: 'Mouse Logitech G203', precio: 19990, stock: 3 };
const SSD = { id: 2, nombre: 'SSD Kingston NV2 1TB', precio: 54990, stock: 10 };
const CABLE = { id: 3, nombre: 'Cable HDMI 2 m', precio: 3000 };

const wrapper = ({ children }: { children: ReactNode }) => <CartProvider>{children}</CartProvider>;

function renderCart() {
  return renderHook(() => useCart(), { wrapper });
}

const stored = () => JSON.parse(localStorage.getItem('nexbyte_cart') ?? 'null') as unknown;

beforeEach(() => sessionStorage.clear());

/**
 * A screen under the cart as a server-rendered page gets it: the server's HTML (an empty cart, it
 * knows no browser storage), then hydrated in the browser.
 */
function hydrateUnderCart(screen: ReactNode) {
  const tree = <CartProvider>{screen}</CartProvider>;
  const container = document.createElement('div');
  container.innerHTML = renderToString(tree);
  const serverText = container.textContent;
  document.body.append(container);
  let root: Root | undefined;
  act(() => {
    root = hydrateRoot(container, tree);
  });
  return { container, serverText, unmount: () => act(() => root!.unmount()) };
}

/**
 * The cart, hydrated. Answers every value a consumer was drawn with (renders React committed to
 * the page, not attempts it threw away).
 */
function hydrateCart() {
  const seen: CartApi[] = [];
  function Consumer() {
    const cart = useCart();
    useEffect(() => {
      seen.push(cart);
    });
    return <span>{cart.count}</span>;
  }
  return { seen, ...hydrateUnderCart(<Consumer />) };
}

describe('CartProvider', () => {
  it('useCart fuera del proveedor avisa con el mensaje de la especificación', () => {
    vi.mocked(console.error).mockImplementation(() => {});
    expect(() => renderHook(() => useCart())).toThrow(
      'useCart debe ser usado dentro de un CartProvider',
    );
  });

  it('añadir un producto que ya está suma una unidad; la cuenta y el subtotal lo reflejan', () => {
    const { result } = renderCart();
    act(() => {
      result.current.add(MOUSE);
      result.current.add(SSD);
      result.current.add(MOUSE);
    });
    expect(result.current.items.map(({ id, qty }) => ({ id, qty }))).toEqual([
      { id: 1, qty: 2 },
      { id: 2, qty: 1 },
    ]);
    expect(result.current.count).toBe(3);
    expect(result.current.subtotal).toBe(2 * 19990 + 54990);
    expect(stored()).toEqual([
      expect.objectContaining({ id: 1, qty: 2 }),
      expect.objectContaining({ id: 2, qty: 1 }),
    ]);
  });

  it('no pasa del stock y no añade un producto sin stock', () => {
    const { result } = renderCart();
    const results: string[] = [];
    act(() => {
      for (let i = 0; i < 4; i++) results.push(result.current.add(MOUSE));
      results.push(result.current.add({ ...CABLE, id: 4, stock: 0 }));
    });
    expect(results).toEqual(['added', 'added', 'added', 'limit', 'out-of-stock']);
    expect(result.current.items).toEqual([expect.objectContaining({ id: 1, qty: 3 })]);
  });

  it('setQuantity ajusta entre 1 y 99 lo que se escribe', () => {
    const { result } = renderCart();
    act(() => void result.current.add(CABLE));
    act(() => result.current.setQuantity(3, '250'));
    expect(result.current.items[0]?.qty).toBe(99);
    act(() => result.current.setQuantity(3, 'abc'));
    expect(result.current.items[0]?.qty).toBe(1);
    act(() => result.current.setQuantity(3, '7.9'));
    expect(result.current.items[0]?.qty).toBe(7);
  });

  it('restore devuelve una línea quitada a su lugar y con su cantidad', () => {
    const { result } = renderCart();
    act(() => {
      result.current.add(MOUSE);
      result.current.add(SSD);
      result.current.add(SSD);
      result.current.add(CABLE);
    });
    let removed: ReturnType<typeof result.current.remove>;
    act(() => {
      removed = result.current.remove(2);
    });
    expect(result.current.items.map((item) => item.id)).toEqual([1, 3]);
    act(() => result.current.restore(removed!, 1));
    expect(result.current.items.map(({ id, qty }) => [id, qty])).toEqual([
      [1, 1],
      [2, 2],
      [3, 1],
    ]);
  });

  it('clear vacía el carrito y lo guarda vacío', () => {
    const { result } = renderCart();
    act(() => void result.current.add(MOUSE));
    act(() => result.current.clear());
    expect(result.current.items).toEqual([]);
    expect(stored()).toEqual([]);
  });

  it('lee el carrito guardado al empezar y los cambios de otra pestaña', () => {
    localStorage.setItem('nexbyte_cart', JSON.stringify([{ ...MOUSE, qty: 2 }]));
    const { result } = renderCart();
    expect(result.current.count).toBe(2);

    localStorage.setItem('nexbyte_cart', JSON.stringify([{ ...SSD, qty: 4 }]));
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'nexbyte_cart' }));
    });
    expect(result.current.items).toEqual([expect.objectContaining({ id: 2, qty: 4 })]);
  });

  it('guarda en la pestaña el cupón que aceptó el servidor; uno rechazado quita el aplicado', () => {
    const nex10 = { code: 'NEX10', kind: 'percent', value: 10, label: '10% de descuento' } as const;
    const { result } = renderCart();
    act(() => result.current.applyCoupon(nex10));
    expect(result.current.coupon).toEqual(nex10);
    expect(JSON.parse(sessionStorage.getItem('nexbyte_coupon') ?? 'null')).toEqual(nex10);
    act(() => result.current.applyCoupon(null));
    expect(result.current.coupon).toBeNull();
    expect(sessionStorage.getItem('nexbyte_coupon')).toBeNull();
  });

  it('al hidratar la página del servidor, muestra el carrito guardado justo después', () => {
    localStorage.setItem('nexbyte_cart', JSON.stringify([{ ...MOUSE, qty: 2 }]));
    const { seen, container, unmount } = hydrateCart();
    expect(seen.map((cart) => cart.count)).toEqual([0, 2]);
    expect(container.textContent).toBe('2');
    unmount();
  });

  it('dice cuándo ya leyó el carrito del navegador: al hidratar, después; si no, desde el inicio', () => {
    localStorage.setItem('nexbyte_cart', JSON.stringify([{ ...MOUSE, qty: 2 }]));
    const drawn: [boolean, number][] = [];
    function Checkout() {
      const restored = useCartRestored();
      const { count } = useCart();
      useEffect(() => {
        drawn.push([restored, count]);
      });
      return <span>{restored ? count : '…'}</span>;
    }
    const { serverText, unmount } = hydrateUnderCart(<Checkout />);
    expect(serverText).toBe('…');
    // Never "read" with the server's empty cart.
    expect(drawn[0]).toEqual([false, 0]);
    expect(drawn.at(-1)).toEqual([true, 2]);
    expect(drawn.filter(([restored, count]) => restored && count === 0)).toEqual([]);
    unmount();

    // Rendered in the browser from the start, the cart is read before the first drawing.
    const { result } = renderHook(() => useCartRestored(), { wrapper });
    expect(result.current).toBe(true);
  });

  it('al hidratar sin carrito guardado no vuelve a dibujar a quien lo usa, y guarda lo que se añade', () => {
    const { seen, unmount } = hydrateCart();
    // One drawing: the hydration's. An empty cart read from storage changes nothing on screen.
    expect(seen).toHaveLength(1);
    act(() => void seen.at(-1)!.add(MOUSE));
    expect(stored()).toEqual([expect.objectContaining({ id: 1, qty: 1 })]);
    unmount();
  });
});
