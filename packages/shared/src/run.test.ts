import { describe, expect, it } from 'vitest';
import { cleanRun, computeRunCheckDigit, formatRun, isValidRun, normalizeRun } from './run';

// Check digits worked out by hand with modulo 11 (factors 2..7 from the right):
// 12345678 → 5, 1000005 → K, 10000004 → 0, 2000004 → K, 2000009 → 0, 7654321 → 6.

describe('computeRunCheckDigit', () => {
  it.each([
    ['12345678', '5'],
    ['11111111', '1'],
    ['7654321', '6'],
    ['1000005', 'K'],
    ['2000004', 'K'],
    ['10000004', '0'],
    ['2000009', '0'],
  ])('el cuerpo %s tiene dígito verificador %s', (body, digit) => {
    expect(computeRunCheckDigit(body)).toBe(digit);
  });

  it('rechaza un cuerpo con algo que no sea dígito', () => {
    expect(() => computeRunCheckDigit('12a45678')).toThrow(RangeError);
  });
});

describe('isValidRun', () => {
  it.each([
    ['12.345.678-5'],
    ['12345678-5'],
    ['123456785'],
    [' 12 345 678 5 '],
    ['1.000.005-K'],
    ['1.000.005-k'],
    ['1000005k'],
    ['10.000.004-0'],
    ['2.000.009-0'],
    ['7.654.321-6'],
    ['7654321-6'],
  ])('acepta %j', (run) => {
    expect(isValidRun(run)).toBe(true);
  });

  it.each([
    ['12.345.678-4', 'dígito verificador equivocado'],
    ['1.000.005-0', 'K esperado y 0 escrito'],
    ['10.000.004-K', '0 esperado y K escrito'],
    ['123.456-0', 'cuerpo de 6 dígitos'],
    ['123.456.789-2', 'cuerpo de 9 dígitos'],
    ['12.34A.678-5', 'letra en el cuerpo'],
    ['12.345.678-X', 'letra distinta de K'],
    ['abcdefgh-k', 'solo letras'],
    ['', 'vacío'],
  ])('rechaza %j (%s)', (run) => {
    expect(isValidRun(run)).toBe(false);
  });
});

describe('cleanRun', () => {
  it('quita puntos, guiones y espacios y pasa la K a mayúscula', () => {
    expect(cleanRun(' 1.000.005-k ')).toBe('1000005K');
  });

  it('también quita guiones tipográficos pegados desde un documento', () => {
    expect(cleanRun('12.345.678–5')).toBe('123456785');
  });
});

describe('formatRun', () => {
  it.each([
    ['123456785', '12.345.678-5'],
    ['12345678-5', '12.345.678-5'],
    ['1000005k', '1.000.005-K'],
    ['7654321-6', '7.654.321-6'],
    ['12.345.678-5', '12.345.678-5'],
  ])('muestra %j como %j', (input, expected) => {
    expect(formatRun(input)).toBe(expected);
  });

  it('mientras se escribe da forma a lo que ya hay', () => {
    expect(formatRun('1234')).toBe('123-4');
    expect(formatRun('12345')).toBe('1.234-5');
  });

  it('deja limpio pero sin formato lo que no tiene forma de RUN', () => {
    expect(formatRun('abc')).toBe('ABC');
  });
});

describe('normalizeRun', () => {
  it.each([
    ['12.345.678-5', '12345678-5'],
    ['123456785', '12345678-5'],
    ['1.000.005-k', '1000005-K'],
    ['01.000.005-K', '1000005-K'],
  ])('guarda %j como %j', (input, expected) => {
    expect(normalizeRun(input)).toBe(expected);
  });

  it('dos formas de escribir el mismo RUN se guardan igual', () => {
    expect(normalizeRun('12.345.678-5')).toBe(normalizeRun(' 12345678 5'));
  });
});
