import { LRUCache } from 'lru-cache';
import type { KeptAnswer } from './answer';
import { noteStockShown, staleStock, withStock, type StockReader } from './stock';

/** A build in progress: the request that leads it fills it; others asking meanwhile wait for it. */
export interface Build {
  readonly key: string;
  readonly generation: number;
  readonly answer: Promise<KeptAnswer | null>;
}

interface OpenBuild extends Build {
  resolve(answer: KeptAnswer | null): void;
  settled: boolean;
  /** Read from the database (counted in `building`), not rewritten from a kept answer. */
  read: boolean;
}

/** What a change touched: only stock, or anything else of the catalogue. */
export type ChangeKind = 'catalogue' | 'stock';

/** How long a run of changes of each kind may gather before the answers are cleared (ms). */
export type CoalesceWindows = Record<ChangeKind, number>;

/**
 * The answers kept for shoppers, bounded by bytes (least recently used go first).
 *
 * Every change to the catalogue clears it and starts a new generation. A build that began
 * before the change read the old catalogue: it still answers the requests that were waiting for
 * it, but it is not kept, and nobody who arrives after the change joins it.
 *
 * A run of changes clears it at most once per window: the first change after a quiet spell
 * clears at once, the others of the spell together at its end. A change that only moved stock
 * (a burst of orders, each taking units) has a window of its own, longer than other changes'
 * (a price, a name, a product sold out): a shopper sees stock within `coalesce.stock` and any
 * other change within `coalesce.catalogue`, while the shop keeps answering from memory instead
 * of rebuilding every answer after every order. With a way to read stock (`refreshStockWith`), a
 * run of stock moves alone does not even clear at the end of its window: one read of the
 * products the kept answers show finds those whose stock is no longer current (stock.ts). Those
 * are not served again as they are; the next shopper who asks for one waits for it to be
 * rewritten with the current stock (no query), and the others wait with them as for a build. Only
 * the values built from the catalogue (`remember`) and the builds in progress are forgotten.
 */
export class AnswerStore {
  readonly #answers: LRUCache<string, KeptAnswer>;
  readonly #builds = new Map<string, OpenBuild>();
  /** Builds not yet settled (a clear forgets them, but their shoppers still wait). */
  #building = 0;
  /** Who waits for the answers being built now to be done (whenBuilt). */
  #buildsDone: (() => void)[] = [];
  /** What routes derive from the catalogue and keep until it changes, by key. */
  readonly #derived = new Map<string, Promise<unknown>>();
  #generation = 0;
  #usable = false;
  readonly #windows: CoalesceWindows;
  readonly #now: () => number;
  #lastClear = Number.NEGATIVE_INFINITY;
  #pendingClear: NodeJS.Timeout | undefined;
  /** When the pending clear is due (#now's clock). */
  #pendingAt = Number.POSITIVE_INFINITY;
  /** The wall clock (ms since the epoch) that offers start and end by. */
  readonly #clock: () => number;
  /** When something kept in this generation stops being true (an offer starts or ends). */
  #expiresAt = Number.POSITIVE_INFINITY;
  /** Every change since the last clear moved stock only. */
  #onlyStock = true;
  #readStock: StockReader | undefined;
  /** The stock refresh under way, if any (whenRefreshed). */
  #refreshing: Promise<void> = Promise.resolve();
  /**
   * The generation of a refresh whose stock is being read right after a quiet spell: until it is
   * read, nothing kept is served (a shopper's read is built afresh, as after a clear).
   */
  #holding: number | undefined;
  /** Kept answers whose stock is no longer current, with the stock they must show, by key. */
  readonly #stale = new Map<string, { answer: KeptAnswer; current: ReadonlyMap<number, number> }>();

