import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  startServer,
  stopServer,
  type ServerProcess,
} from '../../../scripts/lib/server-process.mjs';
import { expect, expectNoA11yViolations, test } from './fixtures';

// A shop installed as README says for production: no demo data, the owner made with
// `npm run admin:create`, any e-mail provider allowed. Its own server, on its own port and data
// directory, so the shared demo server stays as it is.
const OWNER = { correo: 'duena.tienda@hotmail.com', pass: 'clave-de-la-duena' };

/** Runs a TypeScript command-line script as the README does, through tsx. */
function runScript(args: string[], env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', ...args], {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

let server: ServerProcess | undefined;
let dataDir = '';
let base = '';

test.beforeAll(async () => {
  test.setTimeout(240_000);
  dataDir = mkdtempSync(path.join(tmpdir(), 'nexbyte-e2e-limpia-'));
  const env = {
    DATA_DIR: dataDir,
    SEED_DEMO_DATA: 'false',
    ALLOWED_EMAIL_DOMAINS: '*',
    // As production would: 8 to 64 characters, not one of the most common.
    PASSWORD_POLICY: 'fuerte',
    LOG_LEVEL: 'warn',
  };
  const create = runScript(
    ['../api/src/cli/admin-create.main.ts', '--correo', OWNER.correo, '--nombre', 'Daniela'],
    { ...env, ADMIN_PASSWORD: OWNER.pass },
  );
  let out = '';
  create.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  create.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const code = await new Promise<number | null>((resolve) => create.on('exit', resolve));
  expect(out).toContain(`Administrador creado: ${OWNER.correo}`);
  expect(code).toBe(0);

  // The built server as it runs in production, with nothing of the runner's environment.
  server = await startServer(
    {
      ...env,
      ...(process.env.WEB_DIST_DIR ? { WEB_DIST_DIR: process.env.WEB_DIST_DIR } : {}),
      RATE_LIMIT_MAX: '100000',
      RATE_LIMIT_FORMS_MAX: '100000',
    },
    { inheritEnv: false, readyTimeoutMs: 120_000 },
  );
  base = server.origin;
});

test.afterAll(async () => {
  if (server) await stopServer(server);
  rmSync(dataDir, { recursive: true, force: true });
});

test('en una instalación limpia la dueña entra, sigue la lista de puesta en marcha y su primer producto aparece en la tienda', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  // The empty shop says the catalogue is coming instead of showing empty sections.
  await page.goto(`${base}/`);
  await expect(page.getByText('No hay productos disponibles por ahora.')).toBeVisible();
  await expect(page.getByText(/Estamos preparando el catálogo/)).toBeVisible();
  await expectNoA11yViolations(page);

  // An address of any provider is accepted by the browser's own check (ALLOWED_EMAIL_DOMAINS=*).
  await page.goto(`${base}/login`);
  await page.getByLabel('Correo', { exact: true }).fill(OWNER.correo);
  await page.getByLabel('Contraseña', { exact: true }).fill(OWNER.pass);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page).toHaveURL(/\/admin$/);

  const checklist = page.getByRole('region', { name: 'Puesta en marcha' });
  await expect(checklist).toBeVisible();
  await expect(checklist).toContainText('0 de 6 pasos listos');
  await expect(checklist).toContainText('Boleta electrónica sin configurar');
  await expectNoA11yViolations(page);

  const categoria = `Periféricos ${testInfo.project.name}`;
  await checklist.getByRole('link', { name: /Crea la primera categoría/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Categorías' })).toBeVisible();
  const form = page.getByRole('region', { name: 'Nueva categoría' });
  await form.getByLabel('Nombre').fill(categoria);
  await form.getByRole('button', { name: 'Crear categoría' }).click();
  await expect(page.getByRole('status').or(page.getByRole('alert')).first()).toContainText(
    `${categoria} ya se muestra en la tienda.`,
  );

  await page.goto(`${base}/admin`);
  const producto = `Mouse inalámbrico ${testInfo.project.name}`;
  const nextStep = page.getByRole('region', { name: 'Puesta en marcha' });
  await expect(nextStep).toContainText(/[12] de 6 pasos listos/);
  await nextStep.getByRole('link', { name: /Agrega el primer producto/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Nuevo producto' })).toBeVisible();
  const main = page.getByRole('main');
  await main.getByLabel('Nombre', { exact: true }).fill(producto);
  await main.getByLabel(/^Descripción/).fill('Primer producto de la tienda.');
  await main.getByLabel('Precio (CLP)').fill('12990');
  await main.getByLabel('Stock', { exact: true }).fill('8');
  await main.getByLabel('Categoría').selectOption({ label: categoria });
  await main.getByRole('button', { name: 'Crear producto' }).click();
  await expect(page).toHaveURL(/\/admin\/productos$/);

  await page.goto(`${base}/productos`);
  await expect(page.getByRole('heading', { name: producto })).toBeVisible();
  await expect(page.getByText('$12.990').first()).toBeVisible();
});
