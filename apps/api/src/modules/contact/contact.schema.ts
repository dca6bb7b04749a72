// The contact module's tables: only this module reads and writes them (decision 011).
import { pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';

export const contactos = pgTable('contactos', {
  id: serial('id').primaryKey(),
  nombre: varchar('nombre', { length: 100 }).notNull(),
  email: varchar('email', { length: 100 }).notNull(),
  mensaje: varchar('mensaje', { length: 500 }).notNull(),
  fechaEnvio: timestamp('fecha_envio', { withTimezone: true }).notNull().defaultNow(),
});
