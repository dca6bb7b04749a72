import { defineConfig } from 'vitest/config';

// Each workspace owns its Vitest config; the API one adds a PostgreSQL project when
// TEST_DATABASE_URL is set, so the same API tests run on both databases.
export default defineConfig({
  test: {
    projects: ['packages/shared', 'apps/api', 'apps/web'],
  },
});
