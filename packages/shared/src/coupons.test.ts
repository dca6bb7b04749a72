import { describe, expect, it } from 'vitest';
import { COUPONS, COUPON_INVALID_MESSAGE, couponAppliedText, findCoupon } from './coupons';

describe('findCoupon', () => {
  it.each([
    ['NEX10', 'percent', 10, '10% de descuento'],
    ['NEX5K', 'amount', 5000, '$5.000 de descuento'],
    ['ENVIO0', 'shipping', 0, 'Envío gratis'],
  ])('el cupón %s es de tipo %s, valor %i y etiqueta %j', (code, kind, value, label) => {
    expect(findCoupon(code)).toEqual({ code, kind, value, label });
  });

  it('ignora espacios alrededor y mayúsculas/minúsculas', () => {
    expect(findCoupon('  nex10 ')).toBe(COUPONS.NEX10);
    expect(findCoupon('Envio0')).toBe(COUPONS.ENVIO0);
  });

  it.each([[''], ['   '], [null], [undefined]])(
    'un código vacío (%j) no encuentra nada',
    (code) => {
      expect(findCoupon(code)).toBeNull();
    },
  );

  it.each([['NEX20'], ['NEX 10'], ['CONSTRUCTOR'], ['TOSTRING']])(
    'un código desconocido (%s) no es válido',
    (code) => {
      expect(findCoupon(code)).toBeNull();
    },
  );
});

describe('mensajes de cupón', () => {
  it('un código inválido se informa con el texto de la especificación', () => {
    expect(COUPON_INVALID_MESSAGE).toBe('Cupón inválido.');
  });

  it('un cupón aplicado muestra su etiqueta', () => {
    expect(couponAppliedText(COUPONS.NEX5K)).toBe('Aplicado: $5.000 de descuento');
  });
});
