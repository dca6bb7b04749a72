import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { isMainThread } from 'node:worker_threads';

/** Files this process creates are its owner's only (0600, directories 0700). */
export const OWNER_ONLY_UMASK = 0o077;

/**
 * Takes group and other permissions off `target` and, for a directory, everything inside it.
 * PGlite unpacks its initial database with explicit modes (0666), which no umask narrows, so this
 * runs again once it has opened.
 */
export function tightenTree(target: string) {
  const stat = fs.lstatSync(target);
  if (stat.isSymbolicLink()) return;
  if ((stat.mode & 0o077) !== 0) fs.chmodSync(target, stat.mode & 0o700);
  if (!stat.isDirectory()) return;
  for (const entry of fs.readdirSync(target)) tightenTree(path.join(target, entry));
}

/**
 * Makes the embedded database's data directory its owner's only before PGlite opens it: the WAL
 * holds password hashes and personal data, and PGlite creates its files 0666 (less the umask).
 * Creates `dir` 0700, tightens an existing one and whatever an older version left in it 0644 or
 * 0666, and sets the process umask to 077 (process-wide, so it also covers the worker thread that
 * writes the files).
 */
export function prepareDataDir(dir: string) {
  // Worker threads cannot set the umask; the main thread sets it for them.
  if (isMainThread) process.umask(OWNER_ONLY_UMASK);
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  tightenTree(dir);
}

/** The data directory's owner: one process at a time, or PGlite's files get corrupted. */
const LOCK_FILE = 'en-uso.pid';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Marks `dir` as open by this process, and refuses when another live process holds it (a running
 * server while `npm run admin:create` or `db:backup` tries to open it). A file left by a process
 * that died is taken over. Answers the release.
 */
export function lockDataDir(dir: string): () => void {
  const file = path.join(dir, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx', mode: 0o600 });
      return () => fs.rmSync(file, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number(fs.readFileSync(file, 'utf8').trim());
      if (pid === process.pid) return () => fs.rmSync(file, { force: true });
      if (Number.isInteger(pid) && pid > 0 && isAlive(pid)) {
        throw new DataDirBusyError(dir, pid);
      }
      fs.rmSync(file, { force: true });
    }
  }
  throw new DataDirBusyError(dir, 0);
}

export class DataDirBusyError extends Error {
  constructor(
    readonly dir: string,
    readonly pid: number,
  ) {
    super(
      `El directorio de datos ${dir} está en uso por otro proceso (pid ${pid}); PGlite no admite dos procesos a la vez.`,
    );
    this.name = 'DataDirBusyError';
  }
}

/** Above this much free space the embedded database's disk is taken as writable without a test. */
const PROBE_BELOW_BYTES = 64 * 1024 * 1024;
/** What the test writes: more than a page of the database or of its WAL. */
const PROBE_BYTES = 64 * 1024;

/**
 * Whether `dir`'s disk takes a write: plenty of free space says so at once; otherwise a small file
 * is written, flushed and removed. Only a full disk (or quota) answers false.
 */
export async function diskWritable(dir: string): Promise<boolean> {
  const stats = await fsp.statfs(dir);
  if (stats.bavail * stats.bsize >= PROBE_BELOW_BYTES) return true;
  const file = path.join(dir, `.espacio-${randomBytes(4).toString('hex')}`);
  let handle: fsp.FileHandle | undefined;
  try {
    handle = await fsp.open(file, 'wx', 0o600);
    // writeFile writes until done: a single write stops short, without an error, at a full disk.
    await handle.writeFile(Buffer.alloc(PROBE_BYTES));
    await handle.sync();
    return true;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOSPC' || code === 'EDQUOT') return false;
    throw err;
  } finally {
    await handle?.close().catch(() => {});
    await fsp.rm(file, { force: true });
  }
}
