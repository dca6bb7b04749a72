import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The fault tests (`npm run test:faults`) start the real server as a process and break what it
// depends on; they are kept out of `npm test`, and run one file at a time because each one times
// the server's answers on a 2-core machine.
export default defineConfig({
  root: path.dirname(fileURLToPath(import.meta.url)),
  test: {
    name: 'api-faults',
    include: ['faults/**/*.test.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 90_000,
  },
});
