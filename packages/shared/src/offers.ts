// A product's sale price between two instants (docs/product.md#offers), kept free of zod: cards
// on every catalogue page show it.

/** A sale price from `desde` (included) to `hasta` (excluded), instants in ISO 8601. */
export interface Oferta {
  precio: number;
  desde: string;
  hasta: string;
}

const CHILE = 'America/Santiago';

const time = (iso: string) => new Date(iso).getTime();
const instant = (at: Date | number) => (typeof at === 'number' ? at : at.getTime());

/** Whether the offer's price is the one charged at `at`. */
export function offerApplies(oferta: Oferta | null | undefined, at: Date | number): boolean {
  if (!oferta) return false;
  const t = instant(at);
  return time(oferta.desde) <= t && t < time(oferta.hasta);
}

/** The price charged at `at`: the offer's while it runs, the normal one otherwise. */
export function priceAt(precio: number, oferta: Oferta | null | undefined, at: Date | number) {
  return offerApplies(oferta, at) ? oferta!.precio : precio;
}

/**
 * The next instant after `at` when the price the offer gives changes (its start, then its end),
 * or null when it never will again.
 */
export function nextOfferChange(oferta: Oferta | null | undefined, at: Date | number) {
  if (!oferta) return null;
  const t = instant(at);
  const desde = time(oferta.desde);
  const hasta = time(oferta.hasta);
  if (t < desde) return desde;
  if (t < hasta) return hasta;
  return null;
}

/** '-15 %': what the offer takes off the normal price, rounded to the whole percent. */
export function offerBadge(normal: number, precio: number): string {
  const percent = normal > 0 ? Math.round((1 - precio / normal) * 100) : 0;
  return `-${percent} %`;
}

let dayMonth: Intl.DateTimeFormat | undefined;

/**
 * 'Oferta hasta el 30 de noviembre': the last day the offer runs in Chile (an end at midnight
 * means the day before).
 */
export function offerUntilText(hasta: string): string {
  dayMonth ??= new Intl.DateTimeFormat('es-CL', { day: 'numeric', month: 'long', timeZone: CHILE });
  return `Oferta hasta el ${dayMonth.format(new Date(time(hasta) - 1))}`;
}

let parts: Intl.DateTimeFormat | undefined;
const partsFormat = () =>
  (parts ??= new Intl.DateTimeFormat('en-US', {
    timeZone: CHILE,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }));

/** How far Chile's clock is ahead of UTC at `ms` (negative: behind), in ms. */
function chileOffset(ms: number): number {
  const p = Object.fromEntries(
    partsFormat()
      .formatToParts(new Date(ms))
      .map((x) => [x.type, x.value]),
  );
  const wall = Date.UTC(+p.year!, +p.month! - 1, +p.day!, +p.hour!, +p.minute!, +p.second!);
  return wall - Math.floor(ms / 1000) * 1000;
}

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * A date and time as Chile's clocks show it ('2026-11-30T23:59', what a datetime-local field
 * gives, or '2026-11-30 23:59', as the CSV writes it) as an instant in ISO 8601; null when it is
 * not one.
 */
export function chileLocalToIso(local: string): string | null {
  const m = LOCAL.exec(local);
  if (!m) return null;
  const wall = Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +(m[6] ?? 0));
  if (Number.isNaN(wall)) return null;
  let ms = wall - chileOffset(wall);
  // Once more from the first guess: the offset may differ across a change of clocks.
  ms = wall - chileOffset(ms);
  return new Date(ms).toISOString();
}

/** An instant as Chile's clocks show it, for a datetime-local field: '2026-11-30T23:59'. */
export function isoToChileLocal(iso: string): string {
  const ms = time(iso);
  if (Number.isNaN(ms)) return '';
  return new Date(ms + chileOffset(ms)).toISOString().slice(0, 16);
}

/** The offer's last day in Chile as schema.org's `priceValidUntil` wants it: '2026-11-30'. */
export function offerLastDay(hasta: string): string {
  return isoToChileLocal(new Date(time(hasta) - 1).toISOString()).slice(0, 10);
}
