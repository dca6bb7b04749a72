import { availableParallelism } from 'node:os';
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

// Two files at a time even on 2 cores (Vitest's default there is one): most of an API test's time
// is spent waiting on a database, so the second worker fills the first one's waits. A full run
// on this 2-core machine went from 938-1,107 s with one worker to 913 s with two on a busier
// machine.
export default defineConfig({
  test: { projects, maxWorkers: Math.max(2, availableParallelism() - 1) },
});
