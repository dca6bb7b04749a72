import {
  MessageChannel,
  receiveMessageOnPort,
  Worker,
  type MessagePort,
} from 'node:worker_threads';
import type { QueryOptions, Results, RowMode } from '@electric-sql/pglite';
import { isBuilt } from '../paths';
import { DatabaseUnavailableError } from './errors';
import { laneOf, PriorityGate } from './priority-gate';
import type {
  DataDirDump,
  WireError,
  WorkerMessage,
  WorkerRequest,
  WorkerStats,
} from './pglite-worker';

/** Where the client reports a worker that stopped (pino's signature; console works too). */
export interface PgliteLog {
  warn(details: Record<string, unknown>, message: string): void;
}

const consoleLog: PgliteLog = { warn: (details, message) => console.warn(message, details) };

export interface PgliteWorkerOptions {
  dataDir: string;
  /** How long a query may wait for the connection before failing; 0 waits for ever. */
  queueTimeoutMs: number;
  log?: PgliteLog | undefined;
  /** First pause before starting a worker again after it stopped (doubles up to 30 s). */
  restartDelayMs?: number;
  /**
   * How long the event loop may block waiting for a quick answer (SYNC_WAIT_MS by default); a
   * slower one arrives through the event loop as usual. 0: never block.
   */
  syncWaitMs?: number;
}

/**
 * Most statements answer within a fraction of a millisecond. Waiting that long in place costs the
 * event loop less than going round it: under load a turn of the loop takes milliseconds, and a
 * transaction holds the one connection across every one of its turns.
 */
export const SYNC_WAIT_MS = 1;

/**
 * Waiting in place pays only while answers come within it. When the worker cannot get a core in
 * time (both are busy: a burst of orders, the machine shared), every wait runs out and blocks the
 * event loop for nothing, the shoppers' requests with it. The share of waits answered in time is
 * followed as a moving average (weight 1/SYNC_HIT_WEIGHT); below SYNC_HIT_FLOOR the client stops
 * waiting, except one call in SYNC_PROBE_EVERY, which tells when answers are quick again.
 */
const SYNC_HIT_WEIGHT = 8;
const SYNC_HIT_FLOOR = 0.5;
const SYNC_PROBE_EVERY = 16;

/** Options drizzle and our code pass to `query`: parsers run here, they cannot cross threads. */
export type ClientQueryOptions = Pick<QueryOptions, 'rowMode' | 'parsers'>;

export interface WorkerTransaction {
  query<T>(sql: string, params?: unknown[], options?: ClientQueryOptions): Promise<Results<T>>;
  exec(sql: string): Promise<Results[]>;
  rollback(): Promise<void>;
  readonly closed: boolean;
}

/**
 * The worker's module: beside the built server, the built worker; from the sources, a plain entry
 * that loads the TypeScript worker through tsx.
 */
const entryUrl = isBuilt
  ? new URL('./pglite-worker.mjs', import.meta.url)
  : new URL('./pglite-worker-entry.mjs', import.meta.url);

function fromWire(wire: WireError): Error {
  const err = new Error(wire.message);
  err.name = wire.name;
  return Object.assign(err, wire.fields);
}

function applyParsers(result: Results, options: ClientQueryOptions | undefined): Results {
  const parsers = options?.parsers;
  if (!parsers) return result;
  const columns = result.fields
    .map((field, index) => ({ index, name: field.name, parse: parsers[field.dataTypeID] }))
    .filter((column) => column.parse);
  if (columns.length === 0) return result;
  for (const row of result.rows as Record<string | number, unknown>[]) {
    for (const { index, name, parse } of columns) {
      const key = options.rowMode === 'array' ? index : name;
      const value = row[key];
      if (typeof value === 'string') row[key] = parse!(value);
    }
  }
  return result;
}

interface Pending {
  resolve(value: unknown): void;
  reject(err: Error): void;
}

interface Subscription {
  onNotify: (payload: string) => void;
  onReconnect: (() => void) | undefined;
  onLost: (() => void) | undefined;
}

/**
 * The main thread's face of the PGlite that lives in a worker thread: what drizzle-orm/pglite and
 * our code call on a PGlite (`query`, `exec`, `transaction`, `listen`, `close`), forwarded as
 * messages. If the worker stops (a WebAssembly trap), calls fail with DatabaseUnavailableError
 * at once and a new worker opens the same directory again after a pause.
 */
export class PgliteWorkerClient {
  private worker!: Worker;
  /** The worker's answers: read by the event loop, or in place by waitForAnswer. */
  private replies!: MessagePort;
  private signal!: Int32Array;
  private state: 'up' | 'down' | 'closed' = 'down';
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private readonly subscriptions = new Map<string, Set<Subscription>>();
  private unbounded = 0;
  private restartDelayMs: number;
  private closing: Promise<void> | undefined;
  private restartTimer: NodeJS.Timeout | undefined;
  /** The share of recent in-place waits answered in time (SYNC_HIT_FLOOR). */
  private syncHits = 1;
  private syncSkipped = 0;
  private syncBlockedMs = 0;
  /** BEGINs sent and not yet answered (begin). */
  private beginsInFlight = 0;

