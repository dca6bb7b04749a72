// The payments module's tables: only this module reads and writes them (decision 011).
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { pedidos } from '../orders/orders.schema';

/**
 * One attempt to pay an order through a provider (a Webpay transaction). The provider's token is
 * kept as given: commit, status and refund need it, and it opens nothing of the buyer's (see
 * decision 016). Card data stops at the last 4 digits.
 */
export const pagos = pgTable(
  'pagos',
  {
    id: serial('id').primaryKey(),
    pedidoId: integer('pedido_id')
      .notNull()
      .references(() => pedidos.id, { onDelete: 'cascade' }),
    proveedor: varchar('proveedor', { length: 20 }).notNull(),
    token: varchar('token', { length: 64 }).notNull(),
    /** Where the browser posts the token (the provider's payment form). */
    url: varchar('url', { length: 255 }).notNull(),
    /** Webpay's buy_order: the order number and the attempt ('NB-000123-2'), unique. */
    ordenCompra: varchar('orden_compra', { length: 26 }).notNull(),
    monto: numeric('monto', { precision: 12, scale: 2 }).notNull(),
    /** PENDIENTE → PAGADO | RECHAZADO | ANULADO; PAGADO → REEMBOLSADO when the order is cancelled. */
    estado: varchar('estado', { length: 20 }).notNull().default('PENDIENTE'),
    codigoAutorizacion: varchar('codigo_autorizacion', { length: 12 }),
    ultimos4: varchar('ultimos4', { length: 4 }),
    /** Webpay's payment_type_code: VD, VN, VC, SI, S2, NC, VP. */
    tipoPago: varchar('tipo_pago', { length: 4 }),
    cuotas: smallint('cuotas'),
    codigoRespuesta: integer('codigo_respuesta'),
    /** What the provider authorised, which may differ from `monto` (then it is reversed). */
    montoAutorizado: numeric('monto_autorizado', { precision: 12, scale: 2 }),
    autorizadoAt: timestamp('autorizado_at', { withTimezone: true }),
    /** Why the attempt did not pay the order, in Spanish. */
    motivo: text('motivo'),
    reembolsoTipo: varchar('reembolso_tipo', { length: 10 }),
    reembolsoMonto: numeric('reembolso_monto', { precision: 12, scale: 2 }),
    reembolsadoAt: timestamp('reembolsado_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('pagos_token_idx').on(t.proveedor, t.token),
    uniqueIndex('pagos_orden_compra_idx').on(t.proveedor, t.ordenCompra),
    index('pagos_pedido_idx').on(t.pedidoId, t.id),
    check(
      'pagos_estado_valido',
      sql`${t.estado} in ('PENDIENTE', 'PAGADO', 'RECHAZADO', 'ANULADO', 'REEMBOLSADO')`,
    ),
    check('pagos_reembolso_tipo_valido', sql`${t.reembolsoTipo} in ('REVERSA', 'ANULACION')`),
  ],
);

/**
 * What happened to a payment and what the provider answered, in order: who asked (the buyer coming
 * back, the sweep, an admin), when, and the provider's answer without card data beyond the last 4.
 */
export const pagoEventos = pgTable(
  'pago_eventos',
  {
    id: serial('id').primaryKey(),
    pagoId: integer('pago_id')
      .notNull()
      .references(() => pagos.id, { onDelete: 'cascade' }),
    /** 'creado', 'confirmado', 'rechazado', 'anulado', 'reembolsado', 'reembolso_fallido', ... */
    tipo: varchar('tipo', { length: 30 }).notNull(),
    por: text('por').notNull(),
    respuesta: jsonb('respuesta'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('pago_eventos_pago_idx').on(t.pagoId, t.id)],
);
