import { computeRunCheckDigit } from '@nexbyte/shared';
import type { Browser, Page, TestInfo } from '@playwright/test';
import { expect, expectNoA11yViolations, test } from './fixtures';

// The desktop and the mobile run share one server and database, one after the other, and the
// storefront tests change the catalogue too: every record made here has a name of its own, and
// no count is taken as fixed.

const ADMIN = { correo: 'admin@duoc.cl', pass: 'admin123' };
const CLIENT = { correo: 'cliente@gmail.com', pass: 'cliente123' };

const stampOf = (project: string) => `${project}-${Date.now()}`;

async function logIn(page: Page, who: { correo: string; pass: string }) {
  await page.goto('/login');
  const main = page.getByRole('main');
  await main.getByLabel('Correo', { exact: true }).fill(who.correo);
  await main.getByLabel('Contraseña', { exact: true }).fill(who.pass);
  await main.getByRole('button', { name: 'Iniciar sesión' }).click();
}

async function logInAsAdmin(page: Page) {
  await logIn(page, ADMIN);
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
}

const toasts = (page: Page) => page.getByRole('region', { name: 'Notificaciones' });
const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Administración' });
const row = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

/**
 * axe once nothing is moving: a toast fading in is, for a moment, text of too little contrast.
 */
async function expectAccessible(page: Page) {
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running'),
  );
  await expectNoA11yViolations(page);
}