  /**
   * PGlite is one connection: whoever holds it (a statement, or a transaction across its awaits)
   * runs alone and the rest wait, a shopper's read before a waiting order before the job queue's
   * work (priority-gate.ts). A wait longer than the bound fails, so a burst of shoppers is
   * answered with a quick 503 instead of queueing for seconds.
   */
  private readonly queue: PriorityGate;

  private constructor(private readonly options: PgliteWorkerOptions) {
    this.restartDelayMs = options.restartDelayMs ?? 500;
    this.queue = new PriorityGate({
      limit: 1,
      patienceMs: options.queueTimeoutMs > 0 ? options.queueTimeoutMs / 2 : 500,
    });
  }

  /** Requests' transactions waiting for the connection now. */
  writesWaiting(): number {
    return this.queue.waiting('transaction');
  }

  static async start(options: PgliteWorkerOptions): Promise<PgliteWorkerClient> {
    const client = new PgliteWorkerClient(options);
    await client.spawn();
    return client;
  }

  private get log() {
    return this.options.log ?? consoleLog;
  }

  private spawn(): Promise<void> {
    const { port1: replies, port2 } = new MessageChannel();
    const signal = new SharedArrayBuffer(4);
    const worker = new Worker(entryUrl, {
      workerData: { dataDir: this.options.dataDir, replies: port2, signal },
      transferList: [port2],
      // Nothing of the parent's command line: the entry loads TypeScript by itself, and an
      // inherited `--import tsx` would register a second loader in the worker for nothing.
      execArgv: [],
    });
    this.worker = worker;
    this.replies = replies;
    this.signal = new Int32Array(signal);
    replies.on('message', (message: WorkerMessage) => this.onAnswer(message));
    return new Promise((resolve, reject) => {
      let started = false;
      worker.on('message', (message: WorkerMessage) => {
        switch (message.type) {
          case 'ready':
            started = true;
            this.state = 'up';
            resolve();
            return;
          case 'failed':
            reject(fromWire(message.error));
            void worker.terminate();
            return;
          case 'notify':
            this.tellSubscribers(message.channel, (sub) => sub.onNotify(message.payload));
            return;
        }
      });
      worker.on('error', (err) => {
        if (!started) reject(err);
        else this.log.warn({ err }, 'error en el hilo de la base de datos embebida');
      });
      worker.on('exit', (code) => {
        if (worker !== this.worker) return;
        const wasUp = this.state === 'up';
        if (this.state !== 'closed') this.state = 'down';
        replies.close();
        const gone = new DatabaseUnavailableError('El hilo de la base de datos embebida terminó.');
        for (const p of this.pending.values()) p.reject(gone);
        this.pending.clear();
        if (!started) reject(new Error(`El hilo de PGlite terminó al iniciar (código ${code}).`));
        else if (wasUp) {
          this.log.warn({ code }, 'el hilo de la base de datos embebida terminó; se reinicia');
          this.tellSubscribers(undefined, (sub) => sub.onLost?.());
          this.scheduleRestart();
        }
      });
    });
  }

  private scheduleRestart() {
    const delay = this.restartDelayMs;
    this.restartDelayMs = Math.min(delay * 2, 30_000);
    this.restartTimer = setTimeout(() => {
      this.restartTimer = undefined;
      if (this.state === 'closed') return;
      this.spawn().then(
        () => this.resubscribe(),
        (err: unknown) => {
          this.log.warn({ err }, 'no se pudo reiniciar la base de datos embebida');
          this.scheduleRestart();
        },
      );
    }, delay);
  }

  /** A new worker knows none of the channels: listen again and tell each listener it may have missed some. */
  private async resubscribe() {
    this.restartDelayMs = this.options.restartDelayMs ?? 500;
    await this.withConnection(0, async () => {
      for (const channel of this.subscriptions.keys()) await this.call({ op: 'listen', channel });
    });
    this.tellSubscribers(undefined, (sub) => sub.onReconnect?.());
  }

  /** A listener that throws is reported, never allowed to take the message loop down with it. */
  private tellSubscribers(channel: string | undefined, tell: (sub: Subscription) => void) {
    const lists =
      channel === undefined
        ? [...this.subscriptions.values()]
        : [this.subscriptions.get(channel) ?? []];
    for (const subs of lists) {
      for (const sub of subs) {
        try {
          tell(sub);
        } catch (err) {
          this.log.warn({ err, channel }, 'un oyente de NOTIFY falló');
        }
      }
    }
  }

