// The invoicing module's tables: only this module reads and writes them (decision 011).
import { sql } from 'drizzle-orm';
import {
  check,
  customType,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { pedidos } from '../orders/orders.schema';
import { usuarios } from '../users/users.schema';

const money = (name: string) => numeric(name, { precision: 12, scale: 2 }).notNull();

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** The companies a customer buys for: offered again at checkout when a factura is asked for. */
export const empresasCliente = pgTable(
  'empresas_cliente',
  {
    id: serial('id').primaryKey(),
    usuarioId: integer('usuario_id')
      .notNull()
      .references(() => usuarios.id, { onDelete: 'cascade' }),
    /** '76123456-0', checked with its módulo 11 digit. */
    rut: varchar('rut', { length: 12 }).notNull(),
    razonSocial: varchar('razon_social', { length: 100 }).notNull(),
    giro: varchar('giro', { length: 80 }).notNull(),
    direccion: varchar('direccion', { length: 200 }).notNull(),
    region: varchar('region', { length: 100 }).notNull(),
    comuna: varchar('comuna', { length: 100 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('empresas_cliente_usuario_rut_idx').on(t.usuarioId, t.rut)],
);

/**
 * Every electronic tax document (DTE) of an order: its boleta (39) or factura (33), written
 * PENDIENTE in the transaction that marks the order paid, and the nota de crédito (61) that
 * cancels it when a paid order is cancelled. One of each class per order; `clave_idempotencia`
 * is what the provider is given so a retry never issues a second one.
 */
export const documentosTributarios = pgTable(
  'documentos_tributarios',
  {
    id: serial('id').primaryKey(),
    pedidoId: integer('pedido_id')
      .notNull()
      .references(() => pedidos.id),
    /** BOLETA, FACTURA or NOTA_CREDITO. */
    clase: varchar('clase', { length: 15 }).notNull(),
    /** The SII's code: 39, 33 or 61. */
    codigoSii: integer('codigo_sii').notNull(),
    /** PENDIENTE, EMITIDO, RECHAZADO or ANULADO (a boleta or factura a credit note cancelled). */
    estado: varchar('estado', { length: 12 }).notNull().default('PENDIENTE'),
    /** Sent to the provider with every attempt: 'NB-000123-39'. */
    claveIdempotencia: varchar('clave_idempotencia', { length: 64 }).notNull(),
    folio: integer('folio'),
    /** The provider's own id for the document. */
    proveedorId: varchar('proveedor_id', { length: 120 }),
    /** Where the provider keeps the PDF, when it answers a link instead of the file. */
    pdfUrl: text('pdf_url'),
    /** The PDF as the provider gave it (OpenFactura answers it as bytes); served by our route. */
    pdf: bytea('pdf'),
    /** The SII's track id of the submission. */
    trackId: varchar('track_id', { length: 120 }),
    /** Why the provider refused it (in Spanish), or the last error of a failed attempt. */
    motivo: text('motivo'),
    intentos: integer('intentos').notNull().default(0),
    /** The document a credit note cancels. */
    referenciaId: integer('referencia_id').references((): AnyPgColumn => documentosTributarios.id),
    receptorRut: varchar('receptor_rut', { length: 12 }).notNull(),
    receptorNombre: varchar('receptor_nombre', { length: 201 }).notNull(),
    neto: money('neto'),
    iva: money('iva'),
    exento: money('exento'),
    total: money('total'),
    emitidoAt: timestamp('emitido_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('documentos_pedido_clase_idx').on(t.pedidoId, t.clase),
    uniqueIndex('documentos_clave_idx').on(t.claveIdempotencia),
    uniqueIndex('documentos_folio_idx')
      .on(t.codigoSii, t.folio)
      .where(sql`folio IS NOT NULL`),
    index('documentos_emitido_idx')
      .on(t.emitidoAt)
      .where(sql`emitido_at IS NOT NULL`),
    index('documentos_estado_idx').on(t.estado, t.createdAt),
    check('documentos_clase_valida', sql`${t.clase} in ('BOLETA', 'FACTURA', 'NOTA_CREDITO')`),
    check(
      'documentos_estado_valido',
      sql`${t.estado} in ('PENDIENTE', 'EMITIDO', 'RECHAZADO', 'ANULADO')`,
    ),
  ],
);
