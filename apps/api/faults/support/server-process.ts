import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { ADMIN } from './shop';

const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const repoRoot = path.resolve(apiRoot, '../..');
const serverFile = path.join(apiRoot, 'src/server.ts');

/** A port nobody listens on right now (the kernel's pick, released at once). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** performance.now() when the process ended. */
  at: number;
}

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  /** http://127.0.0.1:<port> */
  origin: string;
  exited: Promise<Exit>;
  /** Everything the process printed so far (for failure messages). */
  output(): string;
  alive(): boolean;
}

const running = new Set<ChildProcess>();

/** SIGKILLs every server still running: a failed test must not leave one behind. */
export function killServers() {
  for (const child of running) if (child.exitCode === null) child.kill('SIGKILL');
  running.clear();
}
process.once('exit', killServers);

/**
 * The environment of an operator's server: production mode, generous request limits (the faults
 * are the subject, not the limiter), quiet logs, no web build, no background sweep, and the
 * settings production insists on (its own admin password and bank account, an https address).
 */
export function serverEnv(env: Record<string, string>): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? tmpdir(),
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    JWT_SECRET: randomBytes(32).toString('hex'),
    SEED_DEMO_DATA: 'true',
    ADMIN_PASSWORD: ADMIN.pass,
    PUBLIC_URL: 'https://tienda.nexbyte.test',
    BANK_ACCOUNT_NUMBER: '000123456789',
    BANK_RUT: '77.654.321-9',
    RATE_LIMIT_MAX: '100000',
    RATE_LIMIT_FORMS_MAX: '100000',
    LOGIN_MAX_FAILS_ACCOUNT: '1000',
    LOGIN_MAX_FAILS_CLIENT: '1000',
    RECOVERY_MAX_PER_EMAIL: '1000',
    RECOVERY_MAX_PER_CLIENT: '1000',
    // The scenarios place thousands of guest orders from one address in a few seconds.
    ORDER_GUEST_UNPAID_MAX: '1000000',
    LOG_LEVEL: 'warn',
    WEB_DIST_DIR: path.join(tmpdir(), 'nexbyte-faults-no-web'),
    ORDER_SWEEP_INTERVAL_SECONDS: '0',
    ...env,
  };
}

/**
 * Starts `node --import tsx apps/api/src/server.ts` as an operator would (its own PID, so signals
 * reach the server) and resolves once it prints that it is ready.
 */
export async function startServer(
  env: Record<string, string>,
  { readyTimeoutMs = 60_000 } = {},
): Promise<ServerProcess> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', serverFile], {
    cwd: repoRoot,
    env: serverEnv({ ...env, PORT: String(port) }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<Exit>((resolve) =>
    child.on('exit', (code, signal) => {
      running.delete(child);
      resolve({ code, signal, at: performance.now() });
    }),
  );
  const ready = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`el servidor no arrancó en ${readyTimeoutMs} ms:\n${output}`)),
      readyTimeoutMs,
    );
    child.stdout!.on('data', () => {
      if (output.includes('Nexbyte está listo')) {
        clearTimeout(timer);
        resolve();
      }
    });
    void exited.then((exit) => {
      clearTimeout(timer);
      reject(
        new Error(`el servidor terminó al arrancar (${exit.code ?? exit.signal}):\n${output}`),
      );
    });
  });
  try {
    await ready;
  } catch (err) {
    child.kill('SIGKILL');
    throw err;
  }
  return {
    child,
    port,
    origin: `http://127.0.0.1:${port}`,
    exited,
    output: () => output,
    alive: () => child.exitCode === null && child.signalCode === null,
  };
}
