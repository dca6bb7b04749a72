import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
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
  /** The category's picture (a URL like a product's `imagen`); null shows the shop's drawing. */
  imagen: varchar('imagen', { length: 500 }),
  /** An inactive category is hidden from the shop; its products keep it. */
  activo: boolean('activo').notNull().default(true),
});

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
    index('productos_categoria_idx').on(t.categoriaId),
    index('productos_activo_created_idx').on(t.activo, t.createdAt),
    index('productos_marca_idx').on(t.marca),
  ],
);

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

/**
 * Password-recovery links. Only the SHA-256 of the token is kept, so reading this table does not
 * give anyone a working link. A newer request deletes the older ones of the same user.
 */
export const recuperacionesPassword = pgTable(
  'recuperaciones_password',
  {
    id: serial('id').primaryKey(),
    usuarioId: integer('usuario_id')
      .notNull()
      .references(() => usuarios.id, { onDelete: 'cascade' }),
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('recuperaciones_password_usuario_idx').on(t.usuarioId)],
);

/**
 * A user's authenticator app (TOTP, decision 015), owned by the auth module. The secret is set at
 * enrolment and counts once `activadoAt` is set by a first right code; `ultimoPaso` is the time
 * step of the last code accepted, so one code cannot be used twice.
 */
export const totpUsuarios = pgTable('totp_usuarios', {
  usuarioId: integer('usuario_id')
    .primaryKey()
    .references(() => usuarios.id, { onDelete: 'cascade' }),
  secreto: text('secreto').notNull(),
  activadoAt: timestamp('activado_at', { withTimezone: true }),
  ultimoPaso: integer('ultimo_paso'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Single-use recovery codes for TOTP: only their SHA-256 is kept. */
export const codigosRecuperacionTotp = pgTable(
  'codigos_recuperacion_totp',
  {
    id: serial('id').primaryKey(),
    usuarioId: integer('usuario_id')
      .notNull()
      .references(() => usuarios.id, { onDelete: 'cascade' }),
    codigoHash: varchar('codigo_hash', { length: 64 }).notNull(),
    usadoAt: timestamp('usado_at', { withTimezone: true }),
  },
  (t) => [index('codigos_recuperacion_totp_usuario_idx').on(t.usuarioId)],
);

/**
 * Newsletter subscribers, one row per lower-cased e-mail. The unsubscribe token is random (not
 * derived from the e-mail) and stays the same for the life of the row, so every e-mail can carry it.
 */
export const newsletterSuscriptores = pgTable(
  'newsletter_suscriptores',
  {
    id: serial('id').primaryKey(),
    email: varchar('email', { length: 100 }).notNull().unique(),
    tokenBaja: varchar('token_baja', { length: 64 }).notNull().unique(),
    activo: boolean('activo').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    bajaAt: timestamp('baja_at', { withTimezone: true }),
  },
  (t) => [index('newsletter_suscriptores_activo_idx').on(t.activo)],
);

/** The outbox: e-mails kept (and logged) instead of sent when no SMTP server is configured. */
export const correos = pgTable(
  'correos',
  {
    id: serial('id').primaryKey(),
    para: varchar('para', { length: 320 }).notNull(),
    asunto: varchar('asunto', { length: 200 }).notNull(),
    texto: text('texto').notNull(),
    html: text('html'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('correos_para_idx').on(t.para, t.createdAt)],
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
});

/** A tracking link e-mailed to the customer: only the SHA-256 of its token is kept. */
export const soporteEnlaces = pgTable('soporte_enlaces', {
  id: serial('id').primaryKey(),
  solicitudId: integer('solicitud_id')
    .notNull()
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

/** Facts the application keeps about itself, such as whether the demo data was loaded. */
export const appMeta = pgTable('app_meta', {
  key: varchar('key', { length: 100 }).primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
