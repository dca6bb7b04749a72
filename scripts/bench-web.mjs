// `npm run bench:web`: what the shop costs a shopper's browser. Builds the web app, starts the real
// server on a fresh embedded database and prints
//   1. the JavaScript that '/' loads, file by file, gzip-compressed (goal ≤ 100 KB), measured by
//      opening the page in Debian's Chromium and listing every script it fetched;
//   2. Lighthouse scores (performance, accessibility, SEO) and CLS of '/', '/productos', a product,
//      '/carrito', '/checkout', '/soporte', '/arma-tu-pc' and a shared build's page (saved through
//      the API), with the mobile preset and then the desktop one
//      (goals: performance ≥ 95, CLS 0, accessibility and SEO 100). Lighthouse lives in
//      tools/lighthouse with its own lockfile and is installed there on first use.
// BENCH_WEB_REPORTS=<folder> keeps each page's full Lighthouse report there as JSON, one per page and
// preset (LCP element and its phases, render-blocking requests, main-thread work per script, the
// elements that shifted), to find out why a page is slow or moves.
// Arguments pick what to measure: page addresses (`/productos`, `producto` for the first product,
// `armado` for the shared build) and a preset (`--movil` or `--escritorio`), e.g.
// `npm run bench:web -- /checkout --movil`; with any of them, the JavaScript of '/' is skipped.
// A measurement, not a test: it prints figures and fails only when it cannot measure.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { startBenchServer, stopServer } from './lib/server.mjs';
import { distDir, ensureWebBuild, root } from './lib/web-build.mjs';

const JS_BUDGET_KB = 100;
const chrome = process.env.CHROME_PATH || '/usr/bin/chromium';
const chromeFlags = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const reportsDir = process.env.BENCH_WEB_REPORTS
  ? path.resolve(process.env.BENCH_WEB_REPORTS)
  : null;
const kb = (bytes) => (bytes / 1024).toFixed(1);
const args = process.argv.slice(2);
const onlyPages = args.filter((arg) => !arg.startsWith('--'));
const onlyPresets = args.filter((arg) => arg.startsWith('--')).map((arg) => arg.slice(2));
// Lighthouse's default is the phone (a Moto G Power on slow 4G); its desktop preset is a 1350 px
// wide screen on a fast connection.
const PRESETS = [
  { name: 'movil', label: 'móvil', args: [] },
  { name: 'escritorio', label: 'escritorio', args: ['--preset=desktop'] },
];

if (!existsSync(chrome)) {
  console.error(`No se encontró Chromium en ${chrome}; define CHROME_PATH.`);
  process.exit(1);
}

ensureWebBuild();
const dataDir = mkdtempSync(path.join(tmpdir(), 'nexbyte-bench-web-'));
const { child, origin } = await startBenchServer({
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  WEB_DIST_DIR: distDir,
});

try {
  if (args.length === 0) await measureScripts(origin);
  const wanted = (page) => onlyPages.length === 0 || onlyPages.includes(page);
  const routes = [
    wanted('/') && '/',
    wanted('/productos') && '/productos',
    wanted('producto') && `/productos/detalle/${await firstProductId(origin)}`,
    wanted('/carrito') && '/carrito',
    wanted('/checkout') && '/checkout',
    wanted('/soporte') && '/soporte',
    wanted('/arma-tu-pc') && '/arma-tu-pc',
    wanted('armado') && `/arma-tu-pc/b/${await sharedBuild(origin)}`,
  ].filter(Boolean);
  const presets = PRESETS.filter((p) => onlyPresets.length === 0 || onlyPresets.includes(p.name));
  for (const preset of presets) await lighthouse(origin, routes, preset);
} finally {
  await stopServer(child);
  rmSync(dataDir, { recursive: true, force: true });
}

/** Every script '/' fetched until the network went quiet, with its gzip size (level 9). */
async function measureScripts(origin) {
  const browser = await chromium.launch({ executablePath: chrome, args: chromeFlags.slice(1) });
  try {
    const page = await browser.newPage();
    const scripts = new Set();
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.add(new URL(response.url()));
    });
    await page.goto(`${origin}/`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'Destacados' }).waitFor();

    const rows = [...scripts].map((url) => {
      const file = path.join(distDir, decodeURIComponent(url.pathname));
      const body = readFileSync(file);
      return { name: url.pathname, raw: body.length, gzip: gzipSync(body, { level: 9 }).length };
    });
    rows.sort((a, b) => b.gzip - a.gzip);
    const total = rows.reduce((sum, row) => sum + row.gzip, 0);
    console.log(`JavaScript que carga '/' (${rows.length} archivos):`);
    for (const row of rows) {
      console.log(
        `  ${kb(row.gzip).padStart(6)} KB gzip  ${kb(row.raw).padStart(6)} KB  ${row.name}`,
      );
    }
    const verdict = total <= JS_BUDGET_KB * 1024 ? 'dentro' : 'FUERA';
    console.log(
      `  ${kb(total).padStart(6)} KB gzip en total (${verdict} de la meta de ${JS_BUDGET_KB} KB)\n`,
    );
  } finally {
    await browser.close();
  }
}

