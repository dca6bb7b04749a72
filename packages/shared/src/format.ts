// Building an Intl formatter loads the browser's locale data: on a phone the first one costs
// about a hundred milliseconds of a blocked page. Prices, on every page, are written without
// Intl (the same text on the server and in every browser); the date formatters are built on
// first use, by the pages that show dates.
let clpFormatter: Intl.NumberFormat | undefined;

const TIME_ZONE = 'America/Santiago';

let dateFormatter: Intl.DateTimeFormat | undefined;
const dateFormat = () =>
  (dateFormatter ??= new Intl.DateTimeFormat('es-CL', {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    timeZone: TIME_ZONE,
  }));

// The 'short' dateStyle of es-CL gives a two-digit year; the shop shows all four.
let dateTimeFormatter: Intl.DateTimeFormat | undefined;
const dateTimeFormat = () =>
  (dateTimeFormatter ??= new Intl.DateTimeFormat('es-CL', {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: TIME_ZONE,
  }));

/** Whole pesos as es-CL writes them: '$29.990', '$-1.235' (half a peso rounds away from zero). */
export function formatCLP(n: number): string {
  // An amount that rounds to zero is '$0', never '$-0'.
  if (Math.abs(n) < 0.5) return '$0';
  const pesos = Math.sign(n) * Math.round(Math.abs(n));
  if (!Number.isSafeInteger(pesos)) {
    clpFormatter ??= new Intl.NumberFormat('es-CL', {
      style: 'currency',
      currency: 'CLP',
      maximumFractionDigits: 0,
      minimumFractionDigits: 0,
    });
    return clpFormatter.format(n);
  }
  const thousands = String(Math.abs(pesos)).replace(/\B(?=(\d{3})+$)/g, '.');
  return `$${pesos < 0 ? '-' : ''}${thousands}`;
}

function toDate(value: string | Date): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Chilean short date and 24-hour time, e.g. '21-11-2026, 14:05'; '' for an unreadable date. */
export function formatDateTime(value: string | Date): string {
  const date = toDate(value);
  return date ? dateTimeFormat().format(date) : '';
}

/** Chilean short date, e.g. '21-11-2026'; '' for an unreadable date. */
export function formatDate(value: string | Date): string {
  const date = toDate(value);
  return date ? dateFormat().format(date) : '';
}

/** '1 resultado', '0 resultados', '3 resultados': Spanish uses the singular only for one. */
export function pluralize(n: number, singular: string, plural: string): string {
  return `${n} ${n === 1 ? singular : plural}`;
}
