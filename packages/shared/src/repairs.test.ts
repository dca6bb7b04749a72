import { describe, expect, it } from 'vitest';
import {
  diagnosisOverdueBefore,
  isDiagnosisOverdue,
  businessHoursBetween,
  ticketIdFromNumber,
  formatTicketNumber,
  canMoveTicket,
  nextTicketStates,
  TRANSICIONES_TICKET,
} from './repairs';

// Chile is UTC-3 in November (summer time): 12:00 UTC is 09:00 in Santiago.
const at = (iso: string) => new Date(iso);

describe('businessHoursBetween', () => {
  it('counts every hour of a weekday', () => {
    expect(businessHoursBetween(at('2026-11-24T12:00:00Z'), at('2026-11-25T12:00:00Z'))).toBe(24);
  });

  it('skips Saturday and Sunday in Chile: Friday 09:00 to Monday 09:00 is 24 hours, not 72', () => {
    // Friday 09:00 → Saturday 00:00 is 15 h, the weekend counts nothing, Monday adds 9 h.
    expect(businessHoursBetween(at('2026-11-27T12:00:00Z'), at('2026-11-30T12:00:00Z'))).toBe(24);
    expect(businessHoursBetween(at('2026-11-27T12:00:00Z'), at('2026-11-30T03:00:00Z'))).toBe(15);
  });

  it('counts nothing inside a weekend, and nothing backwards', () => {
    expect(businessHoursBetween(at('2026-11-28T15:00:00Z'), at('2026-11-29T15:00:00Z'))).toBe(0);
    expect(businessHoursBetween(at('2026-11-25T12:00:00Z'), at('2026-11-24T12:00:00Z'))).toBe(0);
  });

  it('counts fractions of an hour', () => {
    expect(businessHoursBetween(at('2026-11-25T12:00:00Z'), at('2026-11-25T12:30:00Z'))).toBe(0.5);
  });
});

describe('isDiagnosisOverdue', () => {
  const friday = at('2026-11-27T12:00:00Z');
  it('is late past 48 business hours, not before: the weekend does not count', () => {
    // Friday 09:00 + 15 h (Fri) + 24 h (Mon) = 39 h by Tuesday 00:00; 48 h on Tuesday 09:00.
    expect(isDiagnosisOverdue('RECIBIDA', friday, at('2026-12-01T11:00:00Z'))).toBe(false);
    expect(isDiagnosisOverdue('RECIBIDA', friday, at('2026-12-01T13:00:00Z'))).toBe(true);
    expect(isDiagnosisOverdue('EN_DIAGNOSTICO', friday, at('2026-12-01T13:00:00Z'))).toBe(true);
  });

  it('is never late once the diagnosis is done', () => {
    expect(isDiagnosisOverdue('COTIZADA', friday, at('2026-12-10T12:00:00Z'))).toBe(false);
    expect(isDiagnosisOverdue('EN_FABRICANTE', friday, at('2026-12-10T12:00:00Z'))).toBe(false);
  });
});

describe('diagnosisOverdueBefore', () => {
  it('is the instant 48 business hours back: Friday 10:00 for Tuesday 10:00 (Santiago)', () => {
    expect(diagnosisOverdueBefore(at('2026-12-01T13:00:00Z'))).toEqual(at('2026-11-27T13:00:00Z'));
  });

  it('steps back over the weekend when the promise ends right at Monday 00:00', () => {
    // Wednesday 00:00 minus Tuesday and Monday is Monday 00:00: a ticket sent on Sunday has waited
    // exactly 48 hours, one sent on Friday at 23:59 more.
    const cutoff = diagnosisOverdueBefore(at('2026-12-02T03:00:00Z'));
    expect(cutoff).toEqual(at('2026-11-28T03:00:00Z'));
    expect(
      isDiagnosisOverdue('RECIBIDA', at('2026-11-29T15:00:00Z'), at('2026-12-02T03:00:00Z')),
    ).toBe(false);
    expect(
      isDiagnosisOverdue('RECIBIDA', at('2026-11-28T02:59:00Z'), at('2026-12-02T03:00:00Z')),
    ).toBe(true);
  });

  it('agrees with counting the business hours, around weekends and the change of time', () => {
    // Chile moves to summer time on the first Sunday of September (2026-09-06).
    for (const now of ['2026-12-01T13:17:00Z', '2026-12-02T03:00:00Z', '2026-09-08T12:41:00Z']) {
      const cutoff = diagnosisOverdueBefore(at(now)).getTime();
      for (let t = at(now).getTime() - 8 * 86_400_000; t < at(now).getTime(); t += 37 * 60_000) {
        const late = businessHoursBetween(new Date(t), at(now)) > 48;
        expect(t < cutoff, new Date(t).toISOString()).toBe(late);
      }
    }
  });
});

describe('formatTicketNumber and ticketIdFromNumber', () => {
  it.each([
    [1, 'ST-000001'],
    [123, 'ST-000123'],
    [1234567, 'ST-1234567'],
  ])('%i is %s and back', (id, numero) => {
    expect(formatTicketNumber(id)).toBe(numero);
    expect(ticketIdFromNumber(numero)).toBe(id);
  });

  it('reads a lower-case number, one without the dash and a bare id', () => {
    expect(ticketIdFromNumber('st-000042')).toBe(42);
    expect(ticketIdFromNumber('ST000042')).toBe(42);
    expect(ticketIdFromNumber(' 42 ')).toBe(42);
  });

  it.each(['', 'ST-', 'ST-0', 'NB-000001', 'ST-12a', '-5', '1.5'])('refuses %j', (raw) => {
    expect(ticketIdFromNumber(raw)).toBeNull();
  });
});

describe('canMoveTicket', () => {
  it('follows the table of each kind', () => {
    expect(canMoveTicket('REPARACION', 'RECIBIDA', 'EN_DIAGNOSTICO')).toBe(true);
    expect(canMoveTicket('REPARACION', 'COTIZADA', 'APROBADA')).toBe(true);
    expect(canMoveTicket('REPARACION', 'RECHAZADA', 'LISTA_PARA_RETIRO')).toBe(true);
    expect(canMoveTicket('GARANTIA', 'EN_DIAGNOSTICO', 'EN_FABRICANTE')).toBe(true);
  });

  it('refuses skipping steps, moves of the other kind and leaving a final state', () => {
    expect(canMoveTicket('REPARACION', 'RECIBIDA', 'APROBADA')).toBe(false);
    expect(canMoveTicket('REPARACION', 'EN_REPARACION', 'CANCELADA')).toBe(false);
    expect(canMoveTicket('REPARACION', 'EN_DIAGNOSTICO', 'EN_FABRICANTE')).toBe(false);
    expect(canMoveTicket('GARANTIA', 'EN_DIAGNOSTICO', 'COTIZADA')).toBe(false);
    for (const final of ['ENTREGADA', 'CANCELADA', 'RESUELTO'] as const) {
      expect(nextTicketStates('REPARACION', final)).toEqual([]);
      expect(nextTicketStates('GARANTIA', final)).toEqual([]);
    }
  });

  it('agrees with TRANSICIONES_TICKET for every pair', () => {
    for (const [tipo, table] of Object.entries(TRANSICIONES_TICKET)) {
      for (const [desde, hacia] of Object.entries(table)) {
        for (const h of hacia ?? []) {
          expect(canMoveTicket(tipo as 'REPARACION', desde as 'RECIBIDA', h)).toBe(true);
        }
      }
    }
  });
});