/**
 * A build shared by its link, as WhatsApp would open it: the first processor in stock and the
 * first board and memory that fit it, saved through the API. Resolves to its code.
 */
async function sharedBuild(origin) {
  const piezas = [];
  for (const tipo of ['PROCESADOR', 'PLACA_MADRE', 'MEMORIA']) {
    const query = piezas.length > 0 ? `?piezas=${piezas.join(',')}` : '';
    const step = await (await fetch(`${origin}/api/armados/pasos/${tipo}${query}`)).json();
    if (!step.compatibles?.[0]) throw new Error(`sin piezas compatibles para ${tipo}`);
    piezas.push(step.compatibles[0].id);
  }
  const saved = await fetch(`${origin}/api/armados`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ piezas }),
  });
  if (saved.status !== 201) throw new Error(`no se pudo guardar el armado: ${saved.status}`);
  return (await saved.json()).codigo;
}

async function firstProductId(origin) {
  const response = await fetch(`${origin}/api/productos?limite=1`);
  const [product] = await response.json();
  return product.id;
}

function lighthouseBin() {
  const dir = path.join(root, 'tools/lighthouse');
  const bin = path.join(dir, 'node_modules/.bin/lighthouse');
  if (!existsSync(bin)) {
    console.info('Instalando Lighthouse en tools/lighthouse…');
    const install = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], {
      cwd: dir,
      stdio: 'inherit',
    });
    if (install.status !== 0) process.exit(install.status ?? 1);
  }
  return bin;
}

async function lighthouse(origin, paths, preset) {
  const bin = lighthouseBin();
  console.log(`\nLighthouse, perfil ${preset.label} (rendimiento / accesibilidad / SEO):`);
  for (const route of paths) {
    const report = runLighthouse(bin, `${origin}${route}`, preset.args);
    if (reportsDir) {
      mkdirSync(reportsDir, { recursive: true });
      const name = route === '/' ? 'home' : route.slice(1).replace(/\//g, '-');
      writeFileSync(path.join(reportsDir, `${name}.${preset.name}.json`), JSON.stringify(report));
    }
    const score = (id) => Math.round((report.categories[id]?.score ?? 0) * 100);
    const audit = (id) => report.audits[id]?.displayValue ?? '-';
    console.log(
      `  ${route.padEnd(24)} ${String(score('performance')).padStart(3)} / ${String(score('accessibility')).padStart(3)} / ${String(score('seo')).padStart(3)}` +
        `   FCP ${audit('first-contentful-paint')}, LCP ${audit('largest-contentful-paint')}, ` +
        `TBT ${audit('total-blocking-time')}, CLS ${audit('cumulative-layout-shift')}`,
    );
    for (const [category, label] of [
      ['accessibility', 'accesibilidad'],
      ['seo', 'SEO'],
    ]) {
      const failing = Object.values(report.categories[category].auditRefs)
        .map((ref) => report.audits[ref.id])
        .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary');
      for (const a of failing) console.log(`      ${label}: ${a.id} — ${a.title}`);
    }
  }
}

/** One Lighthouse run in a fresh profile; a run whose trace broke (it happens) is tried again. */
function runLighthouse(bin, url, presetArgs, attempts = 3) {
  for (let attempt = 1; ; attempt++) {
    const profile = mkdtempSync(path.join(tmpdir(), 'nexbyte-lh-'));
    try {
      const run = spawnSync(
        bin,
        [
          url,
          `--chrome-flags=${[...chromeFlags, `--user-data-dir=${profile}`].join(' ')}`,
          ...presetArgs,
          '--only-categories=performance,accessibility,seo',
          '--output=json',
          '--quiet',
        ],
        { env: { ...process.env, CHROME_PATH: chrome }, maxBuffer: 64 * 1024 * 1024 },
      );
      if (run.status === 0) {
        const report = JSON.parse(run.stdout.toString());
        if (!report.runtimeError) return report;
      }
      if (attempt >= attempts) {
        console.error(run.stderr.toString());
        throw new Error(`Lighthouse falló en ${url}`);
      }
    } finally {
      rmSync(profile, { recursive: true, force: true });
    }
  }
}
