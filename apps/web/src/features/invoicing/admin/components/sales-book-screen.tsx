import {
  formatCLP,
  formatDate,
  formatRun,
  pluralize,
  type FilaLibroVentas,
  type IvaBreakdown,
} from '@nexbyte/shared';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { AdminPageHeader } from '../../../../components/ui/admin-page-header';
import { Alert } from '../../../../components/ui/alert';
import { FormField } from '../../../../components/ui/form-field';
import { QueryState } from '../../../../components/ui/query-state';
import { useSearchParamsUpdate } from '../../../../lib/use-search-params-update';
import { EXPORT_SALES_BOOK_FAILED, useExportSalesBook } from '../api/export-sales-book';
import { useSalesBook, type SalesBookRange } from '../api/get-sales-book';
import { checkRange, monthOf } from './sales-book-range';
import '../invoicing.css';

export const LOAD_SALES_BOOK_ERROR = 'No se pudo cargar el libro de ventas.';
export const EMPTY_SALES_BOOK = 'No hay documentos emitidos en este período.';

/** A day of Chile's calendar as the shop writes dates ('20-11-2026'). */
const dayLabel = (fecha: string) =>
  formatDate(/^\d{4}-\d{2}-\d{2}$/.test(fecha) ? `${fecha}T12:00:00` : fecha);

/** The range in the address (`?desde=…&hasta=…`), else the current month in Chile. */
function useRange(): [SalesBookRange, (range: SalesBookRange) => void] {
  const [params, updateParams] = useSearchParamsUpdate();
  const asked = checkRange({ desde: params.get('desde') ?? '', hasta: params.get('hasta') ?? '' });
  const range = asked.ok ? asked.range : monthOf();
  const setRange = (next: SalesBookRange) =>
    updateParams((search) => {
      search.set('desde', next.desde);
      search.set('hasta', next.hasta);
    });
  return [range, setRange];
}

/**
 * /admin/libro-ventas (ADMIN): the sales register the accountant asks for — every document issued
 * between two days with its receiver and its neto, IVA, exento and total, the period's totals
 * (credit notes subtract) and the same rows as a CSV for Excel. The range lives in the address.
 */
export function SalesBookScreen() {
  const [range, setRange] = useRange();
  const book = useSalesBook(range);
  return (
    <>
      <AdminPageHeader title="Libro de ventas" />
      {/* A new key per range: the form shows the range the table shows. */}
      <RangeForm key={`${range.desde}/${range.hasta}`} range={range} onRange={setRange} />
      <QueryState
        query={book}
        loading="Cargando el libro de ventas…"
        errorMessage={LOAD_SALES_BOOK_ERROR}
      >
        {(data) =>
          data.items.length === 0 ? (
            <p className="admin-empty" role="status">
              {EMPTY_SALES_BOOK}
            </p>
          ) : (
            <>
              <p className="admin-count" role="status">
                {pluralize(data.items.length, 'documento emitido', 'documentos emitidos')} del{' '}
                {dayLabel(range.desde)} al {dayLabel(range.hasta)}
              </p>
              <SalesBookTable rows={data.items} totales={data.totales} range={range} />
            </>
          )
        }
      </QueryState>
    </>
  );
}

function RangeForm({
  range,
  onRange,
}: {
  range: SalesBookRange;
  onRange: (range: SalesBookRange) => void;
}) {
  const [desde, setDesde] = useState(range.desde);
  const [hasta, setHasta] = useState(range.hasta);
  const [errors, setErrors] = useState<Partial<SalesBookRange>>({});
  const exporter = useExportSalesBook();
  return (
    <form
      className="sales-book__range"
      aria-label="Período del libro de ventas"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const checked = checkRange({ desde, hasta });
        if (!checked.ok) return setErrors(checked.errors);
        setErrors({});
        onRange(checked.range);
      }}
    >
      <FormField label="Desde" error={errors.desde}>
        <input type="date" value={desde} onChange={(e) => setDesde(e.target.value)} required />
      </FormField>
      <FormField label="Hasta" error={errors.hasta}>
        <input type="date" value={hasta} onChange={(e) => setHasta(e.target.value)} required />
      </FormField>
      <button type="submit" className="button">
        Ver período
      </button>
      <button
        type="button"
        className="button button--ghost"
        disabled={exporter.isPending}
        onClick={() => exporter.mutate(range)}
      >
        {exporter.isPending ? 'Descargando…' : 'Descargar CSV'}
      </button>
      {exporter.isError && (
        <div className="sales-book__export-error">
          <Alert tone="danger">{EXPORT_SALES_BOOK_FAILED}</Alert>
        </div>
      )}
    </form>
  );
}

const MONEY: { key: keyof IvaBreakdown; header: string }[] = [
  { key: 'neto', header: 'Neto' },
  { key: 'iva', header: 'IVA' },
  { key: 'exento', header: 'Exento' },
  { key: 'total', header: 'Total' },
];

/**
 * The register's columns, as the SII's sales book has them. A real table with a footer row for
 * the totals; on a phone it scrolls sideways inside a focusable region named by its caption.
 */
function SalesBookTable({
  rows,
  totales,
  range,
}: {
  rows: FilaLibroVentas[];
  totales: IvaBreakdown;
  range: SalesBookRange;
}) {
  const captionId = useId();
  return (
    <div className="table-wrap" role="region" aria-labelledby={captionId} tabIndex={0}>
      <table className="table admin-table admin-table--cards sales-book__table">
        <caption id={captionId} className="visually-hidden">
          Libro de ventas del {dayLabel(range.desde)} al {dayLabel(range.hasta)}
        </caption>
        <thead>
          <tr>
            <th scope="col">Tipo</th>
            <th scope="col" className="num">
              Folio
            </th>
            <th scope="col">Fecha</th>
            <th scope="col">RUT receptor</th>
            <th scope="col">Receptor</th>
            {MONEY.map(({ key, header }) => (
              <th key={key} scope="col" className="num">
                {header}
              </th>
            ))}
            <th scope="col">Referencia</th>
            <th scope="col">Pedido</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={`${row.codigoSii}-${row.folio}`}>
              <td data-label="Tipo">{row.tipo}</td>
              <th scope="row" className="num" data-label="Folio">
                {row.folio}
              </th>
              <td className="admin-table__nowrap" data-label="Fecha">
                <time dateTime={row.fecha}>{dayLabel(row.fecha)}</time>
              </td>
              <td className="admin-table__nowrap" data-label="RUT receptor">
                {formatRun(row.rutReceptor)}
              </td>
              <td data-label="Receptor">{row.nombreReceptor}</td>
              {MONEY.map(({ key, header }) => (
                <td key={key} className="num" data-label={header}>
                  {formatCLP(row[key])}
                </td>
              ))}
              <td data-label="Referencia">{row.referencia ?? '—'}</td>
              <td className="admin-table__nowrap" data-label="Pedido">
                <Link to={`/admin/pedidos/${row.pedido}`}>{row.pedido}</Link>
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={5}>
              Totales del período
            </th>
            {MONEY.map(({ key, header }) => (
              <td key={key} className="num" data-label={header}>
                {formatCLP(totales[key])}
              </td>
            ))}
            <td colSpan={2} className="sales-book__blank" />
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
