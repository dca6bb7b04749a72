import type { APIRequestContext } from '@playwright/test';
import { ADMIN, CLIENT, expect, expectNoA11yViolations, logIn, test } from './fixtures';

// The owner's reports and shipping with a tracking number, against the real server: the orders
// are placed and paid through the API, then read on the screens.

async function tokenOf(request: APIRequestContext, who: { correo: string; pass: string }) {
  const res = await request.post('/api/auth/login', { data: who });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { token: string }).token;
}

/** A customer's order paid by transfer, marked PAGADO by the admin: a sale of today. */
async function paidOrder(request: APIRequestContext): Promise<string> {
  const [client, admin] = [await tokenOf(request, CLIENT), await tokenOf(request, ADMIN)];
  const products = (await (await request.get('/api/productos?q=mouse')).json()) as {
    id: number;
    stock: number;
  }[];
  const product = products.find((p) => p.stock >= 5);
  const placed = await request.post('/api/pedidos', {
    headers: { authorization: `Bearer ${client}` },
    data: {
      items: [{ productoId: product!.id, qty: 1 }],
      metodoPago: 'TRANSFERENCIA',
      region: 'Metropolitana de Santiago',
      comuna: 'Providencia',
      direccion: 'Los Leones 456',
      telefono: '9 1234 5678',
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const { numero } = (await placed.json()) as { numero: string };
  const paid = await request.patch(`/api/pedidos/${numero}/estado`, {
    headers: { authorization: `Bearer ${admin}` },
    data: { estado: 'PAGADO' },
  });
  expect(paid.ok()).toBe(true);
  return numero;
}

test('el dashboard muestra las ventas en un gráfico accesible, con su tabla', async ({
  page,
  request,
}) => {
  await paidOrder(request);
  await logIn(page, ADMIN);
  await expect(page).toHaveURL(/\/admin$/);
  const reports = page.getByRole('region', { name: 'Reportes' });
  const chart = reports.getByRole('img', { name: /Ventas pagadas por día, últimos 30 días/ });
  await expect(chart).toBeVisible();
  await expect(chart).toHaveAccessibleDescription(/pedidos? pagados? entre el/);
  expect(await chart.locator('rect').count()).toBe(30);
  await expect(reports.getByRole('heading', { name: 'Más vendidos' })).toBeVisible();
  await expect(reports.getByRole('link', { name: /^Pagado: \d+$/ })).toBeVisible();

  const table = reports.getByRole('table', { name: /Ventas pagadas por día/ });
  await expect(table).toBeHidden();
  await reports.getByText('Ver las ventas por día en una tabla').click();
  await expect(table).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(31);
  await expectNoA11yViolations(page);
});

test('el dueño marca un pedido como enviado con su seguimiento y el cliente lo ve', async ({
  page,
  request,
  browser,
}) => {
  const numero = await paidOrder(request);
  await logIn(page, ADMIN);
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto(`/admin/pedidos/${numero}`);
  await page.getByRole('button', { name: 'Marcar como enviado' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Marcar como enviado' });
  await dialog.getByLabel('Transportista').fill('Starken');
  await dialog.getByLabel('Número de seguimiento').fill('<b>');
  await dialog.getByRole('button', { name: 'Marcar como enviado' }).click();
  await expect(dialog.getByText(/El número de seguimiento admite/)).toBeVisible();
  await expectNoA11yViolations(page);
  await dialog.getByLabel('Número de seguimiento').fill('STK-123456');
  await dialog.getByRole('button', { name: 'Marcar como enviado' }).click();
  await expect(
    page.getByRole('status').getByText(`Pedido ${numero} marcado como enviado.`),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'Envío', exact: true })).toContainText(
    'STK-123456',
  );

  const customer = await browser.newContext();
  const shopper = await customer.newPage();
  await logIn(shopper, CLIENT);
  await expect(shopper).toHaveURL(/\/productos/);
  await shopper.goto(`/pedido/${numero}`);
  const tracking = shopper.getByRole('region', { name: 'Seguimiento del envío' });
  await expect(tracking).toContainText('Starken');
  await expect(tracking).toContainText('STK-123456');
  await expectNoA11yViolations(shopper);
  await customer.close();
});
