// How the server's own process is run, by `npm start` and by the benchmarks alike: node itself
// (no npm in between, so that SIGTERM reaches it) with the memory settings of decision 025.

/**
 * V8 collects garbage before growing its heap, instead of letting the old generation grow to
 * several times what is alive between two collections.
 */
export const NODE_FLAGS = ['--optimize-for-size'];

/**
 * glibc's malloc otherwise keeps up to eight arenas per core, and what the image library or
 * compression frees in one of them is kept for later instead of handed back.
 */
export const SERVER_ENV = { MALLOC_ARENA_MAX: '2' };

/** The arguments of `node` that run the server, with other V8 flags when a benchmark compares. */
export const serverArgs = (flags = NODE_FLAGS) => [
  ...flags,
  '--import',
  'tsx',
  'apps/api/src/server.ts',
];
