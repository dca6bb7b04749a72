// The server as it runs in production (decision 026): apps/api/src and @nexbyte/shared compiled by
// esbuild into plain JavaScript modules in apps/api/dist, so node runs them with no TypeScript
// loader (no loader thread, no per-import round trip, no source transformed at start-up).
// Packages from node_modules stay outside the build and load as they are; what the server loads
// on first use (the e-mail templates, Webpay's SDK) stays in chunks of its own.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const apiDir = path.dirname(fileURLToPath(import.meta.url));
export const outdir = path.join(apiDir, 'dist');

/** Every package but our own workspaces stays an import of node_modules. */
const packagesOutside = {
  name: 'packages-outside',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@nexbyte/') ? undefined : { path: args.path, external: true },
    );
  },
};

export async function buildApi() {
  rmSync(outdir, { recursive: true, force: true });
  await build({
    absWorkingDir: apiDir,
    entryPoints: {
      server: 'src/server.ts',
      'pglite-worker': 'src/db/pglite-worker.ts',
    },
    outdir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20.19',
    jsx: 'automatic',
    sourcemap: 'linked',
    // src/paths.ts: the built server finds its worker beside it.
    define: { NEXBYTE_BUILD: 'true' },
    plugins: [packagesOutside],
    logLevel: 'warning',
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildApi();
