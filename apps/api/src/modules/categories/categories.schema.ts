// The categories module's tables: only this module reads and writes them (decision 011).
import { boolean, pgTable, serial, varchar } from 'drizzle-orm/pg-core';

export const categorias = pgTable('categorias', {
  id: serial('id').primaryKey(),
  nombre: varchar('nombre', { length: 100 }).notNull().unique(),
  /** The category's picture (a URL like a product's `imagen`); null shows the shop's drawing. */
  imagen: varchar('imagen', { length: 500 }),
  /** An inactive category is hidden from the shop; its products keep it. */
  activo: boolean('activo').notNull().default(true),
});
