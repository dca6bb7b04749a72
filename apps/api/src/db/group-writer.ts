import { DatabaseBusyError } from './priority-gate';

/** The most rows one statement takes; more wait for the next. */
export const GROUP_MAX_ROWS = 100;

export interface GroupWriterOptions {
  maxRows?: number;
  /**
   * How long a row may wait for its group's turn (a statement stuck on a stalled database holds
   * the next group): then its caller gets DatabaseBusyError, a 503, as a transaction that waited
   * that long for its turn would. 0: no bound.
   */
  maxWaitMs?: number;
}

interface Waiting<R> {
  row: R;
  done: (err?: unknown) => void;
  timer: NodeJS.Timeout | undefined;
}

/**
 * Whether a failed group's rows should be tried one by one: the data of one of them was refused
 * (SQLSTATE classes 22, data exception, and 23, integrity constraint), so the others may well be
 * fine. After any other failure (a connection lost mid-statement) the group's outcome may be
 * unknown, and writing its rows again could write them twice: each caller gets the error.
 */
function refusedData(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (code.startsWith('22') || code.startsWith('23'));
}

/**
 * Group commit for rows that many requests add at once (contact messages at a peak): a row asked
 * for while the previous group's statement runs waits for it to end and goes in the next group,
 * so a peak costs one statement, one round trip and one commit (one fsync) per group instead of
 * per row, and a quiet shop writes each row at once, as before. `write` resolves only after the
 * row's statement has committed: a caller that answers after it acknowledges a durable write.
 */
export class GroupWriter<R> {
  private waiting: Waiting<R>[] = [];
  private running = false;
  private readonly maxRows: number;
  private readonly maxWaitMs: number;

  constructor(
    private readonly writeRows: (rows: readonly R[]) => Promise<void>,
    options: GroupWriterOptions = {},
  ) {
    this.maxRows = options.maxRows ?? GROUP_MAX_ROWS;
    this.maxWaitMs = options.maxWaitMs ?? 0;
  }

  write(row: R): Promise<void> {
    return new Promise((resolve, reject) => {
      const waiter: Waiting<R> = {
        row,
        done: (err) => (err === undefined ? resolve() : reject(err)),
        timer: undefined,
      };
      if (this.running && this.maxWaitMs > 0) {
        waiter.timer = setTimeout(() => {
          this.waiting.splice(this.waiting.indexOf(waiter), 1);
          reject(new DatabaseBusyError(this.maxWaitMs));
        }, this.maxWaitMs);
      }
      this.waiting.push(waiter);
      if (!this.running) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.running = true;
    try {
      while (this.waiting.length > 0) {
        const group = this.waiting.splice(0, this.maxRows);
        for (const w of group) clearTimeout(w.timer);
        await this.writeGroup(group);
      }
    } finally {
      this.running = false;
    }
  }

  private async writeGroup(group: Waiting<R>[]): Promise<void> {
    try {
      await this.writeRows(group.map((w) => w.row));
      for (const w of group) w.done();
    } catch (err) {
      if (group.length === 1 || !refusedData(err)) {
        for (const w of group) w.done(err ?? new Error('escritura fallida'));
        return;
      }
      // One row's data was refused: each on its own, so only that one fails.
      for (const w of group) {
        await this.writeRows([w.row]).then(
          () => w.done(),
          (e: unknown) => w.done(e ?? new Error('escritura fallida')),
        );
      }
    }
  }
}
