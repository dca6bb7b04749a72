import { describe, expect, it } from 'vitest';
import { formatCLP, formatDate, formatDateTime, pluralize } from './format';

// Expected strings are what Node's ICU produces for es-CL; they are asserted exactly so that a
// change of locale data or options shows up here first.

describe('formatCLP', () => {
  it.each([
    [79999, '$79.999'],
    [80000, '$80.000'],
    [1234567, '$1.234.567'],
    [1, '$1'],
    [0, '$0'],
    [3990, '$3.990'],
  ])('%d se muestra como %j', (amount, expected) => {
    expect(formatCLP(amount)).toBe(expected);
  });

  it('redondea los centavos al peso', () => {
    expect(formatCLP(1234.5)).toBe('$1.235');
    expect(formatCLP(1234.4)).toBe('$1.234');
  });

  it('escribe cada monto como Intl en es-CL, también los negativos y los medios pesos', () => {
    const intl = new Intl.NumberFormat('es-CL', {
      style: 'currency',
      currency: 'CLP',
      maximumFractionDigits: 0,
      minimumFractionDigits: 0,
    });
    const amounts = [-1234.5, -1000, -0.6, 0.5, 2.5, 999, 1000, 99999999.99, 123456789012, 1e21];
    for (const n of amounts) expect(formatCLP(n)).toBe(intl.format(n));
  });

  it('un monto que redondea a cero nunca se muestra como "$-0"', () => {
    expect(formatCLP(-0)).toBe('$0');
    expect(formatCLP(-0.4)).toBe('$0');
  });
});

describe('formatDateTime', () => {
  it('muestra fecha corta y hora de 24 horas en la hora de Chile', () => {
    // 17:05 UTC is 14:05 in Santiago during Chilean summer time (UTC−3).
    expect(formatDateTime('2026-11-21T17:05:00Z')).toBe('21-11-2026, 14:05');
  });

  it('usa la hora de invierno de Chile (UTC−4) cuando corresponde', () => {
    expect(formatDateTime('2026-07-01T03:05:00Z')).toBe('30-06-2026, 23:05');
  });

  it('acepta un Date además de un texto ISO', () => {
    expect(formatDateTime(new Date('2026-11-21T17:05:00Z'))).toBe('21-11-2026, 14:05');
  });

  it('una fecha ilegible da un texto vacío en vez de romper la pantalla', () => {
    expect(formatDateTime('no es fecha')).toBe('');
  });
});

describe('formatDate', () => {
  it('muestra solo la fecha, en la hora de Chile', () => {
    expect(formatDate('2026-11-21T17:05:00Z')).toBe('21-11-2026');
    expect(formatDate('2026-07-01T03:05:00Z')).toBe('30-06-2026');
  });

  it('una fecha ilegible da un texto vacío', () => {
    expect(formatDate(new Date(Number.NaN))).toBe('');
  });
});

describe('pluralize', () => {
  it.each([
    [1, '1 resultado'],
    [3, '3 resultados'],
    [0, '0 resultados'],
  ])('con %i dice %j', (n, expected) => {
    expect(pluralize(n, 'resultado', 'resultados')).toBe(expected);
  });
});
