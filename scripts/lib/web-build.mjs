import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const built = path.join(root, 'apps/web/dist/index.html');
const sources = ['apps/web/src', 'apps/web/public', 'apps/web/index.html', 'packages/shared/src'];

function newestChange(target) {
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(target).reduce(
    (newest, name) => Math.max(newest, newestChange(path.join(target, name))),
    stat.mtimeMs,
  );
}

/** Builds the web app when its build is missing or older than any of its sources. */
export function ensureWebBuild() {
  const builtAt = existsSync(built) ? statSync(built).mtimeMs : -1;
  const stale = sources.some((s) => {
    const full = path.join(root, s);
    return existsSync(full) && newestChange(full) > builtAt;
  });
  if (!stale) return;
  console.info('Compilando la app web…');
  const result = spawnSync('npm', ['run', 'build', '-w', '@nexbyte/web'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
