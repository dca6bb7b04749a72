import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'api',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    // Each file opens its own database; PGlite start-up and argon2 make a few seconds normal.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
