import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** Where the build goes: WEB_DIST_DIR (the server reads the same variable), else apps/web/dist. */
export const distDir = path.resolve(root, process.env.WEB_DIST_DIR || 'apps/web/dist');
// The server build is written last: it stands for the whole build.
const built = path.join(distDir, 'server', 'entry-server.js');
const sources = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'packages/shared/src',
];

function newestChange(target) {
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(target).reduce(
    (newest, name) => Math.max(newest, newestChange(path.join(target, name))),
    stat.mtimeMs,
  );
}

/** Whether `builtFile` is missing or older than any of `sources` (paths from the repository's root). */
export function isStale(builtFile, sources) {
  const builtAt = existsSync(builtFile) ? statSync(builtFile).mtimeMs : -1;
  return sources.some((s) => {
    const full = path.join(root, s);
    return existsSync(full) && newestChange(full) > builtAt;
  });
}

/** Builds the web app when its build is missing or older than any of its sources. */
export function ensureWebBuild() {
  if (!isStale(built, sources)) return;
  console.info('Compilando la app web…');
  // The browser's build, then the server render's beside it (distDir/server, never served), which
  // the API loads to render the shop's pages.
  const builds = [
    ['build:client', '--outDir', distDir, '--emptyOutDir'],
    ['build:server', '--outDir', path.join(distDir, 'server')],
  ];
  for (const [script, ...args] of builds) {
    const result = spawnSync('npm', ['run', script, '-w', '@nexbyte/web', '--', ...args], {
      cwd: root,
      stdio: 'inherit',
    });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
}
