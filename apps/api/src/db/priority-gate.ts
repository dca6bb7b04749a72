import { AsyncLocalStorage } from 'node:async_hooks';
import { DatabaseUnavailableError } from './errors';

/**
 * Who asks for the database: a request's single statement (a shopper's read, most often), a
 * request's transaction (an order), or background work (the job queue: e-mails, sweeps).
 */
export type Lane = 'statement' | 'transaction' | 'background';

const background = new AsyncLocalStorage<true>();

/** Runs `work` as background work: every database call it makes waits behind the requests'. */
export const inBackground = <T>(work: () => Promise<T>): Promise<T> => background.run(true, work);

/** The lane of a call: background inside `inBackground`, otherwise the caller's own. */
export const laneOf = (own: Exclude<Lane, 'background'>): Lane =>
  background.getStore() ? 'background' : own;

/**
 * The database was too busy for longer than a caller may wait for it. A DatabaseUnavailableError,
 * so it is answered 503 with Retry-After rather than after a long wait.
 */
export class DatabaseBusyError extends DatabaseUnavailableError {
  constructor(waitedMs: number) {
    super(`La base de datos estuvo ocupada más de ${waitedMs} ms.`);
    this.name = 'DatabaseBusyError';
  }
}

interface Waiter {
  grant: () => void;
  timer: NodeJS.Timeout | undefined;
  /** When it asked, plus its lane's patience: the smallest is served first. */
  due: number;
}

export interface PriorityGateOptions {
  /** How many may hold the gate at once. */
  limit: number;
  /**
   * How long a transaction may be passed over by statements; background work twice as long.
   * A waiter is served by when it asked plus this patience, so nobody starves.
   */
  patienceMs: number;
  now?: () => number;
}

/**
 * Admits at most `limit` holders of the database at once, by priority: a shopper's statement
 * first, then the requests' transactions, then background work; within a lane, first come first
 * served. A transaction passed over for `patienceMs` (background work for twice that) is served
 * before any statement that arrives later, so reads never starve the writes nor the writes the
 * jobs. A burst of orders then makes a read wait for the transactions already running, not for
 * every order queued behind them, and e-mails wait for the burst to pass.
 */
export class PriorityGate {
  private holders = 0;
  /** A refill is due at the next turn of the event loop (release after a statement). */
  private refilling = false;
  private readonly lanes: Record<Lane, Waiter[]> = {
    statement: [],
    transaction: [],
    background: [],
  };
  private readonly now: () => number;

  constructor(private readonly options: PriorityGateOptions) {
    this.now = options.now ?? (() => performance.now());
  }

  private patience(lane: Lane): number {
    if (lane === 'statement') return 0;
    return lane === 'transaction' ? this.options.patienceMs : 2 * this.options.patienceMs;
  }

  /** Resolves once admitted; fails with DatabaseBusyError after `timeoutMs` (0: no bound). */
  acquire(lane: Lane, timeoutMs: number): Promise<void> {
    const { statement, transaction, background: jobs } = this.lanes;
    const nobodyWaits = statement.length + transaction.length + jobs.length === 0;
    if (this.holders < this.options.limit && nobodyWaits) {
      this.holders++;
      return Promise.resolve();
    }
    const line = this.lanes[lane];
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        grant: resolve,
        timer: undefined,
        due: this.now() + this.patience(lane),
      };
      if (timeoutMs > 0) {
        waiter.timer = setTimeout(() => {
          line.splice(line.indexOf(waiter), 1);
          reject(new DatabaseBusyError(timeoutMs));
        }, timeoutMs);
      }
      line.push(waiter);
    });
  }

  /** How many wait in `lane` now (not counting those admitted). */
  waiting(lane: Lane): number {
    return this.lanes[lane].length;
  }

  /**
   * Frees a place (`lane`: the holder's). After a statement, a waiting transaction or background
   * work gets it one turn of the event loop later: a statement's caller often asks again at once
   * (a search reads its words, then the products), and its next statement then goes first instead
   * of waiting behind a whole transaction that came in between.
   */
  release(lane?: Lane): void {
    const line = this.nextLine();
    if (!line) {
      this.holders--;
      return;
    }
    if (lane === 'statement' && line !== this.lanes.statement) {
      this.holders--;
      if (!this.refilling) {
        this.refilling = true;
        setImmediate(() => {
          this.refilling = false;
          this.refill();
        });
      }
      return;
    }
    this.grant(line);
  }

  /** Fills the free places with the waiters next in line. */
  private refill(): void {
    while (this.holders < this.options.limit) {
      const line = this.nextLine();
      if (!line) return;
      this.holders++;
      this.grant(line);
    }
  }

  private grant(line: Waiter[]): void {
    const next = line.shift()!;
    clearTimeout(next.timer);
    next.grant();
  }

  /** The lane whose head is due first (statements win a tie, then transactions). */
  private nextLine(): Waiter[] | undefined {
    let chosen: Waiter[] | undefined;
    for (const lane of ['statement', 'transaction', 'background'] as const) {
      const line = this.lanes[lane];
      if (line.length > 0 && (!chosen || line[0]!.due < chosen[0]!.due)) chosen = line;
    }
    return chosen;
  }
}
