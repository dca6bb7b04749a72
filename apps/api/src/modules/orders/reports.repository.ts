import {
  ESTADOS_PEDIDO,
  ESTADOS_VENDIDOS,
  REPORT_DAYS,
  REPORT_TOP_PRODUCTS,
  type EstadoPedido,
  type Reportes,
} from '@nexbyte/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';

/** The shop's calendar: a sale at 23:30 in Santiago belongs to that day, not to UTC's next one. */
const TZ = 'America/Santiago';
const SOLD = sql.join(
  ESTADOS_VENDIDOS.map((e) => sql`${e}`),
  sql`, `,
);
const pesos = (value: string | number) => Number(value);

/**
 * The dashboard's reports. Sales count orders whose money arrived and stayed (PAGADO, ENVIADO,
 * ENTREGADO: ESTADOS_VENDIDOS, like the month's sales card), on the day they were paid; a paid
 * order cancelled later was refunded, so it leaves the figures.
 */
export async function salesReport(db: Db): Promise<Reportes> {
  const today = sql`(now() at time zone ${TZ})::date`;
  const first = sql`(${today} - ${REPORT_DAYS - 1}::int)`;
  const since = sql`(${first}::timestamp at time zone ${TZ})`;
  const [days, top, statuses] = await Promise.all([
    db.execute(sql`
      with dias as (
        select (${first} + n)::date as dia from generate_series(0, ${REPORT_DAYS - 1}::int) as n
      )
      select to_char(d.dia, 'YYYY-MM-DD') as fecha, count(p.id)::int as pedidos,
        coalesce(sum(p.total), 0)::text as total
      from dias d
      left join pedidos p on p.estado in (${SOLD}) and p.pagado_at >= ${since}
        and (p.pagado_at at time zone ${TZ})::date = d.dia
      group by d.dia order by d.dia`),
    db.execute(sql`
      select i.producto_id as "productoId",
        (array_agg(i.nombre order by i.id desc))[1] as nombre,
        sum(i.qty)::int as unidades, sum(i.precio * i.qty)::text as total
      from pedido_items i join pedidos p on p.id = i.pedido_id
      where p.estado in (${SOLD}) and p.pagado_at >= ${since}
      group by i.producto_id
      order by unidades desc, sum(i.precio * i.qty) desc, i.producto_id
      limit ${REPORT_TOP_PRODUCTS}`),
    db.execute(sql`select estado, count(*)::int as pedidos from pedidos group by estado`),
  ]);
  const ventasPorDia = rowsOf<{ fecha: string; pedidos: number; total: string }>(days).map((d) => ({
    fecha: d.fecha,
    pedidos: d.pedidos,
    total: pesos(d.total),
  }));
  const byStatus = new Map(
    rowsOf<{ estado: EstadoPedido; pedidos: number }>(statuses).map((s) => [s.estado, s.pedidos]),
  );
  return {
    desde: ventasPorDia[0]?.fecha ?? '',
    hasta: ventasPorDia.at(-1)?.fecha ?? '',
    ventasPorDia,
    totalPeriodo: ventasPorDia.reduce((sum, d) => sum + d.total, 0),
    pedidosPeriodo: ventasPorDia.reduce((sum, d) => sum + d.pedidos, 0),
    productosTop: rowsOf<{ productoId: number; nombre: string; unidades: number; total: string }>(
      top,
    ).map((p) => ({ ...p, total: pesos(p.total) })),
    pedidosPorEstado: ESTADOS_PEDIDO.map((estado) => ({
      estado,
      pedidos: byStatus.get(estado) ?? 0,
    })),
  };
}