/** Nothing sticks out sideways on a phone: the page itself never scrolls horizontally. */
async function expectNoPageOverflow(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

/** The admin's product table, filtered down to one product by the search box. */
async function findInAdminTable(page: Page, nombre: string) {
  await sidebar(page).getByRole('link', { name: 'Productos' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Productos' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Buscar' }).fill(nombre);
  await expect(row(page, nombre)).toHaveCount(1);
  return row(page, nombre);
}

/**
 * How many cards the storefront shows for a product name, to a visitor: an admin's own token
 * would list inactive products too (docs/product.md#calls), so the shop is opened in a fresh context.
 */
async function shopCount(browser: Browser, testInfo: TestInfo, nombre: string) {
  const { baseURL, viewport } = testInfo.project.use;
  const context = await browser.newContext({ baseURL, viewport });
  try {
    const page = await context.newPage();
    await page.goto(`/productos?q=${encodeURIComponent(nombre)}`);
    await expect(page.getByText(/^\d+ resultados?$/)).toBeVisible();
    return await page.getByRole('article').filter({ hasText: nombre }).count();
  } finally {
    await context.close();
  }
}

test.describe('administración de productos', () => {
  test('crear, verlo en la tienda, editar, desactivar (confirmando), reactivar', async ({
    page,
    browser,
  }, testInfo) => {
    // Many admin screens, and two looks at the shop from a fresh browser context.
    test.setTimeout(90_000);
    const nombre = `Mouse E2E ${stampOf(testInfo.project.name)}`;
    await logInAsAdmin(page);
    await expectNoPageOverflow(page);

    // Create.
    await sidebar(page).getByRole('link', { name: 'Productos' }).click();
    await page.getByRole('link', { name: 'Nuevo producto' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Nuevo producto' })).toBeVisible();
    const main = page.getByRole('main');
    await main.getByRole('button', { name: 'Crear producto' }).click();
    await expect(main.getByText('El nombre es requerido.')).toBeVisible();
    await expectAccessible(page);

    await main.getByLabel('Nombre', { exact: true }).fill(nombre);
    await main.getByLabel(/^Descripción/).fill('Creado por la prueba de navegador.');
    await expect(main.getByLabel('Precio (CLP)')).toHaveAttribute('step', '0.01');
    await main.getByLabel('Precio (CLP)').fill('12345');
    await main.getByLabel('Stock', { exact: true }).fill('3');
    await main.getByLabel('Categoría').selectOption({ label: 'Periféricos' });
    await main.getByRole('button', { name: 'Crear producto' }).click();

    await expect(page).toHaveURL(/\/admin\/productos$/);
    await expect(toasts(page)).toContainText(`Producto creado: ${nombre}.`);
    let adminRow = await findInAdminTable(page, nombre);
    await expect(adminRow).toContainText('$12.345');
    await expect(adminRow).toContainText('Stock bajo');
    await expect(adminRow).toContainText('Activo');
    await expectAccessible(page);

    // The shop lists it.
    expect(await shopCount(browser, testInfo, nombre)).toBe(1);

    // Edit.
    adminRow = await findInAdminTable(page, nombre);
    await adminRow.getByRole('link', { name: /^Edit / }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Editar producto' })).toBeVisible();
    await expect(main.getByLabel('Nombre', { exact: true })).toHaveValue(nombre);
    await expectAccessible(page);
    await main.getByLabel('Precio (CLP)').fill('23456.5');
    await main.getByRole('button', { name: 'Guardar cambios' }).click();
    await expect(toasts(page)).toContainText(`Producto actualizado: ${nombre}.`);
    adminRow = await findInAdminTable(page, nombre);
    await expect(adminRow).toContainText('$23.457');

    // Deactivate, after the confirmation.
    const toggle = adminRow.getByRole('button', { name: /^Desactivar / });
    await toggle.click();
    const dialog = page.getByRole('alertdialog', { name: 'Desactivar producto' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(
      /¿Estás seguro de que quieres desactivar el producto ID \d+\?/,
    );
    await expect(dialog.getByRole('button', { name: 'Cancelar' })).toBeFocused();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Desactivar' }).click();
    await expect(dialog).toBeHidden();
    await expect(adminRow).toContainText('Inactivo');
    await expect(toasts(page)).toContainText(`${nombre} ya no se muestra en la tienda.`);
    // Focus comes back to the row's button, which now offers 'Activar'.
    await expect(adminRow.getByRole('button', { name: /^Activar / })).toBeFocused();

    // The shop no longer lists it.
    expect(await shopCount(browser, testInfo, nombre)).toBe(0);

    // Reactivate.
    await page.getByLabel('Estado').selectOption('Inactivos');
    await expect(adminRow).toBeVisible();
    await adminRow.getByRole('button', { name: /^Activar / }).click();
    await expect(toasts(page)).toContainText(`${nombre} vuelve a mostrarse en la tienda.`);
    await page.getByLabel('Estado').selectOption('Activos');
    await expect(row(page, nombre)).toContainText('Activo');
    expect(await shopCount(browser, testInfo, nombre)).toBe(1);
  });
});

test.describe('administración de usuarios', () => {
  test('crear, editar (RUN y correo de solo lectura) y eliminar un usuario', async ({
    page,
  }, testInfo) => {
    const stamp = Date.now();
    const body = String(10_000_000 + (stamp % 89_999_999));
    const run = `${body}-${computeRunCheckDigit(body)}`;
    const correo = `admin.e2e.${testInfo.project.name}.${stamp}@gmail.com`;
    await logInAsAdmin(page);

    await sidebar(page).getByRole('link', { name: 'Usuarios' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Usuarios' })).toBeVisible();
    await expect(row(page, 'admin@duoc.cl')).toContainText('Tu cuenta');
    await expect(row(page, 'admin@duoc.cl').getByRole('button', { name: /^Eliminar/ })).toHaveCount(
      0,
    );
    await expectAccessible(page);

    await page.getByRole('link', { name: 'Nuevo usuario' }).click();
    const main = page.getByRole('main');
    await main.getByRole('button', { name: 'Crear usuario' }).click();
    await expect(main.getByText('RUN inválido')).toBeVisible();
    await expect(main.getByText('Rol inválido')).toBeVisible();
    await expectAccessible(page);

    await main.getByLabel('RUN', { exact: true }).fill(run);
    await main.getByLabel('Correo', { exact: true }).fill(correo);
    await main.getByLabel('Nombre', { exact: true }).fill('Valentina');
    await main.getByLabel('Apellidos', { exact: true }).fill('Prueba Navegador');
    await main.getByLabel('Contraseña', { exact: true }).fill('clave123');
    await main.getByLabel('Rol', { exact: true }).selectOption('VENDOR');
    await main.getByLabel(/^Teléfono/).pressSequentially('987654321');
    await expect(main.getByLabel(/^Teléfono/)).toHaveValue('9 8765 4321');
    await main.getByLabel('Región', { exact: true }).selectOption('Valparaíso');
    await main.getByLabel('Comuna', { exact: true }).selectOption('Viña del Mar');
    await main.getByLabel('Dirección', { exact: true }).fill('Av. Libertad 100');
    await main.getByRole('button', { name: 'Crear usuario' }).click();

    await expect(page).toHaveURL(/\/admin\/usuarios$/);
    await expect(toasts(page)).toContainText('Usuario creado: Valentina Prueba Navegador.');
    const userRow = row(page, correo);
    await expect(userRow).toContainText('Valentina Prueba Navegador');
    await expect(userRow.getByText('VENDOR')).toBeVisible();

    // Edit: RUN and correo are shown but cannot be changed; the password is not asked.
    await userRow.getByRole('link', { name: /^Edit / }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Editar usuario' })).toBeVisible();
    await expect(main.getByLabel('RUN', { exact: true })).toHaveValue(run);
    await expect(main.getByLabel('RUN', { exact: true })).not.toBeEditable();
    await expect(main.getByLabel('Correo', { exact: true })).toHaveValue(correo);
    await expect(main.getByLabel('Correo', { exact: true })).not.toBeEditable();
    await expect(main.getByLabel('Contraseña', { exact: true })).toHaveCount(0);
    await expect(main.getByLabel('Comuna', { exact: true })).toHaveValue('Viña del Mar');
    await expectAccessible(page);
    await main.getByLabel('Apellidos', { exact: true }).fill('Editada Navegador');
    await main.getByLabel('Rol', { exact: true }).selectOption('CLIENT');
    await main.getByRole('button', { name: 'Guardar cambios' }).click();

    await expect(toasts(page)).toContainText('Usuario actualizado: Valentina Editada Navegador.');
    await expect(userRow).toContainText('Valentina Editada Navegador');
    await expect(userRow.getByText('CLIENT')).toBeVisible();

    // Delete, after a confirmation that warns it cannot be undone.
    await userRow.getByRole('button', { name: /^Eliminar / }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Eliminar usuario' });
    await expect(dialog).toContainText('Esta acción no se puede deshacer.');
    await expect(dialog.getByRole('button', { name: 'Cancelar' })).toBeFocused();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Eliminar' }).click();
    await expect(dialog).toBeHidden();
    await expect(toasts(page)).toContainText('Usuario eliminado');
    await expect(row(page, correo)).toHaveCount(0);
    await expect(page.getByText(/^\d+ usuarios?$/)).toBeFocused();
  });

  test('el servidor se niega a que el admin elimine su propia cuenta', async ({ page }) => {
    await logInAsAdmin(page);
    const result = await page.evaluate(async () => {
      const token = localStorage.getItem('nexbyte_token');
      const user = JSON.parse(localStorage.getItem('nexbyte_user') ?? '{}') as { id: number };
      const res = await fetch(`/api/usuarios/${user.id}`, {
        method: 'DELETE',
        headers: { Authorization: `Bearer ${token}` },
      });
      return { status: res.status, body: (await res.json()) as unknown };
    });
    expect(result).toEqual({
      status: 409,
      body: { message: 'No puedes eliminar tu propia cuenta.' },
    });
  });
});

test.describe('mensajes del público', () => {
  test('un mensaje de contacto y una solicitud de soporte enviados desde la tienda aparecen en sus tablas', async ({
    page,
  }, testInfo) => {
    const stamp = stampOf(testInfo.project.name);
    const mensaje = `Hola <b>${stamp}</b>, ¿tienen stock?`;
    const descripcion = `El PC ${stamp} no da imagen al encender.`;

    await page.goto('/contacto');
    let main = page.getByRole('main');
    await main.getByLabel('Nombre', { exact: true }).fill('Camila Rojas');
    await main.getByLabel('Correo', { exact: true }).fill('camila@gmail.com');
    await main.getByLabel('Mensaje', { exact: true }).fill(mensaje);
    await main.getByRole('button', { name: 'Enviar' }).click();
    await expect(toasts(page)).toContainText('Mensaje enviado');

    await page.goto('/soporte');
    main = page.getByRole('main');
    await main.getByLabel('Nombre', { exact: true }).fill('Camila Rojas');
    await main.getByLabel('Correo', { exact: true }).fill('camila@gmail.com');
    await main.getByLabel('Equipo', { exact: true }).selectOption('PC_ESCRITORIO');
    await main.getByLabel('Región', { exact: true }).selectOption('Biobío');
    await main.getByLabel('Comuna', { exact: true }).selectOption('Concepción');
    await main.getByRole('radio', { name: 'Crítica' }).check();
    await main.getByRole('checkbox', { name: 'Diagnóstico' }).check();
    await main.getByLabel('Descripción del problema', { exact: true }).fill(descripcion);
    await main.getByRole('button', { name: 'Enviar solicitud' }).click();
    await expect(toasts(page)).toContainText('Solicitud enviada');

    await logInAsAdmin(page);
    await sidebar(page).getByRole('link', { name: 'Contacto' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Mensajes de contacto' }),
    ).toBeVisible();
    const contactRow = row(page, stamp);
    // Shown as the text it is, tags included, and first (newest first).
    await expect(contactRow.getByText(mensaje, { exact: true })).toBeVisible();
    await expect(contactRow.locator('b')).toHaveCount(0);
    await expect(page.getByRole('row').nth(1)).toContainText(stamp);
    await expect(contactRow).toContainText(/\d{2}-\d{2}-\d{4}, \d{2}:\d{2}/);
    await expectAccessible(page);

    await sidebar(page).getByRole('link', { name: 'Soporte' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Solicitudes de soporte' }),
    ).toBeVisible();
    // The spec's table of requests, one click away from the desk's list.
    await page.getByRole('button', { name: 'Vista tabla' }).click();
    const supportRow = row(page, stamp);
    await expect(supportRow).toContainText(descripcion);
    await expect(supportRow).toContainText('PC de escritorio');
    await expect(supportRow.getByText('CRITICA')).toHaveClass(/badge--danger/);
    await expect(page.getByRole('row').nth(1)).toContainText(stamp);
    await expectAccessible(page);
    await expectNoPageOverflow(page);
  });
});

test.describe('guardia de la administración', () => {
  test('un visitante que abre /admin termina en /login', async ({ page }) => {
    await page.goto('/admin/usuarios');
    await expect(page).toHaveURL(/\/login\?next=%2Fadmin%2Fusuarios$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeVisible();
  });

  test('un CLIENT que abre /admin termina en /login, y la API le niega los datos', async ({
    page,
  }) => {
    await logIn(page, CLIENT);
    await expect(page).toHaveURL(/\/productos$/);
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeVisible();
    const status = await page.evaluate(async () => {
      const token = localStorage.getItem('nexbyte_token');
      const res = await fetch('/api/usuarios', { headers: { Authorization: `Bearer ${token}` } });
      return res.status;
    });
    expect(status).toBe(403);
  });

  test('una sesión que la API ya no acepta (401) se cierra y lleva a /login', async ({ page }) => {
    await logInAsAdmin(page);
    await page.evaluate(() => localStorage.setItem('nexbyte_token', 'token-vencido'));
    await sidebar(page).getByRole('link', { name: 'Usuarios' }).click();
    await expect(page).toHaveURL(/\/login/);
    await expect(toasts(page)).toContainText('Tu sesión expiró. Inicia sesión nuevamente.');
    expect(await page.evaluate(() => localStorage.getItem('nexbyte_user'))).toBeNull();
  });
});

test.describe('accesibilidad de la administración', () => {
  test('axe no encuentra violaciones en ninguna pantalla de /admin', async ({ page }) => {
    // Nine screens, each loaded and scanned by axe: more than the default 30 s on a busy machine.
    test.setTimeout(120_000);
    await logInAsAdmin(page);
    const ids = await page.evaluate(async () => {
      const headers = { Authorization: `Bearer ${localStorage.getItem('nexbyte_token')}` };
      const products = (await (await fetch('/api/productos', { headers })).json()) as {
        id: number;
      }[];
      const user = JSON.parse(localStorage.getItem('nexbyte_user') ?? '{}') as { id: number };
      return { product: products[0]!.id, user: user.id };
    });
    for (const [path, heading] of [
      ['/admin', 'Dashboard'],
      ['/admin/productos', 'Productos'],
      ['/admin/productos/nuevo', 'Nuevo producto'],
      [`/admin/productos/editar/${ids.product}`, 'Editar producto'],
      ['/admin/usuarios', 'Usuarios'],
      ['/admin/usuarios/nuevo', 'Nuevo usuario'],
      [`/admin/usuarios/editar/${ids.user}`, 'Editar usuario'],
      ['/admin/contacto', 'Mensajes de contacto'],
      ['/admin/soporte', 'Solicitudes de soporte'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.getByText('Cargando…')).toHaveCount(0);
      await expectAccessible(page);
      await expectNoPageOverflow(page);
    }
  });
});
