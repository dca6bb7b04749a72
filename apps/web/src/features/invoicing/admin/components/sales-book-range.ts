import { hoyEnChile, libroVentasQuerySchema } from '@nexbyte/shared';
import type { SalesBookRange } from '../api/get-sales-book';

export const RANGE_ORDER_ERROR = 'La fecha final no puede ser anterior a la inicial.';

/** The month of `today` (a day of Chile's calendar, YYYY-MM-DD), from its first to its last day. */
export function monthOf(today: string = hoyEnChile()): SalesBookRange {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  // Day 0 of the next month is this month's last day.
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return { desde: `${today.slice(0, 7)}-01`, hasta: `${today.slice(0, 7)}-${lastDay}` };
}

/** The range a form or an address asks for, or why it cannot be shown. */
export function checkRange(range: {
  desde: string;
  hasta: string;
}): { ok: true; range: SalesBookRange } | { ok: false; errors: Partial<SalesBookRange> } {
  const parsed = libroVentasQuerySchema.safeParse(range);
  if (!parsed.success) {
    const errors: Partial<SalesBookRange> = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if (field === 'desde' || field === 'hasta') errors[field] ??= issue.message;
    }
    return { ok: false, errors };
  }
  if (parsed.data.hasta < parsed.data.desde)
    return { ok: false, errors: { hasta: RANGE_ORDER_ERROR } };
  return { ok: true, range: parsed.data };
}
