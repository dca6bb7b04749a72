import { computeRunCheckDigit } from '@nexbyte/shared';
import type { APIRequestContext, Page } from '@playwright/test';
import { ADMIN, expect, expectNoA11yViolations, logIn, test } from './fixtures';

// The desktop and the mobile run share one server and database: every record made here carries
// the run's own stamp. The demo data has no VENDOR (decision 018), so the admin makes one
// through the API, as an owner would from the users screen.

const stampOf = (project: string) => `${project}-${Date.now()}`;
const toasts = (page: Page) => page.getByRole('region', { name: 'Notificaciones' });
const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Administración' });
const row = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

/** axe once nothing is moving (a toast fading in has, for a moment, too little contrast). */
async function expectAccessible(page: Page) {
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running'),
  );
  await expectNoA11yViolations(page);
}

async function adminToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/auth/login', { data: ADMIN });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

/** A VENDOR account and a product of its own to edit, made by the admin through the API. */
async function vendorWithProduct(request: APIRequestContext, stamp: string) {
  const headers = { authorization: `Bearer ${await adminToken(request)}` };
  const body = String(20_000_000 + (Date.now() % 9_000_000));
  const vendor = { correo: `vendedor.${stamp}@gmail.com`.toLowerCase(), pass: 'vende123' };
  const created = await request.post('/api/usuarios', {
    headers,
    data: {
      run: `${body}-${computeRunCheckDigit(body)}`,
      nombre: 'Valentina',
      apellidos: 'Rojas Díaz',
      correo: vendor.correo,
      pass: vendor.pass,
      role: 'VENDOR',
      telefono: null,
      region: 'Metropolitana de Santiago',
      comuna: 'Ñuñoa',
      direccion: 'Irarrázaval 2100',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const categorias = (await (await request.get('/api/categorias')).json()) as { id: number }[];
  const nombre = `Mouse del vendedor ${stamp}`;
  const product = await request.post('/api/productos', {
    headers,
    data: {
      nombre,
      descripcion: 'Producto que edita la prueba del VENDOR.',
      precio: 15990,
      stock: 12,
      categoria: { id: categorias[0]!.id },
      imagen: null,
    },
  });
  expect(product.status(), await product.text()).toBe(201);
  return { vendor, nombre };
}

test.describe('rol VENDOR y categorías', () => {
  test('un VENDOR edita un producto, pero no puede abrir la pantalla de usuarios', async ({
    page,
    request,
  }, testInfo) => {
    const { vendor, nombre } = await vendorWithProduct(request, stampOf(testInfo.project.name));
    await logIn(page, vendor);
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(sidebar(page).getByRole('link')).toHaveText([
      'Dashboard',
      'Productos',
      'Categorías',
      'Pedidos',
      'Soporte',
    ]);
    await expectAccessible(page);

    await sidebar(page).getByRole('link', { name: 'Productos' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Productos' })).toBeVisible();
    await page.getByRole('searchbox', { name: 'Buscar' }).fill(nombre);
    await expect(row(page, nombre)).toHaveCount(1);
    await row(page, nombre)
      .getByRole('link', { name: /^Edit / })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Editar producto' })).toBeVisible();
    const main = page.getByRole('main');
    await main.getByLabel('Precio (CLP)').fill('13990');
    await main.getByRole('button', { name: 'Guardar cambios' }).click();
    await expect(toasts(page)).toContainText(`Producto actualizado: ${nombre}.`);
    await page.getByRole('searchbox', { name: 'Buscar' }).fill(nombre);
    await expect(row(page, nombre)).toContainText('$13.990');

    await page.goto('/admin/usuarios');
    await expect(page.getByRole('heading', { level: 1, name: 'No tienes permiso' })).toBeVisible();
    await expect(page.getByText(/No tienes permiso para ver esta sección/)).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
    await expectAccessible(page);
  });

  test('un admin crea una categoría y la desactiva; una con productos activos no se desactiva', async ({
    page,
  }, testInfo) => {
    const nombre = `Categoría ${stampOf(testInfo.project.name)}`;
    await logIn(page, ADMIN);
    await expect(page).toHaveURL(/\/admin$/);
    await sidebar(page).getByRole('link', { name: 'Categorías' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Categorías' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Categorías' })).toBeVisible();
    await expectAccessible(page);

    const form = page.getByRole('region', { name: 'Nueva categoría' });
    await form.getByLabel('Nombre').fill(nombre);
    await form.getByRole('button', { name: 'Crear categoría' }).click();
    await expect(toasts(page)).toContainText(`${nombre} ya se muestra en la tienda.`);
    await expect(row(page, nombre)).toContainText('Activa');

    await row(page, nombre)
      .getByRole('button', { name: `Desactivar ${nombre}` })
      .click();
    await expect(toasts(page)).toContainText(`${nombre} ya no se muestra en la tienda.`);
    await expect(row(page, nombre)).toContainText('Inactiva');

    // Periféricos has products on sale: the server says why it stays.
    await row(page, 'Periféricos').getByRole('button', { name: 'Desactivar Periféricos' }).click();
    await expect(toasts(page)).toContainText(
      /No se puede desactivar: la categoría tiene \d+ productos? activos?/,
    );
    await expect(row(page, 'Periféricos')).toContainText('Activa');
    await expectAccessible(page);

    // The shop no longer offers the deactivated one.
    const shop = await page.request.get('/api/categorias');
    const names = ((await shop.json()) as { nombre: string }[]).map((c) => c.nombre);
    expect(names).not.toContain(nombre);
    expect(names).toContain('Periféricos');
  });
});
