import { LRUCache } from 'lru-cache';
import type { KeptAnswer } from './answer';

/** A build in progress: the request that leads it fills it; others asking meanwhile wait for it. */
export interface Build {
  readonly key: string;
  readonly generation: number;
  readonly answer: Promise<KeptAnswer | null>;
}

interface OpenBuild extends Build {
  resolve(answer: KeptAnswer | null): void;
  settled: boolean;
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
 * of rebuilding every answer after every order.
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
    const build: OpenBuild = { key, generation: this.#generation, answer, resolve, settled: false };
    this.#builds.set(key, build);
    this.#building += 1;
    return { build, leader: true };
  }

  /** Ends a build: null when there is nothing to keep (an error, a status other than 200). */
  settle(build: Build, answer: KeptAnswer | null): void {
    const open = build as OpenBuild;
    if (open.settled) return;
    open.settled = true;
    if (this.#builds.get(open.key) === open) this.#builds.delete(open.key);
    this.#building -= 1;
    this.#noteBuildsDone();
    if (answer && this.#usable && open.generation === this.#generation) {
      this.#answers.set(open.key, answer);
    }
    open.resolve(answer);
  }

  /**
   * The catalogue changed: clear now, or once the current run of changes has lasted the kind's
   * window (a change of another kind in the run may bring the clear forward, never put it off).
   */
  changed(kind: ChangeKind = 'catalogue'): void {
    const now = this.#now();
    const due = this.#lastClear + this.#windows[kind];
    if (due <= now) {
      this.clear();
      return;
    }
    if (due >= this.#pendingAt) return;
    clearTimeout(this.#pendingClear);
    this.#pendingAt = due;
    this.#pendingClear = setTimeout(() => this.clear(), due - now);
    this.#pendingClear.unref();
  }

  /** Forget every answer and every build that read the catalogue before now. */
  clear(): void {
    clearTimeout(this.#pendingClear);
    this.#pendingClear = undefined;
    this.#pendingAt = Number.POSITIVE_INFINITY;
    this.#lastClear = this.#now();
    this.#expiresAt = Number.POSITIVE_INFINITY;
    this.#generation += 1;
    this.#answers.clear();
    this.#builds.clear();
    this.#derived.clear();
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
