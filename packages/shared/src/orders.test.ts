import { describe, expect, it } from 'vitest';
import type { Coupon } from './coupons';
import { DEFAULT_SHIPPING_RULE as SPEC } from './shipping';
import {
  canTransition,
  ESTADOS_PEDIDO,
  invalidTransitionMessage,
  ivaIncluded,
  orderTotals,
  quoteProblemMessage,
  shortfallMessage,
  TRANSICIONES_PEDIDO,
} from './orders';

// The spec's three coupons, as the demo seed creates them (the rules are the server's).
const COUPONS = {
  NEX10: { code: 'NEX10', kind: 'percent', value: 10, label: '10% de descuento' },
  NEX5K: { code: 'NEX5K', kind: 'amount', value: 5000, label: '$5.000 de descuento' },
  ENVIO0: { code: 'ENVIO0', kind: 'shipping', value: 0, label: 'Envío gratis' },
} as const satisfies Record<string, Coupon>;

describe('ivaIncluded', () => {
  it('separa el IVA de un total que ya lo incluye, redondeado al peso', () => {
    expect(ivaIncluded(119)).toBe(19);
    expect(ivaIncluded(11900)).toBe(1900);
    // 23 980 − 23 980 / 1,19 = 3 828,74 → 3 829
    expect(ivaIncluded(23980)).toBe(3829);
    // 3 990 − 3 990 / 1,19 = 637,06 → 637
    expect(ivaIncluded(3990)).toBe(637);
  });

  it('redondea la mitad hacia arriba y no se deja engañar por la coma flotante', () => {
    // 59,5 × 19 / 119 = 9,5 exactly
    expect(ivaIncluded(59.5)).toBe(10);
    for (let total = 1; total < 5000; total += 7) {
      expect(ivaIncluded(total)).toBe(Math.round(total - total / 1.19 + 1e-9));
    }
  });

  it('un total cero o inválido no tiene IVA', () => {
    expect(ivaIncluded(0)).toBe(0);
    expect(ivaIncluded(-10)).toBe(0);
    expect(ivaIncluded(Number.NaN)).toBe(0);
  });
});

describe('status transitions', () => {
  it('sigue PENDIENTE_PAGO → PAGADO → ENVIADO → ENTREGADO', () => {
    expect(canTransition('PENDIENTE_PAGO', 'PAGADO')).toBe(true);
    expect(canTransition('PAGADO', 'ENVIADO')).toBe(true);
    expect(canTransition('ENVIADO', 'ENTREGADO')).toBe(true);
  });

  it('se cancela solo desde PENDIENTE_PAGO o PAGADO', () => {
    const desde = ESTADOS_PEDIDO.filter((e) => canTransition(e, 'CANCELADO'));
    expect(desde).toEqual(['PENDIENTE_PAGO', 'PAGADO']);
  });

  it('no salta pasos, no retrocede y los estados finales no se mueven', () => {
    expect(canTransition('PENDIENTE_PAGO', 'ENVIADO')).toBe(false);
    expect(canTransition('ENVIADO', 'PAGADO')).toBe(false);
    expect(TRANSICIONES_PEDIDO.ENTREGADO).toEqual([]);
    expect(TRANSICIONES_PEDIDO.CANCELADO).toEqual([]);
    expect(canTransition('PAGADO', 'PAGADO')).toBe(false);
  });

  it('explica en castellano un cambio no permitido', () => {
    expect(invalidTransitionMessage('ENTREGADO', 'CANCELADO')).toBe(
      'Un pedido entregado no puede pasar a cancelado.',
    );
  });
});

describe('orderTotals', () => {
  const lines = [
    { productoId: 1, nombre: 'Mouse', precio: 19990, qty: 2 },
    { productoId: 2, nombre: 'Pad', precio: 9990, qty: 1 },
  ];

  it('usa la aritmética del carrito y agrega el IVA incluido', () => {
    expect(orderTotals(lines, null, SPEC)).toEqual({
      subtotal: 49970,
      discount: 0,
      shipping: 3990,
      total: 53960,
      iva: ivaIncluded(53960),
    });
  });

  it('aplica el cupón como el carrito', () => {
    expect(orderTotals(lines, COUPONS.NEX10, SPEC)).toMatchObject({
      discount: 4997,
      total: 49970 - 4997 + 3990,
    });
    expect(orderTotals(lines, COUPONS.ENVIO0, SPEC)).toMatchObject({ shipping: 0, total: 49970 });
  });
});

describe('messages', () => {
  it('dice qué cambió desde que el producto entró al carrito', () => {
    expect(
      quoteProblemMessage({
        tipo: 'PRECIO_CAMBIO',
        nombre: 'Mouse',
        precioAnterior: 19990,
        precioActual: 17990,
      }),
    ).toBe('El precio de Mouse cambió de $19.990 a $17.990.');
    expect(
      quoteProblemMessage({ tipo: 'STOCK_INSUFICIENTE', nombre: 'Mouse', disponible: 1 }),
    ).toBe('De Mouse solo queda 1 unidad.');
    expect(
      quoteProblemMessage({ tipo: 'STOCK_INSUFICIENTE', nombre: 'Mouse', disponible: 3 }),
    ).toBe('De Mouse solo quedan 3 unidades.');
    expect(quoteProblemMessage({ tipo: 'SIN_STOCK', nombre: 'Mouse' })).toBe('Mouse se agotó.');
    expect(quoteProblemMessage({ tipo: 'NO_DISPONIBLE', nombre: 'Mouse' })).toBe(
      'Mouse ya no está disponible.',
    );
  });

  it('nombra todos los productos que faltan', () => {
    expect(shortfallMessage(['Mouse', 'Teclado'])).toMatch(
      /^No hay stock suficiente de: Mouse, Teclado\./,
    );
  });
});
