import { describe, expect, it } from 'vitest';
import type { Coupon } from './coupons';
import { DEFAULT_SHIPPING_RULE as SPEC, PICKUP_SHIPPING_RULE } from './shipping';
import {
  cartTotals,
  discountFor,
  freeShippingMessage,
  freeShippingProgress,
  shippingFor,
} from './totals';

// The spec's three coupons, as the demo seed creates them (the rules are the server's).
const COUPONS = {
  NEX10: { code: 'NEX10', kind: 'percent', value: 10, label: '10% de descuento' },
  NEX5K: { code: 'NEX5K', kind: 'amount', value: 5000, label: '$5.000 de descuento' },
  ENVIO0: { code: 'ENVIO0', kind: 'shipping', value: 0, label: 'Envío gratis' },
} as const satisfies Record<string, Coupon>;

describe('discountFor', () => {
  it('cupón NEX10 descuenta el 10 % redondeado hacia abajo', () => {
    expect(discountFor(12345, COUPONS.NEX10)).toBe(1234);
    expect(discountFor(12349, COUPONS.NEX10)).toBe(1234);
    expect(discountFor(100000, COUPONS.NEX10)).toBe(10000);
  });

  it('cupón NEX5K descuenta 5.000', () => {
    expect(discountFor(20000, COUPONS.NEX5K)).toBe(5000);
  });

  it('cupón NEX5K nunca descuenta más que el subtotal', () => {
    expect(discountFor(3000, COUPONS.NEX5K)).toBe(3000);
  });

  it('ENVIO0 y la ausencia de cupón no descuentan nada del subtotal', () => {
    expect(discountFor(50000, COUPONS.ENVIO0)).toBe(0);
    expect(discountFor(50000, null)).toBe(0);
  });

  it('un carrito vacío no tiene descuento', () => {
    expect(discountFor(0, COUPONS.NEX5K)).toBe(0);
  });
});

describe('shippingFor', () => {
  it('con 79.999 se cobra el envío de 3.990', () => {
    expect(shippingFor(79999, null, SPEC)).toBe(3990);
  });

  it('desde 80.000 el envío es gratis', () => {
    expect(shippingFor(80000, null, SPEC)).toBe(0);
    expect(shippingFor(150000, null, SPEC)).toBe(0);
  });

  it('un carrito vacío no paga envío', () => {
    expect(shippingFor(0, null, SPEC)).toBe(0);
  });

  it('ENVIO0 quita el envío aunque el subtotal no llegue al umbral', () => {
    expect(shippingFor(10000, COUPONS.ENVIO0, SPEC)).toBe(0);
  });

  it('el umbral se mide antes del descuento', () => {
    expect(shippingFor(80000, COUPONS.NEX10, SPEC)).toBe(0);
  });
});

describe('cartTotals', () => {
  it('total = subtotal − descuento + envío', () => {
    expect(cartTotals(12345, COUPONS.NEX10, SPEC)).toEqual({
      subtotal: 12345,
      discount: 1234,
      shipping: 3990,
      total: 12345 - 1234 + 3990,
    });
  });

  it('el total nunca baja de 0 antes de sumar el envío', () => {
    expect(cartTotals(3000, COUPONS.NEX5K, SPEC)).toEqual({
      subtotal: 3000,
      discount: 3000,
      shipping: 3990,
      total: 3990,
    });
  });

  it('aunque un cupón descontara más que el subtotal, el total no baja del envío', () => {
    const excesivo: Coupon = { code: 'NEX150', kind: 'percent', value: 150, label: '150%' };
    expect(cartTotals(10000, excesivo, SPEC).total).toBe(3990);
  });

  it('ENVIO0 deja el total igual al subtotal', () => {
    expect(cartTotals(25000, COUPONS.ENVIO0, SPEC).total).toBe(25000);
  });

  it('un carrito vacío suma 0 en todo', () => {
    expect(cartTotals(0, null, SPEC)).toEqual({ subtotal: 0, discount: 0, shipping: 0, total: 0 });
  });
});

describe('progreso hacia el envío gratis', () => {
  it.each([
    [0, 0],
    [-10, 0],
    [40000, 50],
    [79999, 99.99875],
    [80000, 100],
    [200000, 100],
  ])('con subtotal %i la barra marca %d %%', (subtotal, expected) => {
    expect(freeShippingProgress(subtotal, SPEC)).toBe(expected);
  });

  it('con 79.999 dice cuánto falta', () => {
    expect(freeShippingMessage(79999, SPEC)).toBe('Te faltan $1 para envío gratis.');
  });

  it('con 50.000 faltan $30.000', () => {
    expect(freeShippingMessage(50000, SPEC)).toBe('Te faltan $30.000 para envío gratis.');
  });

  it('con 80.000 o más anuncia el envío gratis', () => {
    expect(freeShippingMessage(80000, SPEC)).toBe('¡Tienes envío gratis!');
    expect(freeShippingMessage(95000, SPEC)).toBe('¡Tienes envío gratis!');
  });
});

describe('regla de envío por región y retiro', () => {
  const arica = { fee: 6990, freeFrom: 120000 };

  it('cobra el precio de la región bajo su propio umbral', () => {
    expect(shippingFor(100000, null, arica)).toBe(6990);
    expect(shippingFor(120000, null, arica)).toBe(0);
    expect(freeShippingMessage(100000, arica)).toBe('Te faltan $20.000 para envío gratis.');
  });

  it('una región sin umbral nunca despacha gratis, salvo con ENVIO0', () => {
    const sinUmbral = { fee: 4990, freeFrom: null };
    expect(shippingFor(900000, null, sinUmbral)).toBe(4990);
    expect(shippingFor(900000, COUPONS.ENVIO0, sinUmbral)).toBe(0);
    expect(freeShippingProgress(10000, sinUmbral)).toBeNull();
    expect(freeShippingMessage(10000, sinUmbral)).toBeNull();
  });

  it('el retiro en tienda no cobra envío ni muestra la barra', () => {
    expect(cartTotals(25000, null, PICKUP_SHIPPING_RULE)).toEqual({
      subtotal: 25000,
      discount: 0,
      shipping: 0,
      total: 25000,
    });
    expect(freeShippingProgress(25000, PICKUP_SHIPPING_RULE)).toBeNull();
  });
});
