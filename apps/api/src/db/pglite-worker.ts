// The embedded database's own thread: it owns the PGlite instance, so PostgreSQL's work (parsing,
// planning, executing, fsync) never blocks the event loop that answers HTTP. It is started by
// pglite-client.ts through pglite-worker-entry.mjs and answers one message at a time.
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import type { PGlite, Results, RowMode } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { openDurablePglite } from './pglite-durable-fs';
import { countRows, type RowCounts } from './row-counts';

export interface WorkerConfig {
  dataDir: string;
  /** Where the answers to requests go: a port the main thread may also read synchronously. */
  replies: MessagePort;
  /** Bumped (and notified) after each answer, so the main thread can wait for it with Atomics. */
  signal: SharedArrayBuffer;
}

/** Main thread → worker. */
export type WorkerRequest =
  | {
      id: number;
      op: 'query';
      sql: string;
      params: unknown[];
      rowMode: RowMode;
      /** Types the caller parses itself: they come back as PostgreSQL's text. */
      rawTypes: number[];
    }
  | { id: number; op: 'exec'; sql: string }
  | { id: number; op: 'listen' | 'unlisten'; channel: string }
  | { id: number; op: 'stats' }
  | { id: number; op: 'dump' }
  | { id: number; op: 'close' };

/** A PostgreSQL error's fields (code, constraint, detail, ...), as plain data. */
export interface WireError {
  name: string;
  message: string;
  fields: Record<string, string | number | boolean>;
}

export interface WorkerStats {
  fsyncCount: number;
}

/** A gzipped tarball of the data directory and the rows each table held when it was taken. */
export interface DataDirDump {
  data: Uint8Array;
  rows: RowCounts;
}

/** Worker → main thread. */
export type WorkerMessage =
  | { type: 'ready' }
  | { type: 'failed'; error: WireError }
  | { type: 'result'; id: number; result: unknown }
  | { type: 'error'; id: number; error: WireError }
  | { type: 'notify'; channel: string; payload: string };

// Parameters are left out: they may carry personal data or password hashes.
const OMITTED_FIELDS = new Set(['params', 'stack', 'message', 'name']);

/** WASI's errno for ENOSPC, as Emscripten's file system throws it ({ name: 'ErrnoError', errno }). */
const WASI_ENOSPC = 51;

function toWire(err: unknown): WireError {
  if (!(err instanceof Error)) {
    const { name, errno } = (err ?? {}) as { name?: unknown; errno?: unknown };
    if (name === 'ErrnoError' && typeof errno === 'number') {
      const full = errno === WASI_ENOSPC;
      return {
        name: 'ErrnoError',
        message: full
          ? 'No space left on device'
          : `Error del sistema de archivos (errno ${errno})`,
        fields: { errno, ...(full ? { code: 'ENOSPC' } : {}) },
      };
    }
    return { name: 'Error', message: String(err), fields: {} };
  }
  const fields: WireError['fields'] = {};
  for (const [key, value] of Object.entries(err)) {
    if (OMITTED_FIELDS.has(key)) continue;
    if (['string', 'number', 'boolean'].includes(typeof value)) {
      fields[key] = value as string | number | boolean;
    }
  }
  return { name: err.name, message: err.message, fields };
}

/** A WebAssembly trap or exit leaves PGlite unusable: the thread ends and is started again. */
function isFatal(err: unknown) {
  return (
    err instanceof Error &&
    (err.name === 'RuntimeError' ||
      err.name === 'ExitStatus' ||
      /PGlite is closed/.test(err.message))
  );
}

const identity = (value: string) => value;

async function run(port: NonNullable<typeof parentPort>) {
  const { dataDir, replies, signal } = workerData as WorkerConfig;
  const send = (message: WorkerMessage) => port.postMessage(message);
  const answers = new Int32Array(signal);
  /** An answer goes to the replies port, then the signal tells a main thread waiting on it. */
  const reply = (message: WorkerMessage) => {
    replies.postMessage(message);
    Atomics.add(answers, 0, 1);
    Atomics.notify(answers, 0);
  };
  let pg: PGlite;
  let stats: () => WorkerStats;
  try {
    const opened = await openDurablePglite(dataDir, { unaccent, pg_trgm });
    pg = opened.pg;
    stats = () => ({ fsyncCount: opened.fs.fsyncCount });
  } catch (err) {
    send({ type: 'failed', error: toWire(err) });
    return;
  }
  const unlisteners = new Map<string, () => Promise<void>>();

  const handle = async (request: WorkerRequest): Promise<unknown> => {
    switch (request.op) {
      case 'query': {
        const parsers = Object.fromEntries(request.rawTypes.map((type) => [type, identity]));
        const result: Results = await pg.query(request.sql, request.params, {
          rowMode: request.rowMode,
          parsers,
        });
        return result;
      }
      case 'exec':
        return pg.exec(request.sql);
      case 'listen': {
        if (!unlisteners.has(request.channel)) {
          const channel = request.channel;
          const unlisten = await pg.listen(channel, (payload) =>
            send({ type: 'notify', channel, payload }),
          );
          unlisteners.set(channel, unlisten);
        }
        return null;
      }
      case 'unlisten': {
        const unlisten = unlisteners.get(request.channel);
        unlisteners.delete(request.channel);
        await unlisten?.();
        return null;
      }
      case 'stats':
        return stats();
      case 'dump': {
        // Between two requests no transaction is open: the copy is of committed data only, and
        // the rows counted now are the rows it holds.
        const rows = await countRows((sql) => pg.query(sql));
        const dump = await pg.dumpDataDir('gzip');
        return { data: new Uint8Array(await dump.arrayBuffer()), rows } satisfies DataDirDump;
      }
      case 'close':
        try {
          await pg.close();
        } finally {
          // Ends the thread, which is what the main thread waits for.
          replies.close();
          port.close();
        }
        return null;
    }
  };

  port.on('message', (request: WorkerRequest) => {
    handle(request).then(
      (result) => {
        // After close the port is gone and the main thread waits for the thread's exit instead.
        if (request.op === 'close') return;
        try {
          reply({ type: 'result', id: request.id, result });
        } catch (err) {
          // A value that cannot be copied to the main thread fails this query, not the thread.
          reply({ type: 'error', id: request.id, error: toWire(err) });
        }
      },
      (err: unknown) => {
        reply({ type: 'error', id: request.id, error: toWire(err) });
        if (isFatal(err)) process.exit(1);
      },
    );
  });
  send({ type: 'ready' });
}

if (parentPort) await run(parentPort);
