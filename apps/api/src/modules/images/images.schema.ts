// The images module's tables: only this module reads and writes them (decision 011).
import {
  customType,
  index,
  integer,
  pgTable,
  serial,
  timestamp,
  unique,
  varchar,
} from 'drizzle-orm/pg-core';
import { productos } from '../products/products.schema';

/** Raw bytes; PGlite and node-postgres both hand them over as a Uint8Array/Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * A product's photo as uploaded (metadata stripped). The bytes live in the database, so every
 * instance serves the same images and a backup of the database holds them (decision 017).
 */
export const productoImagenes = pgTable(
  'producto_imagenes',
  {
    id: serial('id').primaryKey(),
    productoId: integer('producto_id')
      .notNull()
      .references(() => productos.id, { onDelete: 'cascade' }),
    posicion: integer('posicion').notNull().default(0),
    alt: varchar('alt', { length: 200 }).notNull().default(''),
    /** The stored original's format after re-encoding: jpeg, png, webp or avif. */
    formato: varchar('formato', { length: 10 }).notNull(),
    ancho: integer('ancho').notNull(),
    alto: integer('alto').notNull(),
    /** A short content hash, part of every URL, so a URL's bytes never change (immutable caching). */
    huella: varchar('huella', { length: 32 }).notNull(),
    bytes: bytea('bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('producto_imagenes_producto_idx').on(t.productoId, t.posicion)],
);

/** The WebP and AVIF variants of a photo at a few widths, made once at upload with sharp. */
export const productoImagenVariantes = pgTable(
  'producto_imagen_variantes',
  {
    id: serial('id').primaryKey(),
    imagenId: integer('imagen_id')
      .notNull()
      .references(() => productoImagenes.id, { onDelete: 'cascade' }),
    formato: varchar('formato', { length: 10 }).notNull(),
    ancho: integer('ancho').notNull(),
    alto: integer('alto').notNull(),
    bytes: bytea('bytes').notNull(),
  },
  (t) => [unique('producto_imagen_variantes_unica').on(t.imagenId, t.formato, t.ancho)],
);
