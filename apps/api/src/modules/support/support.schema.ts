// The support module's tables: only this module reads and writes them (decision 011).
import {
  boolean,
  date,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { productos } from '../products/products.schema';
import { usuarios } from '../users/users.schema';

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
  /** The repair desk (decision 023, migration 0016). */
  tipo: varchar('tipo', { length: 20 }).notNull().default('REPARACION'),
  estado: varchar('estado', { length: 30 }).notNull().default('RECIBIDA'),
  comprobante: varchar('comprobante', { length: 60 }),
  fechaCompra: date('fecha_compra', { mode: 'string' }),
  /** The customer's account when they sent it logged in; their tickets show under /cuenta. */
  usuarioId: integer('usuario_id').references(() => usuarios.id, { onDelete: 'set null' }),
  fechaActualizacion: timestamp('fecha_actualizacion', { withTimezone: true })
    .notNull()
    .defaultNow(),
  /**
   * When it reached a final state (FINAL_TICKET_STATES; nothing moves out of them): its tracking
   * link stops opening it SUPPORT_LINK_EXPIRY_DAYS days later (migration 0019).
   */
  fechaCierre: timestamp('fecha_cierre', { withTimezone: true }),
});

/**
 * The ticket's tracking link: only the SHA-256 of its token is kept, one row per ticket, so the
 * link of a new e-mail replaces the older one (migration 0019).
 */
export const soporteEnlaces = pgTable('soporte_enlaces', {
  id: serial('id').primaryKey(),
  solicitudId: integer('solicitud_id')
    .notNull()
    .unique()
    .references(() => solicitudesSoporte.id, { onDelete: 'cascade' }),
  tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
  fechaCreacion: timestamp('fecha_creacion', { withTimezone: true }).notNull().defaultNow(),
});

/** Every change of a ticket, and the desk's internal notes (estado null: nothing moved). */
export const soporteHistorial = pgTable('soporte_historial', {
  id: serial('id').primaryKey(),
  solicitudId: integer('solicitud_id')
    .notNull()
    .references(() => solicitudesSoporte.id, { onDelete: 'cascade' }),
  estadoAnterior: varchar('estado_anterior', { length: 30 }),
  estado: varchar('estado', { length: 30 }),
  notaCliente: text('nota_cliente'),
  notaInterna: text('nota_interna'),
  autorId: integer('autor_id').references(() => usuarios.id, { onDelete: 'set null' }),
  autor: varchar('autor', { length: 100 }).notNull(),
  fecha: timestamp('fecha', { withTimezone: true }).notNull().defaultNow(),
});

export const soporteCotizaciones = pgTable('soporte_cotizaciones', {
  id: serial('id').primaryKey(),
  solicitudId: integer('solicitud_id')
    .notNull()
    .references(() => solicitudesSoporte.id, { onDelete: 'cascade' }),
  diagnostico: text('diagnostico').notNull(),
  validaHasta: date('valida_hasta', { mode: 'string' }).notNull(),
  estado: varchar('estado', { length: 20 }).notNull().default('PENDIENTE'),
  total: integer('total').notNull(),
  creadaPor: integer('creada_por').references(() => usuarios.id, { onDelete: 'set null' }),
  fechaCreacion: timestamp('fecha_creacion', { withTimezone: true }).notNull().defaultNow(),
  fechaRespuesta: timestamp('fecha_respuesta', { withTimezone: true }),
  motivoRechazo: text('motivo_rechazo'),
  /** The parts were taken from stock when the customer accepted; a cancel gives them back. */
  stockReservado: boolean('stock_reservado').notNull().default(false),
});

export const soporteCotizacionLineas = pgTable('soporte_cotizacion_lineas', {
  id: serial('id').primaryKey(),
  cotizacionId: integer('cotizacion_id')
    .notNull()
    .references(() => soporteCotizaciones.id, { onDelete: 'cascade' }),
  tipo: varchar('tipo', { length: 20 }).notNull(),
  servicio: varchar('servicio', { length: 40 }),
  productoId: integer('producto_id').references(() => productos.id, { onDelete: 'set null' }),
  descripcion: varchar('descripcion', { length: 200 }).notNull(),
  cantidad: integer('cantidad').notNull(),
  precioUnitario: integer('precio_unitario').notNull(),
});
