// The stock-alerts module's tables: only this module reads and writes them (decision 011).
import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  pgTable,
  serial,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { productos } from '../products/products.schema';
import { usuarios } from '../users/users.schema';

/**
 * 'Avísame cuando llegue': one row per address waiting for a product (the e-mail lower-cased).
 * `avisada_at` is set in the transaction that brought the stock back and enqueued its e-mail;
 * from then on the row is history, and the address may ask again.
 */
export const alertasStock = pgTable(
  'alertas_stock',
  {
    id: serial('id').primaryKey(),
    productoId: integer('producto_id')
      .notNull()
      .references(() => productos.id, { onDelete: 'cascade' }),
    correo: varchar('correo', { length: 100 }).notNull(),
    usuarioId: integer('usuario_id').references(() => usuarios.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    avisadaAt: timestamp('avisada_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('alertas_stock_esperando_idx')
      .on(t.productoId, t.correo)
      .where(sql`${t.avisadaAt} IS NULL`),
    index('alertas_stock_correo_idx').on(t.correo),
  ],
);

/** Addresses that asked never to hear of a product's return; asking for an alert again clears it. */
export const alertasStockBajas = pgTable('alertas_stock_bajas', {
  correo: varchar('correo', { length: 100 }).primaryKey(),
  bajaAt: timestamp('baja_at', { withTimezone: true }).notNull().defaultNow(),
});
