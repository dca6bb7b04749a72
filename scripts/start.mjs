// `npm start`: builds the web app when its build is missing or stale, then runs the server (API +
// built web app), passing signals on so that it can shut down gracefully.
import { spawn } from 'node:child_process';
import { ensureWebBuild, root } from './lib/web-build.mjs';

ensureWebBuild();

const server = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
