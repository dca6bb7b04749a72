import fs from 'node:fs';
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
