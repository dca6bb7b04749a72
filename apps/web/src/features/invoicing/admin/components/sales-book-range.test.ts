import { describe, expect, it } from 'vitest';
import { checkRange, monthOf, RANGE_ORDER_ERROR } from './sales-book-range';

describe('el período del libro de ventas', () => {
  it('por defecto va del primer al último día del mes, bisiestos incluidos', () => {
    expect(monthOf('2026-11-27')).toEqual({ desde: '2026-11-01', hasta: '2026-11-30' });
    expect(monthOf('2028-02-10')).toEqual({ desde: '2028-02-01', hasta: '2028-02-29' });
    expect(monthOf('2026-12-31')).toEqual({ desde: '2026-12-01', hasta: '2026-12-31' });
  });

  it('rechaza fechas inválidas y un final anterior al inicio', () => {
    expect(checkRange({ desde: '2026-11-01', hasta: '2026-11-30' })).toEqual({
      ok: true,
      range: { desde: '2026-11-01', hasta: '2026-11-30' },
    });
    expect(checkRange({ desde: '', hasta: '2026-11-30' })).toEqual({
      ok: false,
      errors: { desde: 'Fecha inválida: usa AAAA-MM-DD.' },
    });
    expect(checkRange({ desde: '2026-11-30', hasta: '2026-11-01' })).toEqual({
      ok: false,
      errors: { hasta: RANGE_ORDER_ERROR },
    });
  });
});
