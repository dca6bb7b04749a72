import type { APIRequestContext } from '@playwright/test';
import { CLIENT, expect, expectNoA11yViolations, logIn, orderNumberOnPage, test } from './fixtures';

// A company buys with a factura: the checkout asks for its RUT, razón social, giro and address,
// shows the neto and IVA apart, the order names the company, and /cuenta keeps it for next time.

interface ApiProduct {
  id: number;
  nombre: string;
}

async function productNamed(request: APIRequestContext, q: string): Promise<ApiProduct> {
  const res = await request.get(`/api/productos?q=${encodeURIComponent(q)}`);
  const [product] = (await res.json()) as ApiProduct[];
  expect(product, `producto ${q}`).toBeTruthy();
  return product!;
}

const FACTURA = 'Factura electrónica a Hardware del Sur SpA (RUT 76.123.456-0)';

test('una empresa compra con factura, ve el neto y el IVA, y su pedido y su cuenta la nombran', async ({
  page,
  isMobile,
}) => {
  const product = await productNamed(page.request, 'SSD Kingston NV2');
  await logIn(page, CLIENT);
  await expect(page).toHaveURL(/\/productos/);

  await page.goto(`/productos/detalle/${product.id}`);
  await page.getByRole('button', { name: 'Añadir al carrito' }).click();
  await expect(page.getByRole('banner').getByTestId('cart-count')).toHaveText('1');
  await page.goto('/carrito');
  await page.getByRole('link', { name: isMobile ? 'Pagar' : 'Proceder al pago' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Finalizar compra' })).toBeVisible();
  await page.getByRole('radio', { name: 'Transferencia bancaria' }).check();

  const documento = page.getByRole('group', { name: 'Documento tributario' });
  await expect(documento.getByRole('radio', { name: 'Boleta' })).toBeChecked();
  // With the keyboard, as a screen-reader user would: the radios move with the arrows.
  await documento.getByRole('radio', { name: 'Boleta' }).focus();
  await page.keyboard.press('ArrowDown');
  await expect(documento.getByRole('radio', { name: 'Factura' })).toBeChecked();

  // Sent empty, every field of the company says what it needs, in Spanish.
  await page.getByRole('button', { name: 'Confirmar pedido' }).click();
  await expect(documento.getByText('Ingresa la razón social.')).toBeVisible();
  await expect(documento.getByLabel('RUT de la empresa')).toHaveAttribute('aria-invalid', 'true');

  await documento.getByLabel('RUT de la empresa').fill('');
  await documento.getByLabel('RUT de la empresa').pressSequentially('761234560');
  await expect(documento.getByLabel('RUT de la empresa')).toHaveValue('76.123.456-0');
  await documento.getByLabel('Razón social').fill('Hardware del Sur SpA');
  await documento.getByLabel('Giro').fill('Venta de equipos computacionales');
  await documento.getByLabel('Dirección de la empresa').fill('Av. Alemania 671');
  await documento.getByLabel('Región').selectOption('La Araucanía');
  await documento.getByLabel('Comuna').selectOption('Temuco');

  const summary = page.getByRole('complementary', { name: 'Resumen del pedido' });
  const breakdown = summary.getByLabel('Desglose de la factura');
  await expect(breakdown).toContainText('Neto');
  await expect(breakdown).toContainText('IVA (19 %)');
  await expect(breakdown).toContainText('Total');
  await expectNoA11yViolations(page);

  await expect(page.getByRole('button', { name: 'Confirmar pedido' })).toBeEnabled();
  await page.getByRole('button', { name: 'Confirmar pedido' }).click();
  const numero = await orderNumberOnPage(page);
  await expect(
    page.getByRole('main').getByRole('region', { name: 'Productos', exact: true }),
  ).toContainText(`Documento: ${FACTURA}`);
  await expectNoA11yViolations(page);

  // The order's own page, opened again from the customer's list, says the same.
  await page.goto('/cuenta/pedidos');
  await page
    .getByRole('row')
    .filter({ hasText: numero })
    .getByRole('link', { name: numero })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: `Pedido ${numero}` })).toBeVisible();
  await expect(
    page.getByRole('main').getByRole('region', { name: 'Productos', exact: true }),
  ).toContainText(FACTURA);

  // /cuenta keeps the company for the next order.
  await page.goto('/cuenta');
  const empresas = page.getByRole('region', { name: 'Mis empresas' });
  await expect(empresas).toContainText('Hardware del Sur SpA');
  await expect(empresas).toContainText('RUT 76.123.456-0');
  await expectNoA11yViolations(page);
});
