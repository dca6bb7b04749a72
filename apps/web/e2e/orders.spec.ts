import type { APIRequestContext, Page } from '@playwright/test';
import {
  ADMIN,
  CLIENT,
  expect,
  expectNoA11yViolations,
  logIn,
  orderNumberOnPage,
  test,
} from './fixtures';

// From the cart to a confirmation, as a guest and as a customer, and the owner moving the order
// on. The desktop and the mobile run share one server and database: every number is read from it.

interface ApiProduct {
  id: number;
  nombre: string;
  precio: number;
  stock: number;
}

async function productNamed(request: APIRequestContext, q: string): Promise<ApiProduct> {
  const res = await request.get(`/api/productos?q=${encodeURIComponent(q)}`);
  const [product] = (await res.json()) as ApiProduct[];
  expect(product, `producto ${q}`).toBeTruthy();
  return product!;
}

const clp = (n: number) =>
  new Intl.NumberFormat('es-CL', { style: 'currency', currency: 'CLP' }).format(n);

/**
 * Adds one unit from the product's page, then goes to the checkout the way the shopper would.
 * `storedPrice` rewrites the price kept in the browser, as an old cart (or a curious user) would.
 */
async function buyFromCart(
  page: Page,
  product: ApiProduct,
  isMobile: boolean,
  storedPrice?: number,
) {
  await page.goto(`/productos/detalle/${product.id}`);
  await page.getByRole('button', { name: 'Añadir al carrito' }).click();
  await expect(page.getByRole('banner').getByTestId('cart-count')).toHaveText('1');
  if (storedPrice !== undefined) {
    await page.evaluate((precio) => {
      const cart = JSON.parse(localStorage.getItem('nexbyte_cart') ?? '[]') as object[];
      localStorage.setItem('nexbyte_cart', JSON.stringify(cart.map((i) => ({ ...i, precio }))));
    }, storedPrice);
  }
  await page.goto('/carrito');
  await page.getByRole('link', { name: isMobile ? 'Pagar' : 'Proceder al pago' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Finalizar compra' })).toBeVisible();
  const summary = page.getByRole('complementary', { name: 'Resumen del pedido' });
  await expect(summary).toContainText(product.nombre);
  await expect(summary).toContainText('IVA incluido (19 %)');
  // Webpay comes first; these orders are paid by transfer.
  await page.getByRole('radio', { name: 'Transferencia bancaria' }).check();
  await expect(page.getByRole('button', { name: 'Confirmar pedido' })).toBeEnabled();
}

test.describe('comprar y seguir un pedido', () => {
  test('un invitado compra desde el carrito y vuelve a abrir su pedido con el enlace del correo', async ({
    page,
    browser,
    isMobile,
  }) => {
    const product = await productNamed(page.request, 'Pasta térmica Arctic');
    const email = `invitado.${isMobile ? 'movil' : 'escritorio'}@gmail.com`;
    await buyFromCart(page, product, isMobile, 1);
    await expect(
      page.getByText(`El precio de ${product.nombre} cambió de $1 a ${clp(product.precio)}.`),
    ).toBeVisible();

    await page.getByLabel('Nombre y apellidos', { exact: true }).fill('Josefa Muñoz');
    await page.getByLabel('Correo', { exact: true }).fill(email);
    await page.getByLabel('RUN', { exact: true }).fill('7.654.321-6');
    await page.getByLabel('Teléfono', { exact: true }).pressSequentially('912345678');
    await page.getByLabel('Región', { exact: true }).selectOption('Metropolitana de Santiago');
    await page.getByLabel('Comuna', { exact: true }).selectOption('Providencia');
    await page.getByLabel('Dirección', { exact: true }).fill('Los Leones 456');
    await expectNoA11yViolations(page);
    await page.getByRole('button', { name: 'Confirmar pedido' }).click();

    const numero = await orderNumberOnPage(page);
    await expect(page.getByText('¡Gracias por tu compra!')).toBeVisible();
    await expect(page.getByText('Pendiente de pago').first()).toBeVisible();
    const transfer = page.getByRole('region', { name: 'Paga con transferencia bancaria' });
    await expect(transfer).toContainText('Banco Estado');
    await expect(transfer).toContainText('00012345678');
    await expect(transfer).toContainText(numero);
    await expect(page.getByRole('banner').getByTestId('cart-count')).toHaveText('0');
    expect(await page.evaluate(() => localStorage.getItem('nexbyte_cart'))).toBe('[]');
    await expectNoA11yViolations(page);

    // The price is the database's, whatever the browser had stored.
    const products = page.getByRole('region', { name: 'Productos', exact: true });
    await expect(products.getByRole('row').filter({ hasText: product.nombre })).toContainText(
      clp(product.precio),
    );

    // Another visitor, with the number but not the link, sees nothing of the order; asking for a
    // link answers the same whatever the e-mail, and only the order's e-mail receives one.
    const other = await browser.newPage();
    await other.goto(`/pedido/${numero}`);
    await expect(other.getByText(/abre el enlace que te enviamos por correo/)).toBeVisible();
    await expect(other.getByRole('region', { name: 'Productos', exact: true })).toHaveCount(0);
    await other.getByLabel('Correo', { exact: true }).fill(email.toUpperCase());
    await other.getByRole('button', { name: 'Enviarme el enlace' }).click();
    await expect(other.getByText(/te enviamos un enlace para verlo/)).toBeVisible();
    let link = '';
    await expect
      .poll(async () => {
        const res = await other.request.get(`/api/dev/correos?para=${encodeURIComponent(email)}`);
        const mails = (await res.json()) as { asunto: string; texto: string }[];
        const mail = mails.find((m) => m.asunto === `Enlace a tu pedido ${numero}`);
        link =
          mail?.texto.match(new RegExp(`https?://[^/\\s]+(/pedido/${numero}#[\\w-]+)`))?.[1] ?? '';
        return link;
      })
      .not.toBe('');
    await other.goto(link);
    await expect(other.getByRole('region', { name: 'Productos', exact: true })).toContainText(
      product.nombre,
    );
    await other.close();
  });

  test('un cliente compra, la tienda marca el pedido pagado y enviado, y el cliente lo ve', async ({
    page,
    browser,
    isMobile,
  }, testInfo) => {
    const product = await productNamed(page.request, 'Cable de red Cat 6');

    await logIn(page, CLIENT);
    await expect(page).toHaveURL(/\/productos/);

    await buyFromCart(page, product, isMobile);
    await expect(page.getByText('cliente@gmail.com')).toBeVisible();
    await expect(page.getByLabel('Dirección', { exact: true })).not.toHaveValue('');
    await page.getByLabel('Dirección', { exact: true }).fill('Avenida España 1680');
    await page.getByRole('button', { name: 'Confirmar pedido' }).click();

    const numero = await orderNumberOnPage(page);
    await expect(page.getByRole('region', { name: 'Entrega' })).toContainText(
      'Avenida España 1680',
    );

    // The owner, in another browser, marks it paid and then shipped from the admin screens.
    const { baseURL, viewport } = testInfo.project.use;
    const ownerContext = await browser.newContext({ baseURL, viewport });
    const owner = await ownerContext.newPage();
    await logIn(owner, ADMIN);
    await expect(owner).toHaveURL(/\/admin$/);
    await owner.goto('/admin/pedidos');
    await owner.getByRole('row').filter({ hasText: numero }).getByRole('link').first().click();
    await expect(owner).toHaveURL(new RegExp(`/admin/pedidos/${numero}$`));
    for (const action of ['Marcar como pagado', 'Marcar como enviado']) {
      await owner.getByRole('button', { name: action }).click();
      await owner.getByRole('alertdialog').getByRole('button', { name: action }).click();
      await expect(owner.getByRole('alertdialog')).toHaveCount(0);
    }
    await expect(owner.getByRole('main')).toContainText('Enviado');
    await expectNoA11yViolations(owner);
    await ownerContext.close();

    await page.goto('/cuenta/pedidos');
    const row = page.getByRole('row').filter({ hasText: numero });
    await expect(row).toContainText('Enviado');
    await expectNoA11yViolations(page);
    await row.getByRole('link', { name: numero }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Pedido ${numero}` })).toBeVisible();
    await expect(page.locator('.badge')).toHaveText('Enviado');
    await expect(page.getByRole('region', { name: 'Estado' })).toContainText('Pagado');
    await expect(page.getByRole('region', { name: /Paga con/ })).toHaveCount(0);
  });
});
