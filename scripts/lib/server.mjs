// The real server as the benchmark scripts start it (server-process.mjs runs it): the server's
// build on a free port, its stderr shown as it comes, request limits out of the way.
import { NODE_FLAGS, startServer } from './server-process.mjs';

export { stopServer } from './server-process.mjs';

/** BENCH_NODE_FLAGS replaces the server's V8 flags (an empty value: none), to compare them. */
const benchFlags =
  process.env.BENCH_NODE_FLAGS === undefined
    ? NODE_FLAGS
    : process.env.BENCH_NODE_FLAGS.split(' ').filter(Boolean);

/**
 * What production demands of its settings (NODE_ENV=production refuses the demo's password, bank
 * account and an http address), with throw-away values: a benchmark that measures the shop at a
 * peak measures the server as a shop runs it (React's production build, HSTS, strict passwords,
 * its default logging).
 */
export const PRODUCTION = {
  NODE_ENV: 'production',
  // The catalogue it measures is the demo's, which production loads only when asked.
  SEED_DEMO_DATA: 'true',
  ADMIN_PASSWORD: 'Bench-Owner-2026!x',
  BANK_ACCOUNT_NUMBER: '99887766',
  BANK_RUT: '77.777.777-7',
  PUBLIC_URL: 'https://bench.nexbyte.cl',
  // Default logging: production without LOG_LEVEL logs at info, a line per request (the helper
  // quiets the servers of tests to warn).
  LOG_LEVEL: 'info',
};

/**
 * Starts the built server with the given environment; resolves to { child, origin, … }. With
 * `root`, the build of another checkout (reference.mjs).
 */
export const startBenchServer = (env, root = undefined) =>
  startServer(
    { RATE_LIMIT_MAX: '100000000', ...env },
    { nodeFlags: benchFlags, stderr: 'inherit', ...(root ? { root } : {}) },
  );
