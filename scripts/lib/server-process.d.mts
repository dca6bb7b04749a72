// Types of server-process.mjs, for the TypeScript tests that start the real server.
import type { ChildProcess } from 'node:child_process';

export const NODE_FLAGS: string[];
export const SERVER_ENV: Record<string, string>;
export const SERVER_BUILD: string;
export function serverArgs(flags?: string[]): string[];

/** A port nobody listens on right now (the kernel's pick, released at once). */
export const freePort: () => Promise<number>;

/** SIGKILLs every server (and redis-server) this process started and that still runs. */
export function killServers(): void;

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** performance.now() when the process ended. */
  at: number;
}

export interface ServerOptions {
  /**
   * Run apps/api/src/server.ts through tsx instead of the build (made when stale). The build runs
   * as production does (NODE_FLAGS, SERVER_ENV); the sources with neither, as tests always ran them.
   */
  source?: boolean;
  /** V8 flags before everything else; NODE_FLAGS for the build, none for the sources. */
  nodeFlags?: string[];
  /** Modules loaded with --import before the server. */
  preload?: string[];
  /** Start from this process's environment (true) or from PATH and HOME only. */
  inheritEnv?: boolean;
  /** Give up (and kill it) when it is not ready by then; no limit unless given. */
  readyTimeoutMs?: number;
  /** 'inherit' shows the server's stderr as it comes instead of keeping it in output(). */
  stderr?: 'pipe' | 'inherit';
  /** An IPC channel to the server process (child.send, 'message'). */
  ipc?: boolean;
  /** Another checkout whose build to run (already built there): a benchmark's reference. */
  root?: string;
}

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  /** http://127.0.0.1:<port> */
  origin: string;
  exited: Promise<Exit>;
  /** What the process printed so far (its end), for failure messages. */
  output(): string;
  alive(): boolean;
}

/** The error startServer rejects with: what the process printed, and how it ended. */
export interface ServerStartError extends Error {
  output: string;
  exit: Exit;
}

/**
 * Starts the real server on a free port (or env.PORT) and resolves once it says it is ready;
 * rejects with a ServerStartError otherwise.
 */
export const startServer: (
  env?: Record<string, string>,
  options?: ServerOptions,
) => Promise<ServerProcess>;

/** Sends the signal (SIGTERM unless given) and resolves how the process ended. */
export function stopServer(
  server: ServerProcess | ChildProcess,
  signal?: NodeJS.Signals,
): Promise<Exit>;

/** Whether `redis-server` can be started here. */
export function hasRedisServer(): boolean;

/** A redis-server of the caller's own on the given port, nothing kept on disk. */
export class RedisServer {
  readonly port: number;
  constructor(port: number);
  get url(): string;
  start(): Promise<void>;
  /** SIGKILL, as a crash or an OOM kill would end it; resolves once it is gone. */
  kill(): Promise<void>;
  /** One inline command over a fresh connection; resolves the raw reply. */
  command(line: string): Promise<string>;
  /** The keys under a prefix. */
  keys(prefix: string): Promise<string[]>;
}
