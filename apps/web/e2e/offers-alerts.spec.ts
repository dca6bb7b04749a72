import { formatCLP, isoToChileLocal, offerUntilText, type Producto } from '@nexbyte/shared';
import type { APIRequestContext, Page } from '@playwright/test';
import { startSmtpStandIn, type SmtpStandIn } from '../../../scripts/lib/smtp-stand-in.mjs';
import {
  ADMIN,
  expect,
  expectNoA11yViolations,
  startOwnServer,
  test,
  type OwnServer,
} from './fixtures';

// Back-in-stock alerts and offers, on a shop of the spec's own that sends its e-mails to a
// loopback SMTP server (so the e-mail found is the one the shop really sent).
let smtp: SmtpStandIn | undefined;
let server: OwnServer | undefined;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  smtp = await startSmtpStandIn('accept');
  server = await startOwnServer('ofertas', { SMTP_URL: smtp.url });
});

test.afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

const url = (path: string) => `${server!.base}${path}`;

async function productNamed(request: APIRequestContext, q: string): Promise<Producto> {
  const res = await request.get(url(`/api/productos?q=${encodeURIComponent(q)}`));
  return ((await res.json()) as Producto[])[0]!;
}

/** Saves the product through the API as the admin, with these changes. */
async function saveAsAdmin(request: APIRequestContext, p: Producto, changes: object) {
  const login = await request.post(url('/api/auth/login'), { data: ADMIN });
  const { token } = (await login.json()) as { token: string };
  const res = await request.put(url(`/api/productos/${p.id}`), {
    headers: { authorization: `Bearer ${token}` },
    data: {
      nombre: p.nombre,
      descripcion: p.descripcion,
      precio: p.precioNormal ?? p.precio,
      stock: p.stock,
      categoria: { id: p.categoria.id },
      marca: p.marca,
      sku: p.sku,
      especificaciones: p.especificaciones,
      ...changes,
    },
  });
  expect(res.status()).toBe(200);
}

/** The admin's product form, from the login screen. */
async function editAsAdmin(page: Page, id: number) {
  await page.goto(url('/login'));
  await page.getByLabel('Correo', { exact: true }).fill(ADMIN.correo);
  await page.getByLabel('Contraseña', { exact: true }).fill(ADMIN.pass);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto(url(`/admin/productos/editar/${id}`));
  await expect(page.getByRole('heading', { level: 1, name: 'Editar producto' })).toBeVisible();
}

/** A quoted-printable body as written: soft line breaks joined and =XX bytes decoded. */
const unQuote = (raw: string) =>
  Buffer.from(
    raw
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

test('Avísame cuando llegue: suscribirse, el admin repone, llega un correo y su enlace da de baja', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(60_000);
  const correo = `espera.${testInfo.project.name}@gmail.com`;
  const product = await productNamed(request, 'Kumara K552');
  await saveAsAdmin(request, product, { stock: 0 });

  await page.goto(url(`/productos/detalle/${product.id}`));
  const main = page.getByRole('main');
  await expect(main.getByRole('button', { name: 'Sin stock' })).toBeDisabled();
  await main.getByLabel('Te escribiremos una vez, cuando vuelva a haber stock.').fill(correo);
  await main.getByRole('button', { name: 'Avísame cuando llegue' }).click();
  await expect(main).toContainText(`Listo. Te avisaremos a ${correo} cuando llegue.`);
  await expectNoA11yViolations(page);

  // The admin restocks in the product form.
  await editAsAdmin(page, product.id);
  await page.getByLabel('Stock', { exact: true }).fill('6');
  await page.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Productos' })).toBeVisible();

  let body = '';
  await expect
    .poll(
      () => {
        const mails = smtp!.messages.filter((m) => m.to.includes(correo));
        body = mails.length === 1 ? unQuote(mails[0]!.raw) : '';
        return mails.length;
      },
      { timeout: 20_000 },
    )
    .toBe(1);
  expect(body).toContain(`/productos/detalle/${product.id}`);
  const link = /https?:\/\/[^/\s"]+(\/alertas\/baja#[\w.-]+)/.exec(body)![1]!;

  await page.goto(url(link));
  await expect(page.getByRole('heading', { level: 1, name: 'Avisos de stock' })).toBeVisible();
  await expectNoA11yViolations(page);
  await main.getByRole('button', { name: 'No quiero más avisos' }).click();
  await expect(main).toContainText('Listo. Ya no te avisaremos cuando lleguen productos.');
});

test('una oferta con fechas se muestra tachada en la ficha, en la lista y en el carrito', async ({
  page,
  request,
}) => {
  const product = await productNamed(request, 'G203');
  const day = 24 * 60 * 60 * 1000;
  const hasta = new Date(Date.now() + 10 * day).toISOString();
  await editAsAdmin(page, product.id);
  await page.getByLabel('Precio de oferta (CLP)').fill(String(product.precio - 3000));
  await page.getByLabel(/^Desde/).fill(isoToChileLocal(new Date(Date.now() - day).toISOString()));
  await page.getByLabel(/^Hasta/).fill(isoToChileLocal(hasta));
  await page.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Productos' })).toBeVisible();

  await page.goto(url(`/productos/detalle/${product.id}`));
  const price = page.getByRole('main').locator('.offer-price');
  await expect(price.locator('del')).toContainText(formatCLP(product.precio));
  await expect(price).toContainText('%');
  // The until text is the shop's words for the minute the field held.
  const saved = (await (await request.get(url(`/api/productos/${product.id}`))).json()) as Producto;
  await expect(price).toContainText(offerUntilText(saved.oferta!.hasta));
  await expectNoA11yViolations(page);

  await page.goto(url('/productos?q=g203'));
  await expect(page.getByRole('article').filter({ hasText: 'G203' }).locator('del')).toBeVisible();

  // In the cart: the line's price with the normal one struck through, and what it saves.
  await page.goto(url(`/productos/detalle/${product.id}`));
  await page.getByRole('main').getByRole('button', { name: 'Añadir al carrito' }).click();
  await page.goto(url('/carrito'));
  const line = page.locator('tr').filter({ hasText: 'G203' });
  await expect(line.getByRole('deletion')).toHaveText(
    `Precio normal: ${formatCLP(product.precio)}`,
  );
  await expect(line).toContainText(`Precio oferta: ${formatCLP(product.precio - 3000)}`);
  await expect(line).toContainText('%');
  await expect(page.getByRole('complementary', { name: 'Resumen' })).toContainText(
    `Ahorras ${formatCLP(3000)} en ofertas`,
  );
  // Nothing pushes the page sideways on a phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()!.width,
  );
  await expectNoA11yViolations(page);
});
