// Starting and stopping the real server for the benchmark scripts: a free port, the server's own
// process (no npm in between, so SIGTERM reaches it), ready when it prints its address.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { ensureApiBuild } from './api-build.mjs';
import { NODE_FLAGS, SERVER_ENV, serverArgs } from './server-process.mjs';
import { root } from './web-build.mjs';

export function freePort() {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/** BENCH_NODE_FLAGS replaces the server's V8 flags (an empty value: none), to compare them. */
const benchFlags =
  process.env.BENCH_NODE_FLAGS === undefined
    ? NODE_FLAGS
    : process.env.BENCH_NODE_FLAGS.split(' ').filter(Boolean);

/**
 * What production demands of its settings (NODE_ENV=production refuses the demo's password, bank
 * account and an http address), with throw-away values: a benchmark that measures the shop at a
 * peak measures the server as a shop runs it (React's production build, HSTS, strict passwords).
 */
export const PRODUCTION = {
  NODE_ENV: 'production',
  ADMIN_PASSWORD: 'Bench-Owner-2026!x',
  BANK_ACCOUNT_NUMBER: '99887766',
  BANK_RUT: '77.777.777-7',
  PUBLIC_URL: 'https://bench.nexbyte.cl',
};

/** Starts the built server with the given environment; resolves to { child, origin }. */
export async function startServer(env) {
  await ensureApiBuild();
  const port = await freePort();
  const child = spawn(process.execPath, serverArgs(benchFlags), {
    cwd: root,
    env: {
      ...SERVER_ENV,
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MAX: '100000000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (c) => {
      out += c;
      if (out.includes('Nexbyte está listo')) resolve();
    });
    child.on('exit', (code) => reject(new Error(`el servidor terminó con código ${code}`)));
  });
  return { child, origin: `http://127.0.0.1:${port}` };
}

export async function stopServer(child) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.on('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}
