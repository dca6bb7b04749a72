// How the server's own process is run, by `npm start`, the benchmarks, the browser tests' runner,
// the fault suite and the API's process tests alike: node itself (no npm in between, so that
// SIGTERM reaches it) on the server's build (decision 026) with the memory settings of decision
// 025. The types are in server-process.d.mts, for the TypeScript tests that import it.
import { spawn, spawnSync } from 'node:child_process';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * V8's young generation at 4 MB per semi-space instead of 16, and an old generation allowed to
 * grow to 1.4 times what was alive after the last full collection instead of up to several
 * times: garbage is collected before the heap grows. (--optimize-for-size did as much for memory
 * but doubled the slowest answers of the catalogue.)
 */
export const NODE_FLAGS = ['--max-semi-space-size=4', '--heap-growing-percent=40'];

/**
 * glibc's malloc otherwise keeps up to eight arenas per core, and what the image library or
 * compression frees in one of them is kept for later instead of handed back. Blocks of 128 KB or
 * more (pixels, compressed answers, the database's result buffers) are mapped on their own and
 * unmapped when freed, and a free heap top past 1 MB is given back: left to itself, glibc raises
 * both thresholds after the first large block and keeps the memory of setting up the demo's
 * photos for good.
 */
export const SERVER_ENV = {
  MALLOC_ARENA_MAX: '2',
  MALLOC_MMAP_THRESHOLD_: '131072',
  MALLOC_TRIM_THRESHOLD_: '1048576',
};

/** The built server, relative to the repository's root (apps/api/build.mjs writes it). */
export const SERVER_BUILD = 'apps/api/dist/server.mjs';

/** The arguments of `node` that run the server, with other V8 flags when a benchmark compares. */
export const serverArgs = (flags = NODE_FLAGS) => [...flags, SERVER_BUILD];

// ---- Running the server as a process of its own: the one helper of the benchmarks, the browser
// tests' runner, the fault suite and the API's process tests (types in server-process.d.mts) ----

/** The repository's root: every server runs from there, as `npm start` runs it. */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The server's sources, run through tsx by tests that must see the code as it is now. */
const SERVER_SOURCE = 'apps/api/src/server.ts';

/** What the server prints once it listens. */
const READY = 'Nexbyte está listo';

/** How much of a server's output is kept for failure messages (the end of it). */
const OUTPUT_KEPT = 256 * 1024;

/** A port nobody listens on right now (the kernel's pick, released at once). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const running = new Set();

/** SIGKILLs every server (and redis-server) this process started and that still runs. */
export function killServers() {
  for (const child of running) if (child.exitCode === null) child.kill('SIGKILL');
  running.clear();
}
process.once('exit', killServers);

/**
 * Starts the real server in a process of its own (node itself, so that signals reach it) on a free
 * port, and resolves once it says it is ready. Rejects, with the process's output and exit, when
 * it ends or the time runs out first; the process is killed then.
 */
export async function startServer(env = {}, options = {}) {
  const {
    source = false,
    nodeFlags = source ? [] : NODE_FLAGS,
    preload = [],
    inheritEnv = true,
    readyTimeoutMs,
    stderr = 'pipe',
    ipc = false,
    root = repoRoot,
  } = options;
  if (!source && root === repoRoot) {
    const { ensureApiBuild } = await import('./api-build.mjs');
    await ensureApiBuild();
  }
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const loader = source ? ['--import', 'tsx'] : [];
  const imports = preload.flatMap((module) => ['--import', module]);
  const base = inheritEnv
    ? process.env
    : { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? tmpdir() };
  const child = spawn(
    process.execPath,
    [...nodeFlags, ...loader, ...imports, source ? SERVER_SOURCE : SERVER_BUILD],
    {
      cwd: root,
      env: {
        ...(source ? {} : SERVER_ENV),
        ...base,
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        // A server process runs its job workers as in production, even when started from a test.
        JOBS_POLL_SECONDS: '1',
        ...env,
        PORT: String(port),
      },
      stdio: ['ignore', 'pipe', stderr, ...(ipc ? ['ipc'] : [])],
    },
  );
  running.add(child);
  let output = '';
  const keep = (chunk) => {
    output += chunk.toString();
    if (output.length > 2 * OUTPUT_KEPT) output = output.slice(-OUTPUT_KEPT);
  };
  child.stdout.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise((resolve) =>
    child.on('exit', (code, signal) => {
      running.delete(child);
      resolve({ code, signal, at: performance.now() });
    }),
  );
  const failed = (why, exit) =>
    Object.assign(new Error(`${why}:\n${output}`), { output, exit: exit ?? null });
  await new Promise((resolve, reject) => {
    const timer =
      readyTimeoutMs === undefined
        ? undefined
        : setTimeout(
            () => reject(failed(`el servidor no arrancó en ${readyTimeoutMs} ms`)),
            readyTimeoutMs,
          );
    const onData = () => {
      if (!output.includes(READY)) return;
      clearTimeout(timer);
      child.stdout.off('data', onData);
      resolve();
    };
    child.stdout.on('data', onData);
    void exited.then((exit) => {
      clearTimeout(timer);
      reject(failed(`el servidor terminó al arrancar (${exit.code ?? exit.signal})`, exit));
    });
  }).catch(async (err) => {
    child.kill('SIGKILL');
    err.exit ??= await exited;
    throw err;
  });
  return {
    child,
    port,
    origin: `http://127.0.0.1:${port}`,
    exited,
    output: () => output,
    alive: () => child.exitCode === null && child.signalCode === null,
  };
}

