import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // Each module declares its tables in its own schema file (decision 011); db/ keeps its own.
  schema: ['./src/modules/*/*.schema.ts', './src/db/*.schema.ts'],
  out: './drizzle',
});
