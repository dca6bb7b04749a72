import {
  ESTADO_PEDIDO_LABELS,
  formatCLP,
  formatDate,
  pluralize,
  REPORT_DAYS,
  type Reportes,
} from '@nexbyte/shared';
import { useId } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../../components/ui/alert';
import { QueryLoading } from '../../../../components/ui/query-state';
import { useReports } from '../api/get-reports';
import '../admin-orders.css';

export const LOAD_REPORTS_ERROR = 'No se pudieron cargar los reportes.';

/** A YYYY-MM-DD day of Chile's calendar, shown as the shop shows dates ('25-11-2026'). */
const dayLabel = (fecha: string) => formatDate(`${fecha}T12:00:00`);
const shortDay = (fecha: string) => `${fecha.slice(8, 10)}-${fecha.slice(5, 7)}`;

const WIDTH = 600;
const HEIGHT = 220;
const PAD = { top: 16, right: 8, bottom: 28, left: 8 };

/** Paid sales per day as bars; the picture is named and described for screen readers. */
function SalesChart({ report }: { report: Reportes }) {
  const titleId = useId();
  const descId = useId();
  const days = report.ventasPorDia;
  const max = Math.max(1, ...days.map((d) => d.total));
  const best = days.reduce((a, b) => (b.total > a.total ? b : a), days[0]!);
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const slot = plotW / days.length;
  const description =
    report.pedidosPeriodo === 0
      ? `Sin ventas pagadas entre el ${dayLabel(report.desde)} y el ${dayLabel(report.hasta)}.`
      : `${formatCLP(report.totalPeriodo)} en ${pluralize(report.pedidosPeriodo, 'pedido pagado', 'pedidos pagados')} entre el ${dayLabel(report.desde)} y el ${dayLabel(report.hasta)}. El mejor día fue el ${dayLabel(best.fecha)}, con ${formatCLP(best.total)}.`;
  return (
    <svg
      className="sales-chart"
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-labelledby={titleId}
      aria-describedby={descId}
    >
      <title id={titleId}>{`Ventas pagadas por día, últimos ${REPORT_DAYS} días`}</title>
      <desc id={descId}>{description}</desc>
      <line
        className="sales-chart__axis"
        x1={PAD.left}
        x2={WIDTH - PAD.right}
        y1={PAD.top + plotH}
        y2={PAD.top + plotH}
      />
      {days.map((d, i) => {
        const h = (d.total / max) * plotH;
        const x = PAD.left + i * slot;
        return (
          <g key={d.fecha}>
            <rect
              className="sales-chart__bar"
              x={x + slot * 0.15}
              y={PAD.top + plotH - h}
              width={slot * 0.7}
              height={h}
            />
            {(i % 5 === 0 || i === days.length - 1) && (
              <text
                className="sales-chart__label"
                x={x + slot / 2}
                y={HEIGHT - 8}
                textAnchor="middle"
              >
                {shortDay(d.fecha)}
              </text>
            )}
          </g>
        );
      })}
      <text className="sales-chart__label" x={PAD.left} y={PAD.top - 4}>
        {formatCLP(max)}
      </text>
    </svg>
  );
}

/**
 * The dashboard's reports (ADMIN): paid sales of the last 30 days as a chart with its table
 * behind a disclosure, the best sellers of the period, and how many orders each status holds.
 */
export function SalesReports() {
  const reports = useReports();
  let content;
  if (reports.isPending) content = <QueryLoading />;
  else if (reports.isError) content = <Alert tone="danger">{LOAD_REPORTS_ERROR}</Alert>;
  else {
    const report = reports.data;
    content = (
      <>
        <div className="sales-reports__chart">
          <h3>Ventas pagadas por día</h3>
          <SalesChart report={report} />
          <details className="sales-reports__table">
            <summary>Ver las ventas por día en una tabla</summary>
            <table className="admin-table">
              <caption>Ventas pagadas por día, últimos {REPORT_DAYS} días</caption>
              <thead>
                <tr>
                  <th scope="col">Día</th>
                  <th scope="col">Pedidos</th>
                  <th scope="col">Total</th>
                </tr>
              </thead>
              <tbody>
                {report.ventasPorDia.map((d) => (
                  <tr key={d.fecha}>
                    <th scope="row">{dayLabel(d.fecha)}</th>
                    <td>{d.pedidos}</td>
                    <td>{formatCLP(d.total)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </details>
        </div>
        <div className="sales-reports__lists">
          <div>
            <h3>Más vendidos</h3>
            {report.productosTop.length === 0 ? (
              <p className="muted">Aún no hay ventas pagadas en estos {REPORT_DAYS} días.</p>
            ) : (
              <ol className="sales-reports__top">
                {report.productosTop.map((p) => (
                  <li key={p.productoId}>
                    <Link to={`/admin/productos/editar/${p.productoId}`}>{p.nombre}</Link>{' '}
                    <span className="muted">
                      {pluralize(p.unidades, 'unidad', 'unidades')} · {formatCLP(p.total)}
                    </span>
                  </li>
                ))}
              </ol>
            )}
          </div>
          <div>
            <h3>Pedidos por estado</h3>
            <ul className="sales-reports__status">
              {report.pedidosPorEstado.map((s) => (
                <li key={s.estado}>
                  <Link to={`/admin/pedidos?estado=${s.estado}`}>
                    {ESTADO_PEDIDO_LABELS[s.estado]}: {s.pedidos}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        </div>
      </>
    );
  }
  return (
    <section className="sales-reports" aria-labelledby="sales-reports-title">
      <h2 id="sales-reports-title">Reportes</h2>
      {content}
    </section>
  );
}
