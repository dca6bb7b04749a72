import { stringify } from 'csv-stringify/sync';
import { spreadsheetCsvOptions } from '../product-csv/csv-format';

/**
 * The subscriber list as CSV, header row first, made like every CSV the shop writes (a formula
 * start is guarded, see spreadsheetCsvOptions); ',' as before, the list has two columns.
 */
export function subscribersCsv(rows: readonly { email: string; createdAt: Date }[]): string {
  return stringify(
    rows.map((r) => [r.email, r.createdAt.toISOString()]),
    spreadsheetCsvOptions(['correo', 'fecha_suscripcion'], ','),
  );
}
