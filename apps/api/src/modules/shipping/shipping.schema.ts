// The shipping module's tables: only this module reads and writes them (decision 011).
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { pedidos } from '../orders/orders.schema';

const money = (name: string) => numeric(name, { precision: 12, scale: 2 });

/** Raw bytes (the label's PDF); PGlite and node-postgres both hand them over as bytes. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

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

/**
 * How an order travels (decision 036), one row per home-delivery order: what the buyer accepted at
 * checkout (a carrier's service and price, or the región's table when the carrier did not answer),
 * the parcel it was rated for, and, once the admin creates the shipment, the carrier's transport
 * order, its label and what tracking has said since.
 */
export const envios = pgTable(
  'envios',
  {
    pedidoId: integer('pedido_id')
      .primaryKey()
      .references(() => pedidos.id, { onDelete: 'cascade' }),
    /** TRANSPORTISTA: a carrier's quoted service; TABLA: the región's price (carrier silent). */
    origen: varchar('origen', { length: 15 }).notNull(),
    transportista: varchar('transportista', { length: 60 }),
    servicioCodigo: varchar('servicio_codigo', { length: 20 }),
    servicioNombre: varchar('servicio_nombre', { length: 100 }),
    /** The price quoted and accepted, before the free-shipping threshold. */
    precio: numeric('precio', { precision: 12, scale: 2 }).notNull(),
    /** The carrier's delivery estimate when quoted (YYYY-MM-DD, Chile). */
    llegaEstimada: varchar('llega_estimada', { length: 10 }),
    /** The carrier's coverage code of the destination comuna. */
    cobertura: varchar('cobertura', { length: 20 }),
    pesoKg: numeric('peso_kg', { precision: 8, scale: 3 }).notNull(),
    largoCm: numeric('largo_cm', { precision: 6, scale: 1 }).notNull(),
    anchoCm: numeric('ancho_cm', { precision: 6, scale: 1 }).notNull(),
    altoCm: numeric('alto_cm', { precision: 6, scale: 1 }).notNull(),
    /** The carrier's transport order, once created ('Crear envío'); at most one per order. */
    numeroOt: varchar('numero_ot', { length: 40 }),
    etiquetaPdf: bytea('etiqueta_pdf'),
    seguimientoUrl: varchar('seguimiento_url', { length: 300 }),
    /** The carrier's last word on the shipment, and every event it told, oldest first. */
    estadoTransportista: varchar('estado_transportista', { length: 60 }),
    eventos: jsonb('eventos')
      .$type<{ fecha: string; descripcion: string; lugar: string | null }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    creadoAt: timestamp('creado_at', { withTimezone: true }).notNull().defaultNow(),
    enviadoAt: timestamp('enviado_at', { withTimezone: true }),
    /** While a request is asking the carrier for the transport order: until when it may. */
    creandoHasta: timestamp('creando_hasta', { withTimezone: true }),
    entregadoAt: timestamp('entregado_at', { withTimezone: true }),
    consultadoAt: timestamp('consultado_at', { withTimezone: true }),
  },
  (t) => [
    check('envios_origen_valido', sql`${t.origen} in ('TRANSPORTISTA', 'TABLA')`),
    check('envios_precio_no_negativo', sql`${t.precio} >= 0`),
    uniqueIndex('envios_numero_ot_idx')
      .on(t.transportista, t.numeroOt)
      .where(sql`numero_ot IS NOT NULL`),
    index('envios_en_camino_idx')
      .on(t.enviadoAt)
      .where(sql`numero_ot IS NOT NULL AND entregado_at IS NULL`),
  ],
);
