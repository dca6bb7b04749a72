import { readFileSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { startDteStandIn, type DteStandIn } from '../../../scripts/lib/dte-stand-in.mjs';
import {
  ADMIN,
  CLIENT,
  expect,
  expectNoA11yViolations,
  startOwnServer,
  test,
  type OwnServer,
} from './fixtures';

// A shop that issues its tax documents through DTE_API_URL, at a loopback stand-in of the
// provider that first refuses (400, the SII's reason) and later accepts. Its own server, so the
// shared servers keep issuing nothing.
let dte: DteStandIn | undefined;
let server: OwnServer | undefined;
let base = '';

test.beforeAll(async () => {
  test.setTimeout(180_000);
  dte = await startDteStandIn({ mode: 'refuse' });
  server = await startOwnServer('documentos', {
    DTE_API_URL: dte.url,
    DTE_API_KEY: 'clave-de-prueba',
  });
  base = server.base;
});

test.afterAll(async () => {
  await server?.stop();
  await dte?.close();
});

async function tokenOf(request: APIRequestContext, who: { correo: string; pass: string }) {
  const res = await request.post(`${base}/api/auth/login`, { data: who });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { token: string }).token;
}

/** A company the customer bills to: what a factura needs. */
const EMPRESA = {
  rut: '76.123.456-0',
  razonSocial: 'Hardware del Sur SpA',
  giro: 'Venta de equipos computacionales',
  direccion: 'Av. Providencia 1234, oficina 56',
  region: 'Metropolitana de Santiago',
  comuna: 'Providencia',
};

