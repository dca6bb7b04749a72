// `npm start`: builds the web app and the server when their builds are missing or stale, then runs
// the server (API + built web app), passing signals on so that it can shut down gracefully.
import { spawn } from 'node:child_process';
import { ensureApiBuild } from './lib/api-build.mjs';
import { SERVER_ENV, serverArgs } from './lib/server-process.mjs';
import { ensureWebBuild, root } from './lib/web-build.mjs';

ensureWebBuild();
await ensureApiBuild();

const server = spawn(process.execPath, serverArgs(), {
  cwd: root,
  env: { ...SERVER_ENV, ...process.env },
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
