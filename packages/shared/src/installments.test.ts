import { describe, expect, it } from 'vitest';
import { installmentAmount, installmentsText, isValidInstallmentsSetting } from './installments';

describe('installmentAmount', () => {
  it.each([
    // price, installments, one installment
    [12000, 6, 2000],
    [12990, 6, 2165],
    [13000, 6, 2167],
    [1, 12, 1],
    [99990, 3, 33330],
    [100000, 3, 33334],
    [1_299_990, 48, 27084],
    [2, 2, 1],
    [3, 2, 2],
  ])('%i en %i cuotas: cuotas de %i, redondeadas al peso hacia arriba', (price, count, amount) => {
    expect(installmentAmount(price, count)).toBe(amount);
    // Never less than the price altogether, and less than one peso of each installment over it.
    expect(amount * count).toBeGreaterThanOrEqual(price);
    expect(amount * count - price).toBeLessThan(count);
  });
});

describe('installmentsText', () => {
  it.each([
    [13000, 6, 'Hasta 6 cuotas sin interés de $2.167'],
    [1_299_990, 12, 'Hasta 12 cuotas sin interés de $108.333'],
    [59990, 2, 'Hasta 2 cuotas sin interés de $29.995'],
  ])('%i en hasta %i cuotas se lee «%s»', (price, count, text) => {
    expect(installmentsText(price, count)).toBe(text);
  });

  it.each([
    [13000, 0],
    [13000, 1],
    [0, 6],
    [-10, 6],
    [Number.NaN, 6],
  ])('%i con %i cuotas no muestra nada', (price, count) => {
    expect(installmentsText(price, count)).toBeNull();
  });
});

describe('isValidInstallmentsSetting', () => {
  it.each([0, 2, 3, 6, 12, 24, 48])('%i es un ajuste válido', (count) => {
    expect(isValidInstallmentsSetting(count)).toBe(true);
  });

  it.each([1, -1, 49, 100, 2.5, Number.NaN])('%i no es un ajuste válido', (count) => {
    expect(isValidInstallmentsSetting(count)).toBe(false);
  });
});
