// The PC builds module's tables: only this module reads and writes them (decision 011).
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';
import { usuarios } from '../users/users.schema';

/**
 * A saved 'Arma tu PC' build (decision 033): its parts by product id, reached by an unguessable
 * code (`/arma-tu-pc/b/{codigo}`). A customer's builds carry their account; a build saved logged
 * out belongs to nobody and lives only through its link. A build the admin publishes as a
 * starting point has a title.
 */
export const armados = pgTable(
  'armados',
  {
    id: serial('id').primaryKey(),
    codigo: varchar('codigo', { length: 24 }).notNull().unique(),
    usuarioId: integer('usuario_id').references(() => usuarios.id, { onDelete: 'set null' }),
    /** The product ids of its parts in the builder's order; memory kits and drives may repeat. */
    piezas: jsonb('piezas').$type<number[]>().notNull(),
    /** Set when the admin publishes it as a recommended build ('PC gamer hasta $800.000'). */
    tituloRecomendado: varchar('titulo_recomendado', { length: 80 }),
    recomendadoEn: timestamp('recomendado_en', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('armados_usuario_idx').on(t.usuarioId, t.createdAt),
    index('armados_recomendados_idx')
      .on(t.recomendadoEn)
      .where(sql`${t.tituloRecomendado} is not null`),
  ],
);
