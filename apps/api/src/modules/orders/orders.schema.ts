// The orders module's tables: only this module reads and writes them (decision 011).
import { sql } from 'drizzle-orm';
import type { Empresa } from '@nexbyte/shared';
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
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { productos } from '../products/products.schema';
import { usuarios } from '../users/users.schema';

const money = (name: string) => numeric(name, { precision: 12, scale: 2 }).notNull();

export const pedidos = pgTable(
  'pedidos',
  {
    id: serial('id').primaryKey(),
    /** 'NB-000123', derived from the id by the database, so it can never disagree with it. */
    numero: varchar('numero', { length: 20 })
      .notNull()
      .generatedAlwaysAs(sql`'NB-' || lpad(id::text, greatest(6, length(id::text)), '0')`),
    /** Null for a guest's order, and if the account is deleted later. */
    usuarioId: integer('usuario_id').references(() => usuarios.id, { onDelete: 'set null' }),
    /**
     * Placed without an account. A fact of the order, not `usuario_id is null`: a deleted
     * customer's order keeps `false`, so nobody but an admin reads it afterwards.
     */
    invitado: boolean('invitado').notNull().default(false),
    /**
     * sha256 of the order's random access token (the e-mailed link carries the token). Null for
     * orders placed before tokens existed, until the look-up form sends them a link.
     */
    tokenHash: varchar('token_hash', { length: 64 }),
    clienteNombre: varchar('cliente_nombre', { length: 201 }).notNull(),
    clienteCorreo: varchar('cliente_correo', { length: 100 }).notNull(),
    /** The e-mail as a guest's limits count it (customerEmailKey), e.g. 'ana@gmail.com'. */
    correoNormalizado: varchar('correo_normalizado', { length: 100 }).notNull(),
    clienteRun: varchar('cliente_run', { length: 12 }),
    clienteTelefono: varchar('cliente_telefono', { length: 20 }),
    region: varchar('region', { length: 100 }).notNull(),
    comuna: varchar('comuna', { length: 100 }).notNull(),
    direccion: varchar('direccion', { length: 200 }).notNull(),
    metodoPago: varchar('metodo_pago', { length: 20 }).notNull().default('TRANSFERENCIA'),
    cupon: varchar('cupon', { length: 20 }),
    /** The coupon's label when the order was placed: the admin may edit or delete the coupon. */
    cuponLabel: varchar('cupon_label', { length: 100 }),
    /** DESPACHO to region/comuna/direccion, or RETIRO at the store (then those are the store's). */
    entrega: varchar('entrega', { length: 10 }).notNull().default('DESPACHO'),
    /** The store's opening hours when a pickup order was placed. */
    retiroHorario: varchar('retiro_horario', { length: 200 }),
    subtotal: money('subtotal'),
    descuento: money('descuento'),
    /** The payment method's discount (transfer, DESCUENTO_TRANSFERENCIA_PCT), after the coupon. */
    descuentoPago: numeric('descuento_pago', { precision: 12, scale: 2 }).notNull().default('0'),
    envio: money('envio'),
    total: money('total'),
    estado: varchar('estado', { length: 20 }).notNull().default('PENDIENTE_PAGO'),
    /**
     * The client's Idempotency-Key, unique per buyer (scope: 'u:<id>' or 'g:<e-mail>'), with a
     * hash of the request so a reused key with another cart is refused instead of replayed.
     */
    idempotencyScope: varchar('idempotency_scope', { length: 110 }),
    idempotencyKey: varchar('idempotency_key', { length: 100 }),
    requestHash: varchar('request_hash', { length: 64 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** An unpaid order gives its stock back at this moment (the expiry sweep). */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    pagadoAt: timestamp('pagado_at', { withTimezone: true }),
    /** Recorded by the admin when the order is shipped (migration 0014); both optional. */
    transportista: varchar('transportista', { length: 60 }),
    numeroSeguimiento: varchar('numero_seguimiento', { length: 60 }),
    /**
     * Links a guest asked for again (POST /pedidos/{numero}/enlace) since `enlaces_desde`: at most
     * a few an hour are sent (migration 0018).
     */
    enlacesEnviados: integer('enlaces_enviados').notNull().default(0),
    enlacesDesde: timestamp('enlaces_desde', { withTimezone: true }),
    /** The tax document the buyer asked for: BOLETA, or FACTURA made out to `factura_empresa`. */
    documentoTipo: varchar('documento_tipo', { length: 10 }).notNull().default('BOLETA'),
    /** The company of a factura as given at checkout (RUT, razón social, giro, address). */
    facturaEmpresa: jsonb('factura_empresa').$type<Empresa>(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('pedidos_numero_idx').on(t.numero),
    uniqueIndex('pedidos_idempotencia_idx').on(t.idempotencyScope, t.idempotencyKey),
    index('pedidos_usuario_idx').on(t.usuarioId, t.createdAt),
    index('pedidos_estado_idx').on(t.estado, t.createdAt),
    index('pedidos_correo_idx').on(t.clienteCorreo),
    index('pedidos_invitado_impago_idx')
      .on(t.correoNormalizado)
      .where(sql`invitado AND estado = 'PENDIENTE_PAGO'`),
    index('pedidos_pagado_at_idx')
      .on(t.pagadoAt)
      .where(sql`pagado_at IS NOT NULL`),
    index('pedidos_vencimiento_idx')
      .on(t.expiresAt)
      .where(sql`estado = 'PENDIENTE_PAGO'`),
    check(
      'pedidos_estado_valido',
      sql`${t.estado} in ('PENDIENTE_PAGO', 'PAGADO', 'ENVIADO', 'ENTREGADO', 'CANCELADO')`,
    ),
    check('pedidos_entrega_valida', sql`${t.entrega} in ('DESPACHO', 'RETIRO')`),
    check(
      'pedidos_documento_valido',
      sql`(${t.documentoTipo} = 'BOLETA' and ${t.facturaEmpresa} is null) or (${t.documentoTipo} = 'FACTURA' and ${t.facturaEmpresa} is not null)`,
    ),
    check('pedidos_metodo_pago_valido', sql`${t.metodoPago} in ('WEBPAY', 'TRANSFERENCIA')`),
    check(
      'pedidos_montos_no_negativos',
      sql`${t.subtotal} >= 0 and ${t.descuento} >= 0 and ${t.descuentoPago} >= 0 and ${t.envio} >= 0 and ${t.total} >= 0`,
    ),
  ],
);

export const pedidoItems = pgTable(
  'pedido_items',
  {
    id: serial('id').primaryKey(),
    pedidoId: integer('pedido_id')
      .notNull()
      .references(() => pedidos.id, { onDelete: 'cascade' }),
    productoId: integer('producto_id')
      .notNull()
      .references(() => productos.id),
    /** The name and price when the order was placed: later edits of the product do not change it. */
    nombre: varchar('nombre', { length: 100 }).notNull(),
    precio: money('precio'),
    qty: integer('qty').notNull(),
  },
  (t) => [
    index('pedido_items_pedido_idx').on(t.pedidoId),
    check('pedido_items_qty_positiva', sql`${t.qty} > 0`),
  ],
);

/** Every status an order went through: from what, to what, who did it and when. */
export const pedidoEventos = pgTable(
  'pedido_eventos',
  {
    id: serial('id').primaryKey(),
    pedidoId: integer('pedido_id')
      .notNull()
      .references(() => pedidos.id, { onDelete: 'cascade' }),
    /** Null for the order's creation. */
    de: varchar('de', { length: 20 }),
    a: varchar('a', { length: 20 }).notNull(),
    usuarioId: integer('usuario_id').references(() => usuarios.id, { onDelete: 'set null' }),
    /** Who, in words that outlive the account: 'sistema', 'cliente', 'Ana Pérez <ana@duoc.cl>'. */
    por: text('por').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('pedido_eventos_pedido_idx').on(t.pedidoId, t.createdAt)],
);
