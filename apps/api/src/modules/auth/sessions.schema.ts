// The auth module's sessions (decision 014): only this module reads and writes them (decision 011).
import { index, integer, pgTable, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { usuarios } from '../users/users.schema';

/**
 * One row per login: the session token names its row (`sid`), and a token whose row is gone,
 * expired or of an older session version of its user is refused. Logging out deletes the row;
 * ending all of a user's sessions raises the user's session version, which the rows of the older
 * version no longer match (they are swept at the user's next login).
 */
export const sesiones = pgTable(
  'sesiones',
  {
    id: uuid('id').primaryKey(),
    usuarioId: integer('usuario_id')
      .notNull()
      .references(() => usuarios.id, { onDelete: 'cascade' }),
    /** The user's `sesion_version` when the session opened. */
    sesionVersion: integer('sesion_version').notNull(),
    /** The browser's User-Agent at login (cut to 400 characters), described when listed. */
    agenteUsuario: varchar('agente_usuario', { length: 400 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Moved at most once every few minutes (LAST_USED_STEP in sessions.repository.ts). */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    /** 8 hours after it opened, like the token: no request makes it longer. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sesiones_usuario_idx').on(t.usuarioId)],
);
