// Browser tests: Playwright on Debian's Chromium against the real server, one per project (desktop
// and phone) on a free port and a fresh PGlite directory each, with the Webpay stand-in on a third
// free port. Without a Chromium they are skipped with one clear line, unless REQUIRE_E2E=1.
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

// The desktop server, the phone's server and the Webpay stand-in
// (apps/api/src/test/webpay-stand-in.main.ts) each listen on a port of their own.
const ports = new Set();
while (ports.size < 3) ports.add(await freePort());
const [port, mobilePort, webpayPort] = ports;
const dataDir = mkdtempSync(path.join(tmpdir(), 'nexbyte-e2e-'));
const mobileDataDir = mkdtempSync(path.join(tmpdir(), 'nexbyte-e2e-movil-'));

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
    E2E_MOBILE_PORT: String(mobilePort),
    E2E_MOBILE_DATA_DIR: mobileDataDir,
  },
});
for (const dir of [dataDir, mobileDataDir]) rmSync(dir, { recursive: true, force: true });
process.exit(result.status ?? 1);
