// The users module's tables: only this module reads and writes them (decision 011).
import { sql } from 'drizzle-orm';
import { check, integer, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';

export const usuarios = pgTable(
  'usuarios',
  {
    id: serial('id').primaryKey(),
    // Null only for an owner made from the command line or the environment (migration 0015).
    run: varchar('run', { length: 12 }).unique(),
    nombre: varchar('nombre', { length: 100 }).notNull(),
    apellidos: varchar('apellidos', { length: 100 }).notNull(),
    correo: varchar('correo', { length: 100 }).notNull().unique(),
    passHash: text('pass_hash').notNull(),
    role: varchar('role', { length: 10 }).notNull().default('CLIENT'),
    telefono: varchar('telefono', { length: 20 }),
    region: varchar('region', { length: 100 }).notNull(),
    comuna: varchar('comuna', { length: 100 }).notNull(),
    direccion: varchar('direccion', { length: 200 }).notNull(),
    /**
     * Goes up with every password change. Session tokens carry the version they were issued
     * with, so a change refuses every session opened before it.
     */
    sesionVersion: integer('sesion_version').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('usuarios_role_valido', sql`${t.role} in ('ADMIN', 'VENDOR', 'CLIENT')`)],
);
