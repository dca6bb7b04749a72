import { describe, expect, it } from 'vitest';
import {
  chileLocalToIso,
  isoToChileLocal,
  nextOfferChange,
  offerApplies,
  offerBadge,
  offerLastDay,
  offerUntilText,
  priceAt,
} from './offers';

const oferta = {
  precio: 84990,
  desde: '2026-11-20T03:00:00.000Z',
  hasta: '2026-12-01T03:00:00.000Z',
};
const ms = (iso: string) => new Date(iso).getTime();

describe('una oferta', () => {
  it('rige desde su inicio (incluido) hasta su término (excluido)', () => {
    expect(offerApplies(oferta, ms('2026-11-20T02:59:59.999Z'))).toBe(false);
    expect(offerApplies(oferta, ms('2026-11-20T03:00:00.000Z'))).toBe(true);
    expect(offerApplies(oferta, ms('2026-12-01T02:59:59.999Z'))).toBe(true);
    expect(offerApplies(oferta, ms('2026-12-01T03:00:00.000Z'))).toBe(false);
    expect(offerApplies(null, Date.now())).toBe(false);
    expect(priceAt(99990, oferta, ms('2026-11-25T12:00:00Z'))).toBe(84990);
    expect(priceAt(99990, oferta, ms('2026-12-02T12:00:00Z'))).toBe(99990);
  });

  it('cambia el precio otra vez en su inicio, luego en su término, y después nunca', () => {
    expect(nextOfferChange(oferta, ms('2026-11-01T00:00:00Z'))).toBe(ms(oferta.desde));
    expect(nextOfferChange(oferta, ms(oferta.desde))).toBe(ms(oferta.hasta));
    expect(nextOfferChange(oferta, ms(oferta.hasta))).toBeNull();
  });

  it("muestra '-15 %' redondeado al entero y 'Oferta hasta el 30 de noviembre' en hora de Chile", () => {
    expect(offerBadge(100000, 85000)).toBe('-15 %');
    expect(offerBadge(99990, 84990)).toBe('-15 %');
    expect(offerBadge(19990, 16990)).toBe('-15 %');
    // Ends at midnight of 1 December in Chile: its last day is 30 November.
    expect(offerUntilText(oferta.hasta)).toBe('Oferta hasta el 30 de noviembre');
    expect(offerLastDay(oferta.hasta)).toBe('2026-11-30');
    // 23:59 of 30 November in Chile is 02:59 UTC of 1 December: still the 30th.
    expect(offerUntilText('2026-12-01T02:59:00.000Z')).toBe('Oferta hasta el 30 de noviembre');
  });

  it('lee una fecha y hora de Chile en invierno (UTC-4) y en verano (UTC-3), y la vuelve a escribir', () => {
    expect(chileLocalToIso('2026-07-15T10:30')).toBe('2026-07-15T14:30:00.000Z');
    expect(chileLocalToIso('2026-11-30T23:59')).toBe('2026-12-01T02:59:00.000Z');
    expect(isoToChileLocal('2026-12-01T02:59:00.000Z')).toBe('2026-11-30T23:59');
    expect(isoToChileLocal('2026-07-15T14:30:00.000Z')).toBe('2026-07-15T10:30');
    expect(chileLocalToIso('30-11-2026')).toBeNull();
    expect(chileLocalToIso('2026-11-30T23:59:00Z')).toBeNull();
  });
});