/** Sends the signal (SIGTERM: an operator's stop) and resolves how the process ended. */
export async function stopServer(server, signal = 'SIGTERM') {
  const child = server.child ?? server;
  if (child.exitCode !== null || child.signalCode !== null) {
    return { code: child.exitCode, signal: child.signalCode, at: performance.now() };
  }
  const exited = new Promise((resolve) =>
    child.once('exit', (code, sig) => resolve({ code, signal: sig, at: performance.now() })),
  );
  child.kill(signal);
  return exited;
}

/** Whether `redis-server` can be started here (.ci/run installs Debian's when missing). */
export const hasRedisServer = () => spawnSync('redis-server', ['--version']).status === 0;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A redis-server of the caller's own, on a port nobody else uses, with nothing kept on disk, so a
 * test can kill it and start it again on the same port without touching the shared Redis.
 */
export class RedisServer {
  #child = null;

  constructor(port) {
    this.port = port;
  }

  get url() {
    return `redis://127.0.0.1:${this.port}`;
  }

  /** Starts it and resolves once it answers PING. */
  async start() {
    const child = spawn(
      'redis-server',
      ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    this.#child = child;
    running.add(child);
    child.once('exit', () => running.delete(child));
    for (let i = 0; i < 100; i++) {
      const pong = await this.command('PING').then(
        (reply) => reply.startsWith('+PONG'),
        () => false,
      );
      if (pong) return;
      if (child.exitCode !== null) break;
      await sleep(50);
    }
    throw new Error(`redis-server no arrancó en el puerto ${this.port}`);
  }

  /** SIGKILL, as a crash or an OOM kill would end it; resolves once it is gone. */
  async kill() {
    const child = this.#child;
    this.#child = null;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const gone = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await gone;
  }

  /** One inline command over a fresh connection; resolves the raw reply. */
  command(line) {
    return new Promise((resolve, reject) => {
      const socket = connect(this.port, '127.0.0.1');
      let reply = '';
      socket.setTimeout(1000, () => socket.destroy(new Error('redis: sin respuesta')));
      socket.on('connect', () => socket.write(`${line}\r\n`));
      socket.on('data', (chunk) => {
        reply += chunk.toString();
        if (complete(reply)) {
          socket.end();
          resolve(reply);
        }
      });
      socket.on('error', reject);
    });
  }

  /** The keys under a prefix (KEYS is fine on a Redis that holds a handful). */
  async keys(prefix) {
    const reply = await this.command(`KEYS ${prefix}*`);
    return reply
      .split('\r\n')
      .filter((line, i, all) => i > 0 && all[i - 1].startsWith('$') && line !== '');
  }
}

/** Enough for the replies used here: a status, an integer, or an array of bulk strings. */
function complete(reply) {
  if (!reply.endsWith('\r\n')) return false;
  if (!reply.startsWith('*')) return true;
  const count = Number(reply.slice(1, reply.indexOf('\r\n')));
  return (
    reply.split('\r\n').filter((l) => l.startsWith('$')).length >= count &&
    reply.split('\r\n').length - 1 >= 1 + 2 * count
  );
}
