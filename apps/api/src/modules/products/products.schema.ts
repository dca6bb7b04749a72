// The products module's tables: only this module reads and writes them (decision 011).
import type { ComponenteParcial } from '@nexbyte/shared';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { categorias } from '../categories/categories.schema';

/** One line of a product's specification sheet, e.g. { nombre: 'Capacidad', valor: '1 TB' }. */
export interface EspecificacionRow {
  nombre: string;
  valor: string;
}

export const productos = pgTable(
  'productos',
  {
    id: serial('id').primaryKey(),
    nombre: varchar('nombre', { length: 100 }).notNull(),
    descripcion: text('descripcion'),
    precio: numeric('precio', { precision: 12, scale: 2 }).notNull(),
    imagen: varchar('imagen', { length: 500 }),
    stock: integer('stock').notNull().default(0),
    activo: boolean('activo').notNull().default(true),
    categoriaId: integer('categoria_id')
      .notNull()
      .references(() => categorias.id),
    marca: varchar('marca', { length: 60 }),
    /**
     * Unique and editable. Saved empty, a trigger of migration 0008 gives it NB-{id, 6 digits}, so
     * every way in (the form, the CSV import, the demo data) gets one.
     */
    sku: varchar('sku', { length: 40 }).notNull().unique().default(''),
    especificaciones: jsonb('especificaciones')
      .$type<EspecificacionRow[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /**
     * A PC part's typed specification, { tipo, …the values known } (decision 032); null for
     * anything that is not a part the builder reasons about.
     */
    componente: jsonb('componente').$type<ComponenteParcial>(),
    /**
     * The product in its own packaging, for the carrier's rate (docs/product.md#parcels): weight
     * in kg and sides in cm. Null while unknown; the parcel then counts the setting's defaults.
     */
    pesoKg: numeric('peso_kg', { precision: 7, scale: 3 }),
    largoCm: numeric('largo_cm', { precision: 6, scale: 1 }),
    anchoCm: numeric('ancho_cm', { precision: 6, scale: 1 }),
    altoCm: numeric('alto_cm', { precision: 6, scale: 1 }),
    /**
     * A sale price charged from `oferta_desde` (included) until `oferta_hasta` (excluded), all
     * three or none (docs/product.md#offers). `precio` stays the normal price.
     */
    precioOferta: numeric('precio_oferta', { precision: 12, scale: 2 }),
    ofertaDesde: timestamp('oferta_desde', { withTimezone: true }),
    ofertaHasta: timestamp('oferta_hasta', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * When the product's page last changed (the sitemap's lastmod); moved by a trigger of
     * migration 0012 on any change a shopper would see, never written by the code.
     */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('productos_stock_no_negativo', sql`${t.stock} >= 0`),
    check('productos_precio_no_negativo', sql`${t.precio} >= 0`),
    check(
      'productos_medidas_positivas',
      sql`(${t.pesoKg} IS NULL OR ${t.pesoKg} > 0) AND (${t.largoCm} IS NULL OR ${t.largoCm} > 0) AND (${t.anchoCm} IS NULL OR ${t.anchoCm} > 0) AND (${t.altoCm} IS NULL OR ${t.altoCm} > 0)`,
    ),
    check(
      'productos_oferta_completa',
      sql`(${t.precioOferta} IS NULL) = (${t.ofertaDesde} IS NULL) AND (${t.precioOferta} IS NULL) = (${t.ofertaHasta} IS NULL) AND (${t.precioOferta} IS NULL OR (${t.precioOferta} >= 0 AND ${t.ofertaDesde} < ${t.ofertaHasta}))`,
    ),
    index('productos_categoria_idx').on(t.categoriaId),
    index('productos_activo_created_idx').on(t.activo, t.createdAt),
    index('productos_marca_idx').on(t.marca),
    // A step of 'Arma tu PC' reads the parts of one kind a shopper can buy, cheapest first. No
    // index names the stock, not even in its predicate: a sale's update of it then stays on its
    // page (a HOT update) and writes none of the table's indexes (migration 0037).
    index('productos_componente_tipo_idx')
      .on(sql`(${t.componente}->>'tipo')`, t.precio)
      .where(sql`${t.componente} is not null and ${t.activo}`),
    // The list's filters on typed values count and read only the parts on sale, whatever the stock.
    index('productos_componente_idx')
      .on(t.categoriaId)
      .where(sql`${t.componente} is not null and ${t.activo}`),
  ],
);
