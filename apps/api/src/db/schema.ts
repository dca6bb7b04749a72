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

export const categorias = pgTable('categorias', {
  id: serial('id').primaryKey(),
  nombre: varchar('nombre', { length: 100 }).notNull().unique(),
});

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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('productos_stock_no_negativo', sql`${t.stock} >= 0`),
    check('productos_precio_no_negativo', sql`${t.precio} >= 0`),
    index('productos_categoria_idx').on(t.categoriaId),
    index('productos_activo_created_idx').on(t.activo, t.createdAt),
  ],
);

export const usuarios = pgTable(
  'usuarios',
  {
    id: serial('id').primaryKey(),
    run: varchar('run', { length: 12 }).notNull().unique(),
    nombre: varchar('nombre', { length: 100 }).notNull(),
    apellidos: varchar('apellidos', { length: 100 }).notNull(),
    correo: varchar('correo', { length: 100 }).notNull().unique(),
    passHash: text('pass_hash').notNull(),
    role: varchar('role', { length: 10 }).notNull().default('CLIENT'),
    telefono: varchar('telefono', { length: 20 }),
    region: varchar('region', { length: 100 }).notNull(),
    comuna: varchar('comuna', { length: 100 }).notNull(),
    direccion: varchar('direccion', { length: 200 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('usuarios_role_valido', sql`${t.role} in ('ADMIN', 'VENDOR', 'CLIENT')`)],
);

export const contactos = pgTable('contactos', {
  id: serial('id').primaryKey(),
  nombre: varchar('nombre', { length: 100 }).notNull(),
  email: varchar('email', { length: 100 }).notNull(),
  mensaje: varchar('mensaje', { length: 500 }).notNull(),
  fechaEnvio: timestamp('fecha_envio', { withTimezone: true }).notNull().defaultNow(),
});

export const solicitudesSoporte = pgTable('solicitudes_soporte', {
  id: serial('id').primaryKey(),
  fechaCreacion: timestamp('fecha_creacion', { withTimezone: true }).notNull().defaultNow(),
  nombreCliente: varchar('nombre_cliente', { length: 100 }).notNull(),
  emailCliente: varchar('email_cliente', { length: 100 }).notNull(),
  telefonoCliente: varchar('telefono_cliente', { length: 20 }),
  region: varchar('region', { length: 100 }).notNull(),
  comuna: varchar('comuna', { length: 100 }).notNull(),
  direccion: varchar('direccion', { length: 200 }),
  equipo: varchar('equipo', { length: 20 }).notNull(),
  prioridad: varchar('prioridad', { length: 10 }).notNull(),
  serviciosRequeridos: jsonb('servicios_requeridos').$type<string[]>().notNull(),
  descripcionProblema: varchar('descripcion_problema', { length: 600 }).notNull(),
});

/** Facts the application keeps about itself, such as whether the demo data was loaded. */
export const appMeta = pgTable('app_meta', {
  key: varchar('key', { length: 100 }).primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
