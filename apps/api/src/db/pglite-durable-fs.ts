import fs from 'node:fs';
import path from 'node:path';
import { PGlite, type Extensions } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

/**
 * PGlite's own defaults start PostgreSQL with `-F` (fsync off). We drop it, say `fsync=on`
 * explicitly, and sync the WAL with fsync(): Emscripten's fdatasync is a no-op, so PostgreSQL's
 * default `wal_sync_method=fdatasync` would flush nothing even with fsync on.
 *
 * Memory: PGlite's WebAssembly memory only grows, and its 128 MB of shared buffers (and 64 MB for
 * building an index) are taken from it for good. The shop's catalogue and the kernel's page cache
 * behind it make 16 MB of each enough: 20,000 products answer as fast as with 32 MB, and the
 * server holds some 130 MB less (decisions 025 and 027).
 */
export const DURABLE_START_PARAMS: readonly string[] = [
  ...PGlite.defaultStartParams.filter((param) => param !== '-F'),
  '-c',
  'fsync=on',
  '-c',
  'wal_sync_method=fsync',
  '-c',
  'shared_buffers=16MB',
  '-c',
  'maintenance_work_mem=16MB',
];

type PostgresMod = Parameters<NodeFS['init']>[1];

interface NodeStream {
  nfd?: number;
}
interface EmscriptenNodeFs {
  stream_ops: { fsync?: (stream: NodeStream) => number };
  tryFSOperation<T>(operation: () => T): T;
}

/**
 * Emscripten's NODEFS has no `fsync` stream operation, so PostgreSQL's fsync() of the WAL at
 * commit (and of data files at checkpoint) returned without touching the disk. This file system
 * gives it one that calls the real fsync(2) on the file's descriptor (directories included: NODEFS
 * opens them read-only, which is what PostgreSQL does to sync a directory).
 */
export class DurableNodeFS extends NodeFS {
  /** fsync(2) calls made for PostgreSQL, so tests and start-up can tell the flush is wired. */
  fsyncCount = 0;

  override async init(pg: PGlite, opts: PostgresMod) {
    const { emscriptenOpts } = await super.init(pg, opts);
    const installFsync = (mod: { NODEFS: unknown }) => {
      const nodefs = mod.NODEFS as unknown as EmscriptenNodeFs;
      nodefs.stream_ops.fsync = (stream) => {
        const fd = stream.nfd;
        if (fd === undefined) return 0;
        // Turns a Node error into the errno PostgreSQL sees (it PANICs on a failed WAL flush).
        nodefs.tryFSOperation(() => fs.fsyncSync(fd));
        this.fsyncCount++;
        return 0;
      };
    };
    return {
      emscriptenOpts: {
        ...emscriptenOpts,
        preRun: [...(emscriptenOpts.preRun ?? []), installFsync],
      },
    };
  }
}

/** fsync(2) of every file and directory under `dir`, and of `dir` itself. */
export function fsyncTree(dir: string) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) fsyncTree(full);
    else if (entry.isFile()) fsyncPath(full);
  }
  fsyncPath(dir);
}

function fsyncPath(file: string) {
  const fd = fs.openSync(file, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

export interface DurablePglite {
  pg: PGlite;
  fs: DurableNodeFS;
}

/**
 * Opens (creating it on first use) a PGlite database in `dir` that flushes every commit to disk.
 * The directory is the owner's only: PGlite writes its files world-readable (0666).
 */
export async function openDurablePglite(
  dir: string,
  extensions: Extensions,
): Promise<DurablePglite> {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  fs.chmodSync(dir, 0o700);
  const fresh = !fs.existsSync(path.join(dir, 'PG_VERSION'));
  const durableFs = new DurableNodeFS(dir);
  const pg = await PGlite.create({
    fs: durableFs,
    extensions,
    startParams: [...DURABLE_START_PARAMS],
  });
  try {
    // initdb's files are copied in by PGlite, not written through PostgreSQL: they are not in
    // any checkpoint's list, so a power cut right after the first start could lose them.
    if (fresh) fsyncTree(dir);
    fsyncPath(path.dirname(dir));
    const settings = await pg.query<{ name: string; setting: string }>(
      `select name, setting from pg_settings where name in ('fsync', 'wal_sync_method')`,
    );
    const got = Object.fromEntries(settings.rows.map((row) => [row.name, row.setting]));
    if (got.fsync !== 'on' || got.wal_sync_method !== 'fsync') {
      throw new Error(`PGlite no quedó con fsync activo: ${JSON.stringify(got)}`);
    }
    // A transaction that writes WAL (a logical message, no table touched) flushes it at commit:
    // that must reach fsync(2), or a PGlite upgrade changed what this file system relies on.
    const before = durableFs.fsyncCount;
    await pg.query(`select pg_logical_emit_message(true, 'nexbyte', 'fsync')`);
    if (durableFs.fsyncCount === before) {
      throw new Error('PGlite no llamó a fsync al confirmar una transacción.');
    }
  } catch (err) {
    await pg.close();
    throw err;
  }
  return { pg, fs: durableFs };
}
