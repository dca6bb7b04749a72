import { formatCLP, type CotizacionTicket } from '@nexbyte/shared';
import { DataTable, type Column } from '../../../components/ui/data-table';
import { formatDay } from './ticket-dates';

type Linea = CotizacionTicket['lineas'][number];

const COLUMNS: Column<Linea>[] = [
  {
    header: 'Detalle',
    rowHeader: true,
    cell: (line) => (
      <>
        {line.descripcion}
        <span className="ticket-quote__kind">
          {line.tipo === 'SERVICIO' ? 'Mano de obra' : 'Repuesto'}
        </span>
      </>
    ),
  },
  { header: 'Cantidad', numeric: true, cell: (line) => line.cantidad },
  { header: 'Precio unitario', numeric: true, cell: (line) => formatCLP(line.precioUnitario) },
  { header: 'Subtotal', numeric: true, cell: (line) => formatCLP(line.subtotal) },
];

/** A quote's diagnosis, lines and money, as the customer and the desk read it. */
export function QuoteLines({ quote }: { quote: CotizacionTicket }) {
  return (
    <>
      <h3 className="ticket-quote__subtitle">Diagnóstico</h3>
      <p className="ticket-quote__diagnosis">{quote.diagnostico}</p>
      <DataTable
        caption="Detalle de la cotización"
        columns={COLUMNS}
        rows={quote.lineas}
        rowKey={(line) => quote.lineas.indexOf(line)}
        className="ticket-quote__table"
      />
      <dl className="ticket-quote__totals">
        <div>
          <dt>Total</dt>
          <dd>{formatCLP(quote.total)}</dd>
        </div>
        <div>
          <dt>IVA incluido</dt>
          <dd>{formatCLP(quote.iva)}</dd>
        </div>
        <div>
          <dt>Válida hasta</dt>
          <dd>
            <time dateTime={quote.validaHasta}>{formatDay(quote.validaHasta)}</time>
          </dd>
        </div>
      </dl>
    </>
  );
}
