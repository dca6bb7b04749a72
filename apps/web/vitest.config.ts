import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/testing/setup-tests.ts'],
    // Screens rendered with user-event typing key by key: 5 s is too short on a busy 2-core machine.
    testTimeout: 15_000,
  },
});
