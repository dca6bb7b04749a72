import { describe, expect, it } from 'vitest';
import {
  addToCart,
  cartItemCount,
  cartSubtotal,
  clampQuantity,
  clearCart,
  parseStoredCart,
  removeFromCart,
  updateQuantity,
  type CartItem,
  type CartProduct,
} from './cart';

const teclado: CartProduct = { id: 1, nombre: 'Teclado mecánico', precio: 39990, stock: 12 };
const mouse: CartProduct = { id: 2, nombre: 'Mouse inalámbrico', precio: 12990 };

function line(product: CartProduct, qty: number): CartItem {
  return { ...product, qty };
}

describe('clampQuantity', () => {
  it.each([
    [0, 1],
    [1, 1],
    [10, 10],
    [20, 20],
    [99, 99],
    [100, 99],
    ['150', 99],
    [-3, 1],
    ['abc', 1],
    ['7.9', 7],
    [7.9, 7],
    ['09', 9],
    ['', 1],
    [null, 1],
    [undefined, 1],
    [Number.NaN, 1],
  ])('convierte %j en la cantidad %i', (raw, expected) => {
    expect(clampQuantity(raw)).toBe(expected);
  });
});

describe('addToCart', () => {
  it('un producto nuevo entra con cantidad 1', () => {
    expect(addToCart([], teclado)).toEqual([line(teclado, 1)]);
  });

  it('un producto que ya está suma una unidad a su línea en vez de crear otra', () => {
    const cart = addToCart([line(teclado, 2), line(mouse, 1)], teclado);
    expect(cart).toEqual([line(teclado, 3), line(mouse, 1)]);
  });

  it('no pasa de 99 unidades por línea, las que admite un pedido', () => {
    expect(addToCart([line(mouse, 10)], mouse)[0]?.qty).toBe(11);
    expect(addToCart([line(mouse, 99)], mouse)[0]?.qty).toBe(99);
    expect(addToCart([line(mouse, 95)], mouse, 20)[0]?.qty).toBe(99);
  });

  it('no pasa del stock conocido del producto', () => {
    const pocoStock = { ...teclado, stock: 3 };
    expect(addToCart([line(pocoStock, 3)], pocoStock)[0]?.qty).toBe(3);
    expect(addToCart([], pocoStock, 5)[0]?.qty).toBe(3);
  });

  it('un producto sin stock no se agrega', () => {
    const agotado = { ...teclado, stock: 0 };
    expect(addToCart([], agotado)).toEqual([]);
    expect(addToCart([line(mouse, 1)], agotado)).toEqual([line(mouse, 1)]);
  });

  it('actualiza precio y stock de la línea con los datos recién cargados del producto', () => {
    const [item] = addToCart([line(teclado, 1)], { ...teclado, precio: 35990, stock: 2 });
    expect(item).toEqual({ ...teclado, precio: 35990, stock: 2, qty: 2 });
  });

  it('no modifica el carrito recibido', () => {
    const cart = Object.freeze([Object.freeze(line(teclado, 1))]);
    const next = addToCart(cart, teclado);
    expect(cart[0]?.qty).toBe(1);
    expect(next).not.toBe(cart);
  });
});

describe('removeFromCart', () => {
  it('elimina solo la línea con ese id', () => {
    expect(removeFromCart([line(teclado, 2), line(mouse, 1)], 1)).toEqual([line(mouse, 1)]);
  });

  it('un id que no está deja el carrito igual', () => {
    expect(removeFromCart([line(mouse, 1)], 99)).toEqual([line(mouse, 1)]);
  });
});

