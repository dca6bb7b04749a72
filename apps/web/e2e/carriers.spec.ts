import type { APIRequestContext, Page } from '@playwright/test';
import { coverageAreasOf } from '../../api/src/modules/shipping/coverage';
import {
  startCarrierStandIn,
  type CarrierStandIn,
} from '../../../scripts/lib/carrier-stand-in.mjs';
import {
  ADMIN,
  expect,
  expectNoA11yViolations,
  orderNumberOnPage,
  startOwnServer,
  test,
  type OwnServer,
} from './fixtures';

// A shop with a carrier (decision 036) at a loopback stand-in of Chilexpress: a guest in Valparaíso
// chooses a service and pays, the admin creates the shipment and opens its label, and the order
// page shows the carrier's events. Its own server, so the shared ones keep the región's table.
let carrier: CarrierStandIn | undefined;
let server: OwnServer | undefined;
let base = '';

test.beforeAll(async () => {
  test.setTimeout(180_000);
  carrier = await startCarrierStandIn({ areas: coverageAreasOf() });
  server = await startOwnServer('transportista', {
    CARRIER_API_URL: carrier.url,
    CARRIER_TIMEOUT_MS: '2000',
    TRACKING_POLL_SECONDS: '2',
  });
  base = server.base;
});

test.afterAll(async () => {
  await server?.stop();
  await carrier?.close();
});

async function adminToken(request: APIRequestContext) {
  const res = await request.post(`${base}/api/auth/login`, { data: ADMIN });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { token: string }).token;
}

async function logInAt(page: Page, who: { correo: string; pass: string }) {
  await page.goto(`${base}/login`);
  await page.getByLabel('Correo', { exact: true }).fill(who.correo);
  await page.getByLabel('Contraseña', { exact: true }).fill(who.pass);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
}

test('un invitado en Valparaíso elige un servicio y paga; el admin crea el envío y abre la etiqueta; el pedido muestra el seguimiento', async ({
  page,
  request,
  browser,
  isMobile,
}) => {
  test.setTimeout(90_000);
  const [mouse] = (await (
    await request.get(`${base}/api/productos?q=Mouse%20Logitech%20G203`)
  ).json()) as { id: number }[];
  await page.goto(`${base}/productos/detalle/${mouse!.id}`);
  await page.getByRole('button', { name: 'Añadir al carrito' }).click();
  await expect(page.getByRole('banner').getByTestId('cart-count')).toHaveText('1');
  await page.goto(`${base}/checkout`);
  await expect(page.getByRole('heading', { level: 1, name: 'Finalizar compra' })).toBeVisible();

  await page.getByLabel('Nombre y apellidos', { exact: true }).fill('Josefa Muñoz');
  await page
    .getByLabel('Correo', { exact: true })
    .fill(`valparaiso.${isMobile ? 'movil' : 'escritorio'}@gmail.com`);
  await page.getByLabel('RUN', { exact: true }).fill('7.654.321-6');
  await page.getByLabel('Teléfono', { exact: true }).pressSequentially('912345678');
  await page.getByLabel('Región', { exact: true }).selectOption('Valparaíso');
  await page.getByLabel('Comuna', { exact: true }).selectOption('Valparaíso');
  await page.getByLabel('Dirección', { exact: true }).fill('Av. Brasil 2950, depto 31');

  const services = page.getByRole('group', { name: 'Servicio de envío' });
  const nextDay = services.getByRole('radio', {
    name: /^Chilexpress Día Hábil Siguiente — \$[\d.]+ — llega /,
  });
  await expect(nextDay).toBeChecked();
  const second = services.getByRole('radio', { name: /^Chilexpress Segundo Día Hábil — / });
  await second.check();
  const chosenText = await services.getByText(/^Chilexpress Segundo Día Hábil — /).textContent();
  const price = /— (\$[\d.]+) —/.exec(chosenText!)![1]!;
  const summary = page.getByRole('complementary', { name: 'Resumen del pedido' });
  await expect(summary).toContainText(`Envío${price}`);
  await page.getByRole('radio', { name: 'Transferencia bancaria' }).check();
  await expectNoA11yViolations(page);
  await page.getByRole('button', { name: 'Confirmar pedido' }).click();
  const numero = await orderNumberOnPage(page);
  const orderUrl = page.url();

  // The transfer arrives: the admin marks it paid, then ships it from the order's page.
  const paid = await request.patch(`${base}/api/pedidos/${numero}/estado`, {
    headers: { authorization: `Bearer ${await adminToken(request)}` },
    data: { estado: 'PAGADO' },
  });
  expect(paid.ok(), await paid.text()).toBe(true);
  const admin = await browser.newContext({
    baseURL: base,
    ...(isMobile ? { viewport: { width: 390, height: 844 } } : {}),
  });
  const adminPage = await admin.newPage();
  await logInAt(adminPage, ADMIN);
  await expect(adminPage).toHaveURL(/\/admin$/);
  await adminPage.goto(`${base}/admin/pedidos/${numero}`);
  const shipping = adminPage.getByRole('region', { name: 'Envío con transportista' });
  await expect(shipping).toContainText('Chilexpress Segundo Día Hábil');
  // The address as the transport order will carry it, before it is made.
  const street = shipping.getByRole('group', { name: 'Dirección para el transportista' });
  await expect(street.locator('dd')).toHaveText(['Av. Brasil', '2950', 'depto 31']);
  await expectNoA11yViolations(adminPage);
  await shipping.getByRole('button', { name: 'Crear envío' }).click();
  await expect(adminPage.getByRole('region', { name: 'Notificaciones' })).toContainText(
    'Envío creado: orden de transporte',
  );
  await expect.poll(() => carrier!.orders.filter((o) => o.reference === numero).length).toBe(1);
  const ot = carrier!.orders.find((o) => o.reference === numero)!.number;
  await expect(shipping).toContainText(ot);
  await expect(street).toHaveCount(0);
  expect(carrier!.orders.find((o) => o.number === ot)!.address).toEqual({
    streetName: 'Av. Brasil',
    streetNumber: 2950,
    supplement: 'depto 31',
  });
  await expectNoA11yViolations(adminPage);
  const popup = adminPage.waitForEvent('popup');
  await shipping.getByRole('button', { name: 'Imprimir etiqueta' }).click();
  const label = await popup;
  await expect.poll(() => label.url()).toMatch(/^blob:/);
  await admin.close();

  // The carrier moves it; the periodic job brings the events to the buyer's page.
  carrier!.advance(ot, 'En reparto', 'Valparaíso');
  await expect(async () => {
    await page.goto(orderUrl);
    await expect(page.getByRole('region', { name: 'Tu envío con Chilexpress' })).toContainText(
      'En reparto',
      { timeout: 1_000 },
    );
  }).toPass({ timeout: 30_000 });
  const tracking = page.getByRole('region', { name: 'Tu envío con Chilexpress' });
  await expect(
    tracking.getByRole('list', { name: 'Eventos del envío' }).getByRole('listitem'),
  ).toHaveCount(2);
  await expect(tracking.getByRole('link', { name: ot })).toBeVisible();
  await expectNoA11yViolations(page);
});
