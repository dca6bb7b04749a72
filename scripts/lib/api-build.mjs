// The server's build (apps/api/build.mjs, decision 026), made when missing or older than any of
// its sources, as the web app's is: `npm start`, the benchmarks and the browser tests run it.
import path from 'node:path';
import { buildApi, outdir } from '../../apps/api/build.mjs';
import { isStale } from './web-build.mjs';

const built = path.join(outdir, 'server.mjs');
const sources = [
  'apps/api/src',
  'apps/api/build.mjs',
  'apps/api/package.json',
  'packages/shared/src',
];

/** Builds the server when its build is missing or older than any of its sources. */
export async function ensureApiBuild() {
  if (!isStale(built, sources)) return;
  console.info('Compilando el servidor…');
  await buildApi();
}
