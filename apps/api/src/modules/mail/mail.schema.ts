// The mail module's tables: only this module reads and writes them (decision 011).
import {
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';

/**
 * Every e-mail the shop sends, one row each (decision 028): written in the same transaction as the
 * change that causes it, with what to compose (`datos`) and the job that sends it. Composed at its
 * first attempt (`para`, `asunto`, and the body while it waits); `estado` 'enviando' with
 * `enviando_desde` is the claim taken before a delivery, 'enviado' the record after it. Without
 * SMTP_URL a sent e-mail keeps its body here: the table is then the shop's outbox.
 */
export const correos = pgTable(
  'correos',
  {
    id: serial('id').primaryKey(),
    /** What it is about, for people: "pedido NB-000123 (creado)". Never a token. */
    tipo: varchar('tipo', { length: 200 }).notNull().default('correo'),
    /** Which composer builds it (order-mails, owner-mails…) from `datos`. */
    compositor: varchar('compositor', { length: 60 }),
    /** What the composer needs (may hold a link's token: never shown, never logged). */
    datos: jsonb('datos'),
    /** One e-mail per key: the same change recorded twice enqueues it once. */
    clave: varchar('clave', { length: 200 }),
    /** pendiente | enviando | enviado | fallido */
    estado: varchar('estado', { length: 20 }).notNull().default('enviado'),
    intentos: integer('intentos').notNull().default(0),
    ultimoError: text('ultimo_error'),
    /** The pg-boss job that sends it now (its next attempt's time lives there). */
    trabajoId: uuid('trabajo_id'),
    enviandoDesde: timestamp('enviando_desde', { withTimezone: true }),
    para: varchar('para', { length: 320 }),
    asunto: varchar('asunto', { length: 200 }),
    texto: text('texto'),
    html: text('html'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('correos_para_idx').on(t.para, t.createdAt),
    index('correos_estado_idx').on(t.estado, t.id),
    uniqueIndex('correos_clave_idx').on(t.clave),
  ],
);
