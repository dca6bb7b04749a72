// A reference to measure beside the code as it is now (BENCH_REF=<commit>): that commit checked out
// in a git worktree of its own under the system's temporary directory, its dependencies installed
// with `npm ci` and its web app and server built with its own scripts, all kept there for the next
// run. Everything stays on this machine; only `npm ci` may reach the npm registry, once.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { root } from './web-build.mjs';

function run(command, args, cwd) {
  const result = spawnSync(command, args, { cwd, stdio: ['ignore', 'ignore', 'inherit'] });
  if (result.status !== 0) {
    throw new Error(`la referencia no se pudo preparar: ${command} ${args.join(' ')} (en ${cwd})`);
  }
}

function git(args) {
  const result = spawnSync('git', args, { cwd: root, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`git ${args.join(' ')}: ${result.stderr.trim()}`);
  return result.stdout.trim();
}

/**
 * The checkout of `rev`, built and ready for startBenchServer's `root`: { dir, label }. The
 * commit must have this layout (scripts/lib/web-build.mjs and api-build.mjs, the compiled server
 * of decision 026).
 */
export function prepareReference(rev) {
  const sha = git(['rev-parse', '--verify', `${rev}^{commit}`]);
  const dir = path.join(tmpdir(), `nexbyte-ref-${sha.slice(0, 12)}`);
  if (!existsSync(path.join(dir, 'package.json'))) {
    git(['worktree', 'prune']);
    git(['worktree', 'add', '--force', '--detach', dir, sha]);
  }
  if (!existsSync(path.join(dir, 'node_modules'))) {
    console.log(`Referencia ${sha.slice(0, 7)}: instalando dependencias (npm ci)…`);
    run('npm', ['ci', '--no-audit', '--no-fund'], dir);
  }
  run(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      "await (await import('./scripts/lib/web-build.mjs')).ensureWebBuild();" +
        "await (await import('./scripts/lib/api-build.mjs')).ensureApiBuild();",
    ],
    dir,
  );
  return { dir, label: git(['log', '-1', '--format=%h %s', sha]) };
}
