// The server's build (apps/api/build.mjs, decision 026), made when missing or older than any of
// its sources, as the web app's is: `npm start`, the benchmarks and the browser tests run it.
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { buildApi, outdir } from '../../apps/api/build.mjs';
import { newestChange, root } from './web-build.mjs';

const built = path.join(outdir, 'server.mjs');
const sources = [
  'apps/api/src',
  'apps/api/build.mjs',
  'apps/api/package.json',
  'packages/shared/src',
];

/** Builds the server when its build is missing or older than any of its sources. */
export async function ensureApiBuild() {
  const builtAt = existsSync(built) ? statSync(built).mtimeMs : -1;
  const stale = sources.some((s) => {
    const full = path.join(root, s);
    return existsSync(full) && newestChange(full) > builtAt;
  });
  if (!stale) return;
  console.info('Compilando el servidor…');
  await buildApi();
}
