import { createRequire } from 'node:module';

/** Asks the C allocator to give its free pages back; resolves to whether any were released. */
export type TrimAllocator = () => Promise<boolean>;

interface KoffiFunction {
  async(pad: number, callback: (err: unknown, released: number) => void): void;
}

/**
 * glibc's `malloc_trim(0)`, run on libuv's thread pool so the event loop never waits for it, or
 * null where there is no glibc (musl, macOS, Windows): their allocators do not keep freed pages
 * the way glibc's arenas do.
 *
 * Why: glibc gives back only the free space at the top of each arena. What a peak frees below
 * live allocations (module compilation and PGlite's WebAssembly at start-up, the demo's seeding,
 * a burst of shoppers' requests and the embedded database's results crossing threads) stays in
 * the process's RSS for good, some 60-70 MB on this server. `malloc_trim` returns every whole
 * free page in every arena to the kernel (madvise); live memory is not touched.
 */
export function loadAllocatorTrim(): TrimAllocator | null {
  if (!runsOnGlibc()) return null;
  try {
    const require = createRequire(import.meta.url);
    const koffi = require('koffi') as {
      load(name: string): { func(signature: string): KoffiFunction };
    };
    const mallocTrim = koffi.load('libc.so.6').func('int malloc_trim(size_t pad)');
    return () =>
      new Promise((resolve, reject) =>
        mallocTrim.async(0, (err, released) => (err ? reject(err) : resolve(released === 1))),
      );
  } catch {
    return null;
  }
}

/** Whether this process's C library is glibc (Node's report names its version, on Linux only). */
export function runsOnGlibc(): boolean {
  if (process.platform !== 'linux') return false;
  const report = process.report.getReport() as { header?: { glibcVersionRuntime?: string } };
  return Boolean(report.header?.glibcVersionRuntime);
}

export interface AllocatorTrimmer {
  /** Trims now (once start-up is over, say); resolves when done, never rejects. */
  trimNow(): Promise<void>;
  stop(): void;
}

/**
 * Trims every `intervalMs` (and on demand), one trim at a time. A failed trim is logged once and
 * stops the timer: nothing else depends on it.
 */
export function startAllocatorTrimmer(options: {
  intervalMs: number;
  log: { warn(details: Record<string, unknown>, message: string): void };
  trim?: TrimAllocator | null;
}): AllocatorTrimmer | null {
  const trim = options.trim === undefined ? loadAllocatorTrim() : options.trim;
  if (!trim || options.intervalMs <= 0) return null;
  let running: Promise<void> | undefined;
  const stop = () => clearInterval(timer);
  const trimNow = () => {
    running ??= trim()
      .then(
        () => undefined,
        (err: unknown) => {
          stop();
          options.log.warn({ err }, 'no se pudo devolver memoria libre al sistema');
        },
      )
      .finally(() => (running = undefined));
    return running;
  };
  const timer = setInterval(() => void trimNow(), options.intervalMs);
  timer.unref();
  return { trimNow, stop };
}
