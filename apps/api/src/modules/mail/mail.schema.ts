// The mail module's tables: only this module reads and writes them (decision 011).
import { index, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';

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
