// How the server's own process is run, by `npm start` and by the benchmarks alike: node itself
// (no npm in between, so that SIGTERM reaches it) on the server's build (decision 026) with the
// memory settings of decision 025.

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
