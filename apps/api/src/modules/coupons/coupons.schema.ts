// The coupons module's tables: only this module reads and writes them (decision 011).
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { pedidos } from '../orders/orders.schema';
import { usuarios } from '../users/users.schema';

const money = (name: string) => numeric(name, { precision: 12, scale: 2 });

export const cupones = pgTable(
  'cupones',
  {
    id: serial('id').primaryKey(),
    codigo: varchar('codigo', { length: 20 }).notNull(),
    tipo: varchar('tipo', { length: 10 }).notNull(),
    valor: money('valor').notNull().default('0'),
    label: varchar('label', { length: 100 }).notNull(),
    validoDesde: timestamp('valido_desde', { withTimezone: true }),
    validoHasta: timestamp('valido_hasta', { withTimezone: true }),
    minimoSubtotal: money('minimo_subtotal').notNull().default('0'),
    limiteTotal: integer('limite_total'),
    limitePorCliente: integer('limite_por_cliente'),
    /** Orders holding a use now; raised only by a conditional UPDATE inside the order's transaction. */
    usos: integer('usos').notNull().default(0),
    activo: boolean('activo').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('cupones_codigo_idx').on(t.codigo),
    check('cupones_tipo_valido', sql`${t.tipo} IN ('percent', 'amount', 'shipping')`),
    check(
      'cupones_valor_valido',
      sql`${t.valor} >= 0 AND (${t.tipo} <> 'percent' OR ${t.valor} <= 100)`,
    ),
    check(
      'cupones_limites_positivos',
      sql`(${t.limiteTotal} IS NULL OR ${t.limiteTotal} > 0) AND (${t.limitePorCliente} IS NULL OR ${t.limitePorCliente} > 0)`,
    ),
    check(
      'cupones_usos_en_limite',
      sql`${t.usos} >= 0 AND (${t.limiteTotal} IS NULL OR ${t.usos} <= ${t.limiteTotal})`,
    ),
  ],
);

/** One row per order that holds a coupon's use; a cancelled order's row is deleted. */
export const cuponUsos = pgTable(
  'cupon_usos',
  {
    id: serial('id').primaryKey(),
    cuponId: integer('cupon_id')
      .notNull()
      .references(() => cupones.id, { onDelete: 'cascade' }),
    pedidoId: integer('pedido_id')
      .notNull()
      .references(() => pedidos.id, { onDelete: 'cascade' }),
    usuarioId: integer('usuario_id').references(() => usuarios.id, { onDelete: 'set null' }),
    correo: varchar('correo', { length: 100 }).notNull(),
    /** The e-mail as the per-customer limit counts it (customerEmailKey; migration 0018). */
    correoNormalizado: varchar('correo_normalizado', { length: 100 }).notNull(),
    /** The buyer's RUN ('12345678-5'), when the order had one: a guest is counted by it too. */
    run: varchar('run', { length: 12 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('cupon_usos_pedido_idx').on(t.pedidoId),
    index('cupon_usos_cupon_usuario_idx').on(t.cuponId, t.usuarioId),
    index('cupon_usos_cupon_correo_idx').on(t.cuponId, t.correo),
    index('cupon_usos_cupon_correo_normalizado_idx').on(t.cuponId, t.correoNormalizado),
    index('cupon_usos_cupon_run_idx').on(t.cuponId, t.run),
  ],
);
