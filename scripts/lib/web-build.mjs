import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** Where the build goes: WEB_DIST_DIR (the server reads the same variable), else apps/web/dist. */
export const distDir = path.resolve(root, process.env.WEB_DIST_DIR || 'apps/web/dist');
const built = path.join(distDir, 'index.html');
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
  const args = ['run', 'build', '-w', '@nexbyte/web', '--', '--outDir', distDir, '--emptyOutDir'];
  const result = spawnSync('npm', args, {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
