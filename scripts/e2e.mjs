// Browser tests: Playwright on Debian's Chromium against the real server on a free port and a fresh
// PGlite directory, with the Webpay stand-in on a second free port. Without a Chromium they are skipped with one clear line, unless REQUIRE_E2E=1.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ensureApiBuild } from './lib/api-build.mjs';
import { freePort } from './lib/server-process.mjs';
import { distDir, ensureWebBuild, root } from './lib/web-build.mjs';

const chrome = process.env.CHROME_PATH || '/usr/bin/chromium';
if (!existsSync(chrome)) {
  const line = `Pruebas de navegador omitidas: no se encontró Chromium en ${chrome} (define CHROME_PATH o instala el paquete chromium).`;
  if (process.env.REQUIRE_E2E === '1') {
    console.error(`${line} REQUIRE_E2E=1 exige ejecutarlas.`);
    process.exit(1);
  }
  console.info(line);
  process.exit(0);
}

ensureWebBuild();
await ensureApiBuild();

const port = await freePort();
// The Webpay stand-in (apps/api/src/test/webpay-stand-in.main.ts) listens on a port of its own.
let webpayPort = await freePort();
while (webpayPort === port) webpayPort = await freePort();
const dataDir = mkdtempSync(path.join(tmpdir(), 'nexbyte-e2e-'));

const result = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], {
  cwd: path.join(root, 'apps/web'),
  stdio: 'inherit',
  env: {
    ...process.env,
    WEB_DIST_DIR: distDir,
    CHROME_PATH: chrome,
    E2E_PORT: String(port),
    E2E_WEBPAY_PORT: String(webpayPort),
    E2E_DATA_DIR: dataDir,
  },
});
rmSync(dataDir, { recursive: true, force: true });
process.exit(result.status ?? 1);
