import { defineConfig, type TestProjectConfiguration } from 'vitest/config';

// Each workspace owns its Vitest config. The API tests run on the embedded PGlite, and again on
// PostgreSQL when TEST_DATABASE_URL is set, so both databases are exercised by the same tests.
const projects: TestProjectConfiguration[] = ['packages/shared', 'apps/web', 'apps/api'];
if (process.env.TEST_DATABASE_URL) {
  projects.push({
    extends: './apps/api/vitest.config.ts',
    root: './apps/api',
    test: { name: 'api-postgres', env: { TEST_DB_KIND: 'postgres' } },
  });
}

export default defineConfig({ test: { projects } });
