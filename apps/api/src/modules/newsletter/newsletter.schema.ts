// The newsletter module's tables: only this module reads and writes them (decision 011).
import { boolean, index, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';

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
