import { formatDate } from '@nexbyte/shared';

/**
 * A calendar day (YYYY-MM-DD, e.g. a quote's last valid day) as the shop writes dates. Read at
 * noon UTC, which is the same day in Chile, so midnight UTC does not show the day before.
 */
export function formatDay(day: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(day) ? formatDate(`${day}T12:00:00Z`) : formatDate(day);
}