  constructor(
    maxBytes: number,
    /** One window for every kind, or each kind's. */
    coalesce: number | CoalesceWindows = 0,
    now: () => number = () => performance.now(),
    clock: () => number = () => Date.now(),
  ) {
    this.#windows =
      typeof coalesce === 'number' ? { catalogue: coalesce, stock: coalesce } : coalesce;
    this.#now = now;
    this.#clock = clock;
    this.#answers = new LRUCache<string, KeptAnswer>({
      maxSize: maxBytes,
      // One answer may not push out more than a quarter of the others.
      maxEntrySize: Math.max(1, Math.floor(maxBytes / 4)),
      sizeCalculation: (answer) => answer.size,
    });
  }

  /** False until changes are heard, and again whenever they may not be: nothing is served then. */
  get usable(): boolean {
    return this.#usable;
  }

  get bytes(): number {
    return this.#answers.calculatedSize;
  }

  get(key: string): KeptAnswer | undefined {
    if (!this.#usable) return undefined;
    if (this.#clock() >= this.#expiresAt) this.clear();
    if (this.#holding !== undefined) return undefined;
    if (this.#stale.size > 0 && this.#stale.has(key)) return undefined;
    return this.#answers.get(key);
  }

  /**
   * What is being built now stops being true at `ms` on the wall clock (a price an offer gives
   * starts or ends, decision 035): everything kept in this generation is dropped then, so no
   * answer outlives the moment its prices change without any write to tell.
   */
  expireAt(ms: number): void {
    if (ms < this.#expiresAt) this.#expiresAt = ms;
  }

  /**
   * A value read from the catalogue (not an answer: what several answers are built from), kept
   * until the catalogue changes, exactly as answers are; concurrent callers share one read. Read
   * afresh every time while changes may go unheard, and never kept if the read fails. The value
   * is shared: callers must not change it.
   */
  remember<T>(key: string, read: () => Promise<T>): Promise<T> {
    if (!this.#usable) return read();
    if (this.#clock() >= this.#expiresAt) this.clear();
    const kept = this.#derived.get(key);
    if (kept) return kept as Promise<T>;
    const value = read();
    this.#derived.set(key, value);
    value.catch(() => {
      if (this.#derived.get(key) === value) this.#derived.delete(key);
    });
    return value;
  }

  /** Answers being built now: shoppers whose reads are at the database. */
  get building(): number {
    return this.#building;
  }

  /**
   * Resolves once no answer is being built: shoppers whose answers are read from the database
   * right now have been answered (at once when none is).
   */
  whenBuilt(): Promise<void> {
    if (this.#building === 0) return Promise.resolve();
    return new Promise((resolve) => this.#buildsDone.push(resolve));
  }

  #noteBuildsDone(): void {
    if (this.#building > 0 || this.#buildsDone.length === 0) return;
    const waiting = this.#buildsDone;
    this.#buildsDone = [];
    for (const resolve of waiting) resolve();
  }

  /** The build of this key in progress, or a new one the caller leads (and must settle). */
  join(key: string): { build: Build; leader: boolean } {
    const running = this.#builds.get(key);
    if (running) return { build: running, leader: false };
    let resolve!: (answer: KeptAnswer | null) => void;
    const answer = new Promise<KeptAnswer | null>((r) => (resolve = r));
    const stale = this.#stale.get(key);
    const build: OpenBuild = {
      key,
      generation: this.#generation,
      answer,
      resolve,
      settled: false,
      read: !stale,
    };
    this.#builds.set(key, build);
    if (!stale) {
      this.#building += 1;
      return { build, leader: true };
    }
    // Kept but for its stock: rewritten with the current stock, not read again. An answer that
    // shows a product no longer on sale is dropped, and its askers build it themselves.
    this.#stale.delete(key);
    const rewritten = (updated: KeptAnswer | null) => {
      if (!updated && this.#answers.peek(key) === stale.answer) this.#answers.delete(key);
      this.settle(build, updated);
    };
    withStock(stale.answer, stale.current).then(rewritten, () => rewritten(null));
    return { build, leader: false };
  }

  /** Ends a build: null when there is nothing to keep (an error, a status other than 200). */
  settle(build: Build, answer: KeptAnswer | null): void {
    const open = build as OpenBuild;
    if (open.settled) return;
    open.settled = true;
    if (this.#builds.get(open.key) === open) this.#builds.delete(open.key);
    if (open.read) {
      this.#building -= 1;
      this.#noteBuildsDone();
    }
    if (answer && this.#usable && open.generation === this.#generation) {
      if (this.#readStock) noteStockShown(answer);
      this.#answers.set(open.key, answer);
    }
    open.resolve(answer);
  }

  /**
   * How to read the products' current stock: from now on a run of stock moves alone brings the
   * kept answers' stock up to date instead of clearing them.
   */
  refreshStockWith(read: StockReader): void {
    this.#readStock = read;
  }

  /**
   * The catalogue changed: clear now (or, when only stock moved, bring the kept stock up to
   * date), or once the current run of changes has lasted the kind's window (a change of another
   * kind in the run may bring that forward, never put it off).
   */
  changed(kind: ChangeKind = 'catalogue'): void {
    if (kind !== 'stock') this.#onlyStock = false;
    const now = this.#now();
    const due = this.#lastClear + this.#windows[kind];
    // The first change after a quiet spell is shown at once: the writer's next read (a customer
    // after an order) is built afresh, or, when only stock moved, comes once the stock is read.
    if (due <= now) {
      this.#endRun(true);
      return;
    }
    if (due >= this.#pendingAt) return;
    clearTimeout(this.#pendingClear);
    this.#pendingAt = due;
    this.#pendingClear = setTimeout(() => this.#endRun(), due - now);
    this.#pendingClear.unref();
  }

  /**
   * The window of a run of changes is over, or a change came after a quiet spell (`atOnce`:
   * nothing kept is served until the stock is read).
   */
  #endRun(atOnce = false): void {
    if (this.#onlyStock && this.#readStock && this.#usable) this.#refresh(this.#readStock, atOnce);
    else this.clear();
  }

  /** Forget every answer and every build that read the catalogue before now. */
  clear(): void {
    this.#newGeneration();
    this.#expiresAt = Number.POSITIVE_INFINITY;
    this.#answers.clear();
  }

  /** Builds in progress and values read before now are not kept; the run of changes ends. */
  #newGeneration(): void {
    clearTimeout(this.#pendingClear);
    this.#pendingClear = undefined;
    this.#pendingAt = Number.POSITIVE_INFINITY;
    this.#lastClear = this.#now();
    this.#onlyStock = true;
    this.#generation += 1;
    this.#holding = undefined;
    this.#builds.clear();
    this.#derived.clear();
    this.#stale.clear();
  }

  /**
   * Only stock moved: the kept answers stay and are served meanwhile; once the stock is read,
   * those that show stock no longer current wait to be rewritten (join) and pages and sitemaps
   * are dropped, unless something else changed first. If the stock cannot be read, everything
   * is cleared after all.
   */
  #refresh(read: StockReader, holdUntilRead: boolean): void {
    const kept = [...this.#answers.entries()];
    this.#newGeneration();
    const generation = this.#generation;
    const current = () => this.#generation === generation;
    if (holdUntilRead) this.#holding = generation;
    const release = () => {
      if (this.#holding === generation) this.#holding = undefined;
    };
    this.#refreshing = staleStock(kept, read).then(
      ({ stale, opaque, current: stock }) => {
        release();
        if (!current()) return;
        for (const [key, answer] of stale) {
          if (this.#answers.peek(key) === answer) this.#stale.set(key, { answer, current: stock });
        }
        // A page or a sitemap may show stock too, and cannot be rewritten: built again.
        for (const [key, answer] of opaque) {
          if (this.#answers.peek(key) === answer) this.#answers.delete(key);
        }
      },
      () => {
        release();
        if (current()) this.clear();
      },
    );
  }

  /** Resolves once the latest stock refresh has finished (at once when none is under way). */
  whenRefreshed(): Promise<void> {
    return this.#refreshing;
  }

  /** Changes may go unheard (the listening connection is gone): stop serving until resume. */
  pause(): void {
    this.#usable = false;
    this.clear();
  }

  /** Hearing changes again; whatever happened meanwhile is unknown, so start empty. */
  resume(): void {
    this.clear();
    this.#usable = true;
  }
}
