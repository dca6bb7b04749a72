import { z } from 'zod';
import { ESTADOS_PEDIDO } from '../orders';

// The admin's reports: paid sales per day, the best-selling products, and orders by status; and
// the orders CSV for the accountant.

/** Days the sales chart covers, today included (Chile's calendar). */
export const REPORT_DAYS = 30;
/** Products in the best-sellers list. */
export const REPORT_TOP_PRODUCTS = 5;

export const REPORT_MESSAGES = {
  fecha: 'Usa una fecha con el formato AAAA-MM-DD.',
  rango: 'La fecha "desde" debe ser anterior o igual a "hasta".',
} as const;

const money = z.number();

export const reportesSchema = z.object({
  /** First and last day of the chart, YYYY-MM-DD in Chile. */
  desde: z.string(),
  hasta: z.string(),
  /** One entry per day, oldest first, days without sales included (0). */
  ventasPorDia: z.array(z.object({ fecha: z.string(), pedidos: z.number().int(), total: money })),
  totalPeriodo: money,
  pedidosPeriodo: z.number().int(),
  productosTop: z.array(
    z.object({
      productoId: z.number().int(),
      nombre: z.string(),
      unidades: z.number().int(),
      total: money,
    }),
  ),
  /** Every status, with the orders in it now (0 included). */
  pedidosPorEstado: z.array(
    z.object({ estado: z.enum(ESTADOS_PEDIDO), pedidos: z.number().int() }),
  ),
});
export type Reportes = z.infer<typeof reportesSchema>;

const isoDay = z
  .string({ error: REPORT_MESSAGES.fecha })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: REPORT_MESSAGES.fecha })
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), { error: REPORT_MESSAGES.fecha });

/** GET /pedidos/exportar.csv: days placed, both included; either may be left out. */
export const exportarPedidosQuerySchema = z
  .object({ desde: isoDay.optional(), hasta: isoDay.optional() })
  .refine((q) => !q.desde || !q.hasta || q.desde <= q.hasta, {
    error: REPORT_MESSAGES.rango,
    path: ['hasta'],
  });
export type ExportarPedidosQuery = z.infer<typeof exportarPedidosQuerySchema>;

/** The columns of the orders CSV, in order. */
export const CSV_ORDER_COLUMNS = [
  'numero',
  'fecha',
  'estado',
  'pagado_el',
  'cliente',
  'correo',
  'run',
  'region',
  'comuna',
  'metodo_pago',
  'cupon',
  'subtotal',
  'descuento',
  'descuento_pago',
  'envio',
  'total',
  'iva',
  /** 'Boleta' or 'Factura'; a factura's company by its RUT and razón social. */
  'documento',
  'rut_empresa',
  'razon_social',
  'transportista',
  'numero_seguimiento',
] as const;