  private onAnswer(message: WorkerMessage) {
    if (message.type === 'result') this.settle(message.id, (p) => p.resolve(message.result));
    else if (message.type === 'error') {
      this.settle(message.id, (p) => p.reject(fromWire(message.error)));
    }
  }

  /**
   * Blocks up to `ms` for the answer to request `id`, taking answers off the port in place: one
   * that comes in time resolves its promise before the event loop turns. Past `ms` the answer
   * comes through the event loop.
   */
  private waitForAnswer(id: number, ms: number): boolean {
    const started = performance.now();
    const deadline = started + ms;
    try {
      while (this.pending.has(id)) {
        const seen = Atomics.load(this.signal, 0);
        const received = receiveMessageOnPort(this.replies);
        if (received) {
          this.onAnswer(received.message as WorkerMessage);
          continue;
        }
        const left = deadline - performance.now();
        if (left <= 0) return false;
        Atomics.wait(this.signal, 0, seen, left);
      }
      return true;
    } finally {
      this.syncBlockedMs += performance.now() - started;
    }
  }

  /** Waits in place for a quick answer while such waits pay (SYNC_HIT_FLOOR), or to probe. */
  private maybeWaitForAnswer(id: number, ms: number) {
    if (this.syncHits < SYNC_HIT_FLOOR && ++this.syncSkipped % SYNC_PROBE_EVERY !== 0) return;
    const inTime = this.waitForAnswer(id, ms);
    this.syncHits += ((inTime ? 1 : 0) - this.syncHits) / SYNC_HIT_WEIGHT;
  }

  /** Milliseconds the event loop has spent waiting in place for answers since the start. */
  get blockedMs(): number {
    return this.syncBlockedMs;
  }

  private settle(id: number, action: (pending: Pending) => void) {
    const pending = this.pending.get(id);
    if (!pending) return;
    this.pending.delete(id);
    action(pending);
  }

