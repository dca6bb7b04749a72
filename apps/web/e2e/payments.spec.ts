import type { Page } from '@playwright/test';
import {
  ADMIN,
  CLIENT,
  expect,
  expectNoA11yViolations,
  logIn,
  orderNumberOnPage,
  test,
} from './fixtures';

// Paying with Webpay through the API's loopback stand-in of Transbank (playwright.config.ts starts
// it): its form has 'Pagar', 'Rechazar' and 'Anular compra', each posting back to the shop's return
// address like Webpay. The desktop and the mobile run share one server and database.

const APPROVED = '¡Pago aprobado! Tu pedido está pagado.';
const CANCELLED =
  'Anulaste el pago en Webpay. Tu pedido sigue reservado: puedes pagarlo con Webpay o por transferencia.';

/** One unit of the product in the cart, then the checkout, with Webpay chosen as it comes. */
async function checkoutWith(page: Page, productName: string) {
  await page.goto(`/productos?q=${encodeURIComponent(productName)}`);
  await page.getByRole('link', { name: productName }).first().click();
  await page.getByRole('button', { name: 'Añadir al carrito' }).click();
  await expect(page.getByRole('banner').getByTestId('cart-count')).toHaveText('1');
  await page.goto('/checkout');
  await expect(page.getByRole('heading', { level: 1, name: 'Finalizar compra' })).toBeVisible();
  const methods = page.getByRole('group', { name: 'Medio de pago' });
  await expect(methods.getByRole('radio', { name: /^Webpay/ })).toBeChecked();
  await expect(methods.getByRole('radio', { name: 'Transferencia bancaria' })).not.toBeChecked();
  await expect(page.getByRole('button', { name: 'Pagar con Webpay' })).toBeEnabled();
}

async function fillGuest(page: Page, email: string) {
  await page.getByLabel('Nombre y apellidos', { exact: true }).fill('Josefa Muñoz');
  await page.getByLabel('Correo', { exact: true }).fill(email);
  await page.getByLabel('RUN', { exact: true }).fill('7.654.321-6');
  await page.getByLabel('Teléfono', { exact: true }).pressSequentially('912345678');
  await page.getByLabel('Región', { exact: true }).selectOption('Metropolitana de Santiago');
  await page.getByLabel('Comuna', { exact: true }).selectOption('Providencia');
  await page.getByLabel('Dirección', { exact: true }).fill('Los Leones 456');
}

/** On the stand-in's Webpay form: the buyer's choice, then back to the shop's order page. */
async function onWebpay(page: Page, choice: 'Pagar' | 'Anular compra') {
  await expect(page.getByRole('heading', { name: 'Webpay (simulado)' })).toBeVisible();
  await page.getByRole('button', { name: choice }).click();
  await expect(page).toHaveURL(/\/pedido\/NB-\d{6}$/);
}

async function expectPaidWithCard(page: Page) {
  await expect(page.getByText(APPROVED)).toBeVisible();
  await expect(page.locator('.order__meta .badge')).toHaveText('Pagado');
  const payment = page.getByRole('region', { name: 'Pago', exact: true });
  await expect(payment).toContainText('Webpay (débito, crédito o prepago)');
  await expect(payment).toContainText('**** 6623');
  await expect(payment).toContainText('Código de autorización');
  await expect(page.getByRole('button', { name: 'Pagar con Webpay' })).toHaveCount(0);
}

test.describe('pagar con Webpay', () => {
  test('un invitado paga con Webpay y vuelve a su pedido pagado', async ({ page, isMobile }) => {
    await checkoutWith(page, 'Pendrive Kingston DataTraveler 64 GB');
    await fillGuest(page, `webpay.${isMobile ? 'movil' : 'escritorio'}@gmail.com`);
    await expectNoA11yViolations(page);
    await page.getByRole('button', { name: 'Pagar con Webpay' }).click();

    await onWebpay(page, 'Pagar');
    const numero = await orderNumberOnPage(page);
    await expectPaidWithCard(page);
    await expect(page.getByRole('banner').getByTestId('cart-count')).toHaveText('0');
    await expectNoA11yViolations(page);

    // The result is said once; a reload opens the order again with the token kept for the tab.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: `Pedido ${numero}` })).toBeVisible();
    await expect(page.getByText(APPROVED)).toHaveCount(0);
    await expect(page.locator('.order__meta .badge')).toHaveText('Pagado');
  });

  test('anular en Webpay deja el pedido por pagar, y se puede pagar de nuevo', async ({
    page,
    isMobile,
  }) => {
    await checkoutWith(page, 'Cable HDMI 2.1 de 2 metros');
    await fillGuest(page, `anula.${isMobile ? 'movil' : 'escritorio'}@gmail.com`);
    await page.getByRole('button', { name: 'Pagar con Webpay' }).click();

    await onWebpay(page, 'Anular compra');
    const numero = await orderNumberOnPage(page);
    await expect(page.getByText(CANCELLED)).toBeVisible();
    await expect(page.locator('.order__meta .badge')).toHaveText('Pendiente de pago');
    const pay = page.getByRole('region', { name: 'Paga tu pedido' });
    await expect(pay.getByRole('button', { name: 'Pagar con Webpay' })).toBeVisible();
    await expect(pay.getByRole('button', { name: 'Pagar por transferencia' })).toBeVisible();
    await expectNoA11yViolations(page);

    await pay.getByRole('button', { name: 'Pagar con Webpay' }).click();
    await onWebpay(page, 'Pagar');
    await expect(page.getByRole('heading', { level: 1, name: `Pedido ${numero}` })).toBeVisible();
    await expectPaidWithCard(page);
  });

  test('la tienda cancela un pedido pagado con Webpay y el reembolso se ve', async ({
    page,
    browser,
  }, testInfo) => {
    await logIn(page, CLIENT);
    await expect(page).toHaveURL(/\/productos/);
    await checkoutWith(page, 'Kit de limpieza para PC y notebooks');
    await page.getByRole('button', { name: 'Pagar con Webpay' }).click();
    await onWebpay(page, 'Pagar');
    const numero = await orderNumberOnPage(page);
    await expectPaidWithCard(page);

    const { baseURL, viewport } = testInfo.project.use;
    const ownerContext = await browser.newContext({ baseURL, viewport });
    const owner = await ownerContext.newPage();
    await logIn(owner, ADMIN);
    await expect(owner).toHaveURL(/\/admin$/);
    await owner.goto(`/admin/pedidos/${numero}`);
    const payment = owner.getByRole('region', { name: 'Pago', exact: true });
    await expect(payment).toContainText('**** 6623');
    await owner.getByRole('button', { name: 'Cancelar pedido' }).click();
    const dialog = owner.getByRole('alertdialog');
    await expect(dialog).toContainText('Se reembolsará el pago con tarjeta');
    await dialog.getByRole('button', { name: 'Cancelar pedido' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(payment).toContainText(/Reembolsado: \$[\d.]+ \((reversa|anulación)\)/);
    await expect(owner.locator('.admin-page__header .badge')).toHaveText('Cancelado');
    await expectNoA11yViolations(owner);
    await ownerContext.close();

    await page.reload();
    await expect(page.locator('.order__meta .badge')).toHaveText('Cancelado');
    await expect(page.getByRole('region', { name: 'Pago', exact: true })).toContainText(
      'Reembolsado:',
    );
  });
});