/** A customer's order paid by transfer and marked PAGADO by the admin: a document is due. */
async function paidOrder(
  request: APIRequestContext,
  documento: { tipo: 'BOLETA' } | { tipo: 'FACTURA'; empresa: typeof EMPRESA } = {
    tipo: 'BOLETA',
  },
): Promise<string> {
  const [client, admin] = [await tokenOf(request, CLIENT), await tokenOf(request, ADMIN)];
  const products = (await (await request.get(`${base}/api/productos?q=mouse`)).json()) as {
    id: number;
    stock: number;
  }[];
  const product = products.find((p) => p.stock >= 5);
  const placed = await request.post(`${base}/api/pedidos`, {
    headers: { authorization: `Bearer ${client}` },
    data: {
      items: [{ productoId: product!.id, qty: 1 }],
      metodoPago: 'TRANSFERENCIA',
      region: 'Metropolitana de Santiago',
      comuna: 'Providencia',
      direccion: 'Los Leones 456',
      telefono: '9 1234 5678',
      documento,
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const { numero } = (await placed.json()) as { numero: string };
  const paid = await request.patch(`${base}/api/pedidos/${numero}/estado`, {
    headers: { authorization: `Bearer ${admin}` },
    data: { estado: 'PAGADO' },
  });
  expect(paid.ok(), await paid.text()).toBe(true);
  return numero;
}

async function logInAt(page: Page, who: { correo: string; pass: string }) {
  await page.goto(`${base}/login`);
  await page.getByLabel('Correo', { exact: true }).fill(who.correo);
  await page.getByLabel('Contraseña', { exact: true }).fill(who.pass);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
}

/** Nothing on the page is wider than the screen: a wide table scrolls inside its own box. */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

test('el admin ve la boleta que el proveedor rechazó, con su motivo, y Reintentar la emite', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(120_000);
  const numero = await paidOrder(request);

  await logInAt(page, ADMIN);
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto(`${base}/admin/pedidos/${numero}`);
  const documents = page.getByRole('region', { name: 'Documentos tributarios', exact: true });
  // The job tries it in the background; the section asks again while it is pending.
  await expect(documents.getByText('Rechazado', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(documents).toContainText(dte!.refuseMessage);
  expect(dte!.issued).toHaveLength(0);
  await expectNoA11yViolations(page);
  await expectNoSidewaysScroll(page);

  const retry = documents.getByRole('button', { name: 'Reintentar la boleta electrónica' });
  const box = await retry.boundingBox();
  expect(box!.width).toBeGreaterThanOrEqual(24);
  expect(box!.height).toBeGreaterThanOrEqual(24);

  // The SII accepts it now; the owner retries from the keyboard.
  dte!.mode = 'accept';
  await retry.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('region', { name: 'Notificaciones' })).toContainText(
    'La boleta electrónica volvió a la cola de emisión',
  );
  const pdf = documents.getByRole('link', { name: /^Boleta electrónica N° \d+$/ });
  await expect(pdf).toBeVisible({ timeout: 30_000 });
  await expect(documents.getByText('Emitido', { exact: true })).toBeVisible();
  await expect(documents.getByRole('button', { name: /Reintentar/ })).toHaveCount(0);
  expect(dte!.issued).toHaveLength(1);
  const folio = dte!.issued[0]!.folio;
  await expect(pdf).toHaveAccessibleName(`Boleta electrónica N° ${folio}`);
  await expectNoA11yViolations(page);

  // The link opens the PDF by itself: no session header goes with a plain link.
  const file = await request.get(new URL((await pdf.getAttribute('href'))!, base).href);
  expect(file.status()).toBe(200);
  expect(file.headers()['content-type']).toContain('application/pdf');

  // The customer sees the same boleta on their order's page.
  const customer = await browser.newContext({ baseURL: base });
  const customerPage = await customer.newPage();
  await logInAt(customerPage, CLIENT);
  await expect(customerPage).not.toHaveURL(/\/login/);
  await customerPage.goto(`${base}/pedido/${numero}`);
  const own = customerPage.getByRole('region', { name: 'Documentos tributarios', exact: true });
  await expect(own.getByRole('link', { name: `Boleta electrónica N° ${folio}` })).toBeVisible();
  await expectNoA11yViolations(customerPage);
  await customer.close();
});

test('el libro de ventas muestra la boleta emitida con sus totales y la baja en CSV', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  dte!.mode = 'accept';
  const before = dte!.issued.length;
  const numero = await paidOrder(request);
  await expect.poll(() => dte!.issued.length, { timeout: 30_000 }).toBe(before + 1);
  const folio = dte!.issued.at(-1)!.folio;

  await logInAt(page, ADMIN);
  await expect(page).toHaveURL(/\/admin$/);
  await page
    .getByRole('navigation', { name: 'Administración' })
    .getByRole('link', {
      name: 'Libro de ventas',
    })
    .click();
  await expect(page).toHaveURL(/\/admin\/libro-ventas$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Libro de ventas' })).toBeVisible();
  const table = page.getByRole('table', { name: /^Libro de ventas del/ });
  // On a phone each row is a card whose cells name their column: find it by its order.
  const row = table.getByRole('row').filter({ hasText: numero });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('rowheader')).toHaveText(String(folio));
  await expect(row).toContainText('Boleta electrónica');
  await expect(row.getByRole('link', { name: numero })).toBeVisible();
  await expect(table.getByRole('row', { name: /Totales del período/ })).toBeVisible();
  await expectNoA11yViolations(page);
  await expectNoSidewaysScroll(page);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Descargar CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(
    /^libro-ventas-\d{4}-\d{2}-01-a-\d{4}-\d{2}-\d{2}\.csv$/,
  );
  const csv = readFileSync((await file.path())!, 'utf8');
  expect(csv).toContain(String(folio));
});

test('la empresa que compró con factura ve su factura electrónica y su PDF en el pedido', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  dte!.mode = 'accept';
  const before = dte!.issued.length;
  const numero = await paidOrder(request, { tipo: 'FACTURA', empresa: EMPRESA });
  await expect.poll(() => dte!.issued.length, { timeout: 30_000 }).toBe(before + 1);
  const factura = dte!.issued.at(-1)!;
  // A factura (33), made out to the company, not a boleta.
  expect(factura.tipo).toBe(33);

  await logInAt(page, CLIENT);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto(`${base}/pedido/${numero}`);
  await expect(page.getByText(/^Documento:/).locator('..')).toContainText(
    'Factura electrónica a Hardware del Sur SpA (RUT 76.123.456-0)',
  );
  const own = page.getByRole('region', { name: 'Documentos tributarios', exact: true });
  const pdf = own.getByRole('link', { name: `Factura electrónica N° ${factura.folio}` });
  await expect(pdf).toBeVisible({ timeout: 30_000 });
  await expectNoA11yViolations(page);

  const file = await request.get(new URL((await pdf.getAttribute('href'))!, base).href);
  expect(file.status()).toBe(200);
  expect(file.headers()['content-type']).toContain('application/pdf');
});