  /** Sends a request; waits in place up to `syncWaitMs` for a quick answer (waitForAnswer). */
  private call<T>(
    request: DistributiveOmit<WorkerRequest, 'id'>,
    syncWaitMs = this.options.syncWaitMs ?? SYNC_WAIT_MS,
  ): Promise<T> {
    if (this.state !== 'up') {
      return Promise.reject(
        new DatabaseUnavailableError('La base de datos embebida no está disponible.'),
      );
    }
    const id = this.nextId++;
    const answer = new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.worker.postMessage({ ...request, id });
    });
    // Behind another request (a COMMIT on its way to disk) the answer is not quick: no waiting.
    // A BEGIN ahead of it is quick, and waiting in place takes its answer too.
    if (syncWaitMs > 0 && this.pending.size - this.beginsInFlight === 1) {
      this.maybeWaitForAnswer(id, syncWaitMs);
    }
    return answer;
  }

  /**
   * BEGIN, not waited for: the worker runs requests in the order they come, so the transaction's
   * first statement follows it at once instead of a round trip later. Resolves when it is done.
   */
  private begin(): Promise<unknown> {
    this.beginsInFlight++;
    const done = () => {
      this.beginsInFlight--;
    };
    const begun = this.call({ op: 'exec', sql: 'BEGIN' }, 0);
    begun.then(done, done);
    return begun;
  }

  private async withConnection<T>(
    timeoutMs: number,
    work: () => Promise<T>,
    own: 'statement' | 'transaction' = 'statement',
  ): Promise<T> {
    if (this.state === 'closed') {
      throw new DatabaseUnavailableError('La base de datos embebida está cerrada.');
    }
    const lane = laneOf(own);
    // Background work may wait out a burst of requests: ten times a request's bound.
    await this.queue.acquire(lane, lane === 'background' ? timeoutMs * 10 : timeoutMs);
    try {
      return await work();
    } finally {
      this.queue.release(lane);
    }
  }

  private get queueTimeoutMs() {
    return this.unbounded > 0 ? 0 : this.options.queueTimeoutMs;
  }

  /** Runs `work` (migrations, demo data) with no bound on waiting for the connection. */
  async withoutQueueBound<T>(work: () => Promise<T>): Promise<T> {
    this.unbounded++;
    try {
      return await work();
    } finally {
      this.unbounded--;
    }
  }

  private runQuery<T>(sql: string, params: unknown[] = [], options?: ClientQueryOptions) {
    const parsers = options?.parsers ?? {};
    return this.call<Results<T>>({
      op: 'query',
      sql,
      params,
      rowMode: options?.rowMode ?? ('object' as RowMode),
      rawTypes: Object.keys(parsers).map(Number),
    }).then((result) => applyParsers(result as Results, options) as Results<T>);
  }

  query<T>(sql: string, params?: unknown[], options?: ClientQueryOptions): Promise<Results<T>> {
    return this.withConnection(this.queueTimeoutMs, () => this.runQuery<T>(sql, params, options));
  }

  exec(sql: string): Promise<Results[]> {
    return this.withConnection(this.queueTimeoutMs, () =>
      this.call<Results[]>({ op: 'exec', sql }),
    );
  }

  /**
   * BEGIN, `fn`, COMMIT (ROLLBACK when it throws), holding the connection throughout, as PGlite's
   * own transaction does.
   */
  async transaction<T>(fn: (tx: WorkerTransaction) => Promise<T>): Promise<T> {
    let committed: Promise<unknown> | undefined;
    const result = await this.withConnection(
      this.queueTimeoutMs,
      async () => {
        const begun = this.begin();
        // Its failure is the first statement's too (the worker is gone); it is awaited below.
        begun.catch(() => {});
        let closed = false;
        const ensureOpen = () => {
          if (closed) throw new Error('La transacción ya terminó.');
        };
        const tx: WorkerTransaction = {
          query: async <R>(sql: string, params?: unknown[], options?: ClientQueryOptions) => {
            ensureOpen();
            return this.runQuery<R>(sql, params, options);
          },
          exec: async (sql: string) => {
            ensureOpen();
            return this.call<Results[]>({ op: 'exec', sql });
          },
          rollback: async () => {
            ensureOpen();
            await this.call({ op: 'exec', sql: 'ROLLBACK' });
            closed = true;
          },
          get closed() {
            return closed;
          },
        };
        try {
          const result = await fn(tx);
          // A BEGIN that failed fails the transaction, whatever its statements did.
          await begun;
          if (!closed) {
            // The connection is free once COMMIT is sent: the worker runs requests in the order
            // they come, so whoever takes it next starts after this COMMIT (its fsync included).
            // The caller still hears of the commit only once it is on disk.
            committed = this.call({ op: 'exec', sql: 'COMMIT' }, 0);
            committed.catch(() => {});
          }
          closed = true;
          return result;
        } catch (err) {
          if (!closed) {
            // The worker may be gone too; the caller needs the first error, not this one.
            await this.call({ op: 'exec', sql: 'ROLLBACK' }).catch(() => {});
          }
          closed = true;
          throw err;
        }
      },
      'transaction',
    );
    await committed;
    return result;
  }

  /**
   * Calls `onNotify` with each NOTIFY on `channel`; `onLost` when the worker stops and
   * `onReconnect` once a new one listens again (notifications may have been missed meanwhile).
   * Resolves to the unsubscribe function.
   */
  async listen(
    channel: string,
    onNotify: (payload: string) => void,
    onReconnect?: () => void,
    onLost?: () => void,
  ): Promise<() => Promise<void>> {
    const sub: Subscription = { onNotify, onReconnect, onLost };
    let subs = this.subscriptions.get(channel);
    if (!subs) {
      subs = new Set();
      this.subscriptions.set(channel, subs);
      // Through the queue: a LISTEN sent inside someone's transaction would share its fate.
      await this.withConnection(0, () => this.call({ op: 'listen', channel })).catch((err) => {
        this.subscriptions.delete(channel);
        throw err;
      });
    }
    subs.add(sub);
    return async () => {
      subs.delete(sub);
      if (subs.size > 0 || this.subscriptions.get(channel) !== subs) return;
      this.subscriptions.delete(channel);
      if (this.state === 'up') {
        await this.withConnection(0, () => this.call({ op: 'unlisten', channel }));
      }
    };
  }

  /**
   * A gzipped tarball of the data directory (PGlite's dumpDataDir), taken when the connection is
   * free, so no transaction is half-way: a consistent copy while the shop keeps running, with the
   * rows each table held then.
   */
  dump(): Promise<DataDirDump> {
    return this.withConnection(0, () => this.call<DataDirDump>({ op: 'dump' }));
  }

  /** Figures from the worker's file system (fsync calls so far). */
  stats(): Promise<WorkerStats> {
    return this.call<WorkerStats>({ op: 'stats' });
  }

  /**
   * Waits for the work in hand, then closes PGlite (a clean shutdown checkpoint) and ends the
   * thread. Calls after this fail with DatabaseUnavailableError.
   */
  close(): Promise<void> {
    this.closing ??= this.withConnection(0, async () => {
      clearTimeout(this.restartTimer);
      const worker = this.worker;
      const up = this.state === 'up';
      this.state = 'closed';
      const exited = new Promise((resolve) => worker.once('exit', resolve));
      if (up) worker.postMessage({ id: 0, op: 'close' } satisfies WorkerRequest);
      else await worker.terminate();
      await exited;
    });
    return this.closing;
  }

  /** Ends the worker abruptly, as a WebAssembly trap would: for fault tests only. */
  async crashWorkerForTests() {
    await this.worker.terminate();
  }
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
