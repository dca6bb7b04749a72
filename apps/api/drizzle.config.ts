import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: [
    './src/db/schema.ts',
    './src/db/schema-orders.ts',
    './src/db/schema-payments.ts',
    './src/db/schema-images.ts',
  ],
  out: './drizzle',
});
