import { pipeline, Readable } from 'node:stream';
import {
  CSV_ORDER_COLUMNS,
  ESTADO_PEDIDO_LABELS,
  formatRun,
  ivaIncluded,
  METODO_PAGO_LABELS,
  type EstadoPedido,
  type ExportarPedidosQuery,
  type MetodoPago,
} from '@nexbyte/shared';
import { stringify } from 'csv-stringify';
import { and, asc, gt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pedidos } from './orders.schema';
import { formatPrice, spreadsheetCsvOptions } from '../product-csv/csv-format';

const EXPORT_PAGE = 1000;
const TZ = 'America/Santiago';

/** Day and time in Chile, as Excel reads them: 2026-11-25 14:05. */
const chileTime = (column: SQL | typeof pedidos.createdAt) =>
  sql<string>`to_char(${column} at time zone ${TZ}, 'YYYY-MM-DD HH24:MI')`;

function rangeOf(query: ExportarPedidosQuery): SQL[] {
  const day = sql`(${pedidos.createdAt} at time zone ${TZ})::date`;
  return [
    ...(query.desde ? [sql`${day} >= ${query.desde}::date`] : []),
    ...(query.hasta ? [sql`${day} <= ${query.hasta}::date`] : []),
  ];
}

async function* orderRows(db: Db, query: ExportarPedidosQuery): AsyncGenerator<string[]> {
  let after = 0;
  for (;;) {
    const page = await db
      .select({
        id: pedidos.id,
        numero: pedidos.numero,
        fecha: chileTime(pedidos.createdAt),
        estado: pedidos.estado,
        pagadoEl: sql<
          string | null
        >`case when ${pedidos.pagadoAt} is null then null else ${chileTime(sql`${pedidos.pagadoAt}`)} end`,
        cliente: pedidos.clienteNombre,
        correo: pedidos.clienteCorreo,
        run: pedidos.clienteRun,
        region: pedidos.region,
        comuna: pedidos.comuna,
        metodoPago: pedidos.metodoPago,
        cupon: pedidos.cupon,
        subtotal: pedidos.subtotal,
        descuento: pedidos.descuento,
        descuentoPago: pedidos.descuentoPago,
        envio: pedidos.envio,
        total: pedidos.total,
        documentoTipo: pedidos.documentoTipo,
        facturaEmpresa: pedidos.facturaEmpresa,
        transportista: pedidos.transportista,
        numeroSeguimiento: pedidos.numeroSeguimiento,
      })
      .from(pedidos)
      .where(and(gt(pedidos.id, after), ...rangeOf(query)))
      .orderBy(asc(pedidos.id))
      .limit(EXPORT_PAGE);
    for (const o of page) {
      const total = Number(o.total);
      yield [
        o.numero,
        o.fecha,
        ESTADO_PEDIDO_LABELS[o.estado as EstadoPedido],
        o.pagadoEl ?? '',
        o.cliente,
        o.correo,
        o.run ?? '',
        o.region,
        o.comuna,
        METODO_PAGO_LABELS[o.metodoPago as MetodoPago],
        o.cupon ?? '',
        formatPrice(Number(o.subtotal)),
        formatPrice(Number(o.descuento)),
        formatPrice(Number(o.descuentoPago)),
        formatPrice(Number(o.envio)),
        formatPrice(total),
        formatPrice(ivaIncluded(total)),
        o.documentoTipo === 'FACTURA' ? 'Factura' : 'Boleta',
        o.facturaEmpresa ? formatRun(o.facturaEmpresa.rut) : '',
        o.facturaEmpresa?.razonSocial ?? '',
        o.transportista ?? '',
        o.numeroSeguimiento ?? '',
      ];
    }
    if (page.length < EXPORT_PAGE) return;
    after = page[page.length - 1]!.id;
  }
}

/**
 * The orders placed between two days (Chile's calendar, both included), oldest first, for the
 * accountant's spreadsheet: UTF-8 with BOM and ';' like the product export, amounts in whole pesos
 * (IVA included, and its part apart), every status with the day it was paid, and the document
 * asked for (a factura with its company's RUT and razón social). Streamed by pages;
 * cells are guarded and quoted like every CSV the shop writes (spreadsheetCsvOptions).
 */
export function exportOrders(db: Db, query: ExportarPedidosQuery, onError: (err: Error) => void) {
  const csv = stringify(spreadsheetCsvOptions(CSV_ORDER_COLUMNS));
  pipeline(Readable.from(orderRows(db, query)), csv, (err) => {
    if (err) onError(err);
  });
  return csv;
}
