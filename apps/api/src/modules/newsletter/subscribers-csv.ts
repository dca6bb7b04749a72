import { stringify } from 'csv-stringify/sync';

/** Characters that make a spreadsheet read a cell as a formula (OWASP's CSV injection list). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A cell a spreadsheet shows as text: a leading formula character gets a quote before it. */
export function safeCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** The subscriber list as CSV, header row first; csv-stringify does the quoting. */
export function subscribersCsv(rows: readonly { email: string; createdAt: Date }[]): string {
  return stringify(
    rows.map((r) => [safeCell(r.email), r.createdAt.toISOString()]),
    {
      header: true,
      columns: ['correo', 'fecha_suscripcion'],
      bom: true,
      record_delimiter: 'windows',
    },
  );
}
