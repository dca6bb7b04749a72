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

/**
 * The answers kept for shoppers, bounded by bytes (least recently used go first).
 *
 * Every change to the catalogue clears it and starts a new generation. A build that began
 * before the change read the old catalogue: it still answers the requests that were waiting for
 * it, but it is not kept, and nobody who arrives after the change joins it.
 */
export class AnswerStore {
  readonly #answers: LRUCache<string, KeptAnswer>;
  readonly #builds = new Map<string, OpenBuild>();
  #generation = 0;
  #usable = false;

  constructor(maxBytes: number) {
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
    return this.#usable ? this.#answers.get(key) : undefined;
  }

  /** The build of this key in progress, or a new one the caller leads (and must settle). */
  join(key: string): { build: Build; leader: boolean } {
    const running = this.#builds.get(key);
    if (running) return { build: running, leader: false };
    let resolve!: (answer: KeptAnswer | null) => void;
    const answer = new Promise<KeptAnswer | null>((r) => (resolve = r));
    const build: OpenBuild = { key, generation: this.#generation, answer, resolve, settled: false };
    this.#builds.set(key, build);
    return { build, leader: true };
  }

  /** Ends a build: null when there is nothing to keep (an error, a status other than 200). */
  settle(build: Build, answer: KeptAnswer | null): void {
    const open = build as OpenBuild;
    if (open.settled) return;
    open.settled = true;
    if (this.#builds.get(open.key) === open) this.#builds.delete(open.key);
    if (answer && this.#usable && open.generation === this.#generation) {
      this.#answers.set(open.key, answer);
    }
    open.resolve(answer);
  }

  /** The catalogue changed: forget every answer and every build that read it before. */
  clear(): void {
    this.#generation += 1;
    this.#answers.clear();
    this.#builds.clear();
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
