// What the database layer keeps about the application itself.
import { pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/** Facts the application keeps about itself, such as whether the demo data was loaded. */
export const appMeta = pgTable('app_meta', {
  key: varchar('key', { length: 100 }).primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
