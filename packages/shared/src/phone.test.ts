import { describe, expect, it } from 'vitest';
import { PHONE_PATTERN, formatPhone, isValidPhone } from './phone';

describe('formatPhone', () => {
  it.each([
    ['', ''],
    ['9', '9'],
    ['91', '9 1'],
    ['91234', '9 1234'],
    ['912345', '9 1234 5'],
    ['912345678', '9 1234 5678'],
  ])('al escribir %j muestra %j', (input, expected) => {
    expect(formatPhone(input)).toBe(expected);
  });

  it('deja solo dígitos', () => {
    expect(formatPhone('9-1234.56a78')).toBe('9 1234 5678');
  });

  it('no acepta más de 9 dígitos', () => {
    expect(formatPhone('9123456789')).toBe('9 1234 5678');
  });

  it('vuelve a dar formato a un número ya formateado sin cambiarlo', () => {
    expect(formatPhone('9 1234 5678')).toBe('9 1234 5678');
  });

  it.each([['+56 9 1234 5678'], ['+56912345678'], ['56912345678'], ['56 9 1234 5678']])(
    'quita el código de país de %j',
    (input) => {
      expect(formatPhone(input)).toBe('9 1234 5678');
    },
  );

  it('escribiendo +56 tecla por tecla, el prefijo se ve mientras se escribe y luego se quita', () => {
    let field = '';
    const seen: string[] = [];
    for (const key of '+56912345678') {
      field = formatPhone(field + key);
      seen.push(field);
    }
    expect(seen.slice(0, 4)).toEqual(['+', '+5', '+56', '9']);
    expect(field).toBe('9 1234 5678');
  });

  it('no confunde con código de país un número que empieza con 56 y tiene 9 dígitos o menos', () => {
    expect(formatPhone('561234567')).toBe('5 6123 4567');
  });
});

describe('isValidPhone', () => {
  it('acepta el formato 9 XXXX XXXX', () => {
    expect(isValidPhone('9 1234 5678')).toBe(true);
  });

  it.each([
    ['912345678'],
    ['8 1234 5678'],
    ['9 1234 567'],
    ['9 1234 56789'],
    [' 9 1234 5678'],
    [''],
  ])('rechaza %j', (value) => {
    expect(isValidPhone(value)).toBe(false);
  });

  it('el patrón sirve repetidamente, sin estado entre llamadas', () => {
    expect([PHONE_PATTERN.test('9 1234 5678'), PHONE_PATTERN.test('9 1234 5678')]).toEqual([
      true,
      true,
    ]);
  });
});
