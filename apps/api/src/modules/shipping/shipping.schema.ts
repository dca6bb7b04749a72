// The shipping module's tables: only this module reads and writes them (decision 011).
import { sql } from 'drizzle-orm';
import { boolean, check, integer, numeric, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

const money = (name: string) => numeric(name, { precision: 12, scale: 2 });

/** A región without a row charges the spec's fee and threshold. */
export const tarifasEnvio = pgTable(
  'tarifas_envio',
  {
    region: varchar('region', { length: 100 }).primaryKey(),
    precio: money('precio').notNull(),
    /** Null: this región never ships free. */
    envioGratisDesde: money('envio_gratis_desde'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'tarifas_envio_montos_no_negativos',
      sql`${t.precio} >= 0 AND (${t.envioGratisDesde} IS NULL OR ${t.envioGratisDesde} >= 0)`,
    ),
  ],
);

/** The shop's pickup point: one row at most, none means pickup is off. */
export const retiroTienda = pgTable(
  'retiro_tienda',
  {
    id: integer('id').primaryKey().default(1),
    activo: boolean('activo').notNull().default(false),
    region: varchar('region', { length: 100 }).notNull(),
    comuna: varchar('comuna', { length: 100 }).notNull(),
    direccion: varchar('direccion', { length: 200 }).notNull(),
    horario: varchar('horario', { length: 200 }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('retiro_tienda_una_fila', sql`${t.id} = 1`)],
);
