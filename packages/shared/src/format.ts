// Formatters are built once: creating an Intl formatter is far slower than using one,
// and these run for every price and date on a page.
const clpFormatter = new Intl.NumberFormat('es-CL', {
  style: 'currency',
  currency: 'CLP',
  maximumFractionDigits: 0,
  minimumFractionDigits: 0,
});

const TIME_ZONE = 'America/Santiago';

const dateFormatter = new Intl.DateTimeFormat('es-CL', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  timeZone: TIME_ZONE,
});

// The 'short' dateStyle of es-CL gives a two-digit year; the shop shows all four.
const dateTimeFormatter = new Intl.DateTimeFormat('es-CL', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: TIME_ZONE,
});

export function formatCLP(n: number): string {
  // Intl keeps the sign of amounts that round to zero ('$-0'); a shopper should never see that.
  return clpFormatter.format(Math.abs(n) < 0.5 ? 0 : n);
}

function toDate(value: string | Date): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Chilean short date and 24-hour time, e.g. '21-11-2026, 14:05'; '' for an unreadable date. */
export function formatDateTime(value: string | Date): string {
  const date = toDate(value);
  return date ? dateTimeFormatter.format(date) : '';
}

/** Chilean short date, e.g. '21-11-2026'; '' for an unreadable date. */
export function formatDate(value: string | Date): string {
  const date = toDate(value);
  return date ? dateFormatter.format(date) : '';
}

/** '1 resultado', '0 resultados', '3 resultados': Spanish uses the singular only for one. */
export function pluralize(n: number, singular: string, plural: string): string {
  return `${n} ${n === 1 ? singular : plural}`;
}