describe('updateQuantity', () => {
  const cart = [line(teclado, 2), line(mouse, 5)];

  it.each([
    ['7', 7],
    ['7.9', 7],
    ['abc', 1],
    [0, 1],
    [-3, 1],
    [20, 20],
    [100, 99],
  ])('con %j deja la línea en %i', (raw, expected) => {
    const next = updateQuantity(cart, 2, raw);
    expect(next[1]?.qty).toBe(expected);
    expect(next[0]?.qty).toBe(2);
  });

  it('no deja pedir más que el stock conocido', () => {
    expect(updateQuantity([line({ ...teclado, stock: 6 }, 2)], 1, 50)[0]?.qty).toBe(6);
  });
});

describe('clearCart', () => {
  it('deja el carrito vacío', () => {
    expect(clearCart()).toEqual([]);
  });
});

describe('cartSubtotal y cartItemCount', () => {
  it('el subtotal suma cantidad por precio de cada línea', () => {
    expect(cartSubtotal([line(teclado, 2), line(mouse, 3)])).toBe(2 * 39990 + 3 * 12990);
  });

  it('un precio ausente o ilegible cuenta como 0 y uno en texto se lee como número', () => {
    const items = [
      { id: 1, nombre: 'Sin precio', qty: 2 },
      { id: 2, nombre: 'Precio roto', precio: 'gratis', qty: 1 },
      { id: 3, nombre: 'Precio en texto', precio: '1500', qty: 2 },
    ] as unknown as CartItem[];
    expect(cartSubtotal(items)).toBe(3000);
  });

  it('los centavos no dejan ruido de coma flotante', () => {
    const items = [
      line({ id: 1, nombre: 'A', precio: 0.1 }, 1),
      line({ id: 2, nombre: 'B', precio: 0.2 }, 1),
    ];
    expect(cartSubtotal(items)).toBe(0.3);
  });

  it('la cantidad de artículos es la suma de las cantidades, no de las líneas', () => {
    expect(cartItemCount([line(teclado, 2), line(mouse, 3)])).toBe(5);
  });

  it('un carrito vacío tiene subtotal 0 y 0 artículos', () => {
    expect(cartSubtotal([])).toBe(0);
    expect(cartItemCount([])).toBe(0);
  });
});

describe('parseStoredCart', () => {
  it.each([
    ['nada guardado', null],
    ['JSON roto', '{no es json'],
    ['un objeto en vez de una lista', '{"id":1}'],
    ['un número', '42'],
  ])('%s da un carrito vacío', (_case, raw) => {
    expect(parseStoredCart(raw)).toEqual([]);
  });

  it('recupera las líneas guardadas con todos sus campos', () => {
    const saved = [
      line(
        { ...teclado, imagen: '/img/teclado.webp', categoria: { id: 3, nombre: 'Periféricos' } },
        2,
      ),
    ];
    expect(parseStoredCart(JSON.stringify(saved))).toEqual(saved);
  });

  it('descarta las líneas sin id numérico o sin nombre y conserva las demás', () => {
    const raw = JSON.stringify([
      null,
      'texto',
      { nombre: 'Sin id', precio: 1000, qty: 1 },
      { id: '7', nombre: 'Id en texto', precio: 1000, qty: 1 },
      { id: 8, precio: 1000, qty: 1 },
      line(mouse, 2),
    ]);
    expect(parseStoredCart(raw)).toEqual([line(mouse, 2)]);
  });

  it('corrige cantidades y precios ilegibles en vez de perder la línea', () => {
    const raw = JSON.stringify([
      { id: 1, nombre: 'Cantidad rota', precio: 'x', qty: 'muchas' },
      { id: 2, nombre: 'Cantidad excesiva', precio: 500, qty: 500 },
    ]);
    expect(parseStoredCart(raw)).toEqual([
      { id: 1, nombre: 'Cantidad rota', precio: 0, qty: 1 },
      { id: 2, nombre: 'Cantidad excesiva', precio: 500, qty: 99 },
    ]);
  });

  it('conserva solo la primera línea de un id repetido', () => {
    const raw = JSON.stringify([line(mouse, 2), line(mouse, 5)]);
    expect(parseStoredCart(raw)).toEqual([line(mouse, 2)]);
  });
});
