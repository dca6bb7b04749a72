import { describe, expect, it } from 'vitest';
import {
  COUPON_INVALID_MESSAGE,
  COUPON_MESSAGES,
  couponAppliedText,
  normalizeCouponCode,
} from './coupons';

describe('normalizeCouponCode', () => {
  it('ignora espacios alrededor y mayúsculas/minúsculas', () => {
    expect(normalizeCouponCode('  nex10 ')).toBe('NEX10');
    expect(normalizeCouponCode('Envio0')).toBe('ENVIO0');
  });

  it.each([[''], ['   '], [null], [undefined]])('un código vacío (%j) queda vacío', (code) => {
    expect(normalizeCouponCode(code)).toBe('');
  });
});

describe('mensajes de cupón', () => {
  it('un código inválido se informa con el texto de la especificación', () => {
    expect(COUPON_INVALID_MESSAGE).toBe('Cupón inválido.');
  });

  it('un cupón aplicado muestra su etiqueta', () => {
    expect(couponAppliedText({ label: '$5.000 de descuento' })).toBe(
      'Aplicado: $5.000 de descuento',
    );
  });

  it('el mínimo de compra se dice en pesos', () => {
    expect(COUPON_MESSAGES.minimum('NEX5K', 30000)).toBe(
      'El cupón NEX5K requiere una compra de al menos $30.000.',
    );
  });
});
