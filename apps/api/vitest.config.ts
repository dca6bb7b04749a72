import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'api',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    // One migrated database, copied by every test file (see src/test/global-setup.ts).
    globalSetup: ['src/test/global-setup.ts'],
    // Files share their worker's module graph (and PGlite's compiled WebAssembly): importing the
    // app and starting PGlite again for each of the ~70 files took most of the run. Every file
    // builds its own app and database, and no test mocks a module, so nothing leaks between them.
    isolate: false,
    // Each file opens its own database; PGlite start-up and argon2 make a few seconds normal.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
