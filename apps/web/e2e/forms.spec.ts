import { computeRunCheckDigit } from '@nexbyte/shared';
import type { Page } from '@playwright/test';
import { expect, expectNoA11yViolations, test } from './fixtures';

// Both projects (desktop and mobile) run one after the other against one server and database:
// every account created here gets its own e-mail and RUN.
function uniqueAccount(project: string) {
  const stamp = Date.now();
  const body = String(10_000_000 + (stamp % 89_999_999));
  return {
    correo: `e2e.${project}.${stamp}@gmail.com`,
    run: `${body}-${computeRunCheckDigit(body)}`,
    pass: 'clave123',
  };
}

const toasts = (page: Page) => page.getByRole('region', { name: 'Notificaciones' });

/** The header's 'Cerrar sesión': in the bar on wide screens, inside the menu on narrow ones. */
async function logOut(page: Page, isMobile: boolean) {
  const header = page.getByRole('banner');
  if (isMobile) {
    await header.getByRole('button', { name: 'Abrir menú' }).click();
    await page
      .getByRole('dialog', { name: 'Menú' })
      .getByRole('button', { name: 'Cerrar sesión' })
      .click();
  } else {
    await header.getByRole('button', { name: 'Cerrar sesión' }).click();
  }
}

async function expectLoggedIn(page: Page, isMobile: boolean) {
  const header = page.getByRole('banner');
  if (isMobile) {
    await header.getByRole('button', { name: 'Abrir menú' }).click();
    const menu = page.getByRole('dialog', { name: 'Menú' });
    await expect(menu.getByRole('button', { name: 'Cerrar sesión' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
  } else {
    await expect(header.getByRole('button', { name: 'Cerrar sesión' })).toBeVisible();
  }
}

async function expectLoggedOut(page: Page, isMobile: boolean) {
  const header = page.getByRole('banner');
  if (isMobile) {
    await header.getByRole('button', { name: 'Abrir menú' }).click();
    const menu = page.getByRole('dialog', { name: 'Menú' });
    await expect(menu.getByRole('link', { name: 'Iniciar sesión' })).toBeVisible();
    await page.keyboard.press('Escape');
  } else {
    await expect(header.getByRole('link', { name: 'Iniciar sesión' })).toBeVisible();
  }
}

test.describe('registro and login', () => {
  test('a new customer registers, lands on login, logs in and logs out', async ({
    page,
    isMobile,
  }, testInfo) => {
    const account = uniqueAccount(testInfo.project.name);
    await page.goto('/registro');
    const main = page.getByRole('main');
    await main.getByLabel('Nombre', { exact: true }).fill('Camila');
    await main.getByLabel('Apellidos', { exact: true }).fill('Rojas Soto');
    await main.getByLabel('RUN', { exact: true }).fill(account.run);
    await main.getByLabel('Teléfono').pressSequentially('912345678');
    await expect(main.getByLabel('Teléfono')).toHaveValue('9 1234 5678');
    await main.getByLabel('Correo', { exact: true }).fill(account.correo);
    await main.getByLabel('Contraseña', { exact: true }).fill(account.pass);
    await main.getByLabel('Confirmar contraseña', { exact: true }).fill(account.pass);
    const comuna = main.getByLabel('Comuna', { exact: true });
    await expect(comuna).toBeDisabled();
    await main.getByLabel('Región', { exact: true }).selectOption('Metropolitana de Santiago');
    await comuna.selectOption('Ñuñoa');
    await main.getByLabel('Dirección', { exact: true }).fill('Av. Irarrázaval 1234');
    await main.getByRole('button', { name: 'Crear cuenta' }).click();

    await expect(main.getByText('Cuenta creada')).toBeVisible();
    await expect(toasts(page)).toContainText('Cuenta creada');
    await expect(page).toHaveURL(/\/login$/);
    // The registration form also has 'Correo': wait until the login screen has replaced it.
    await expect(page.getByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeVisible();

    // One wrong password on this fresh account (the login limit counts failures per account).
    await main.getByLabel('Correo', { exact: true }).fill(account.correo);
    await main.getByLabel('Contraseña', { exact: true }).fill('otraclave');
    await main.getByRole('button', { name: 'Iniciar sesión' }).click();
    await expect(main.getByRole('alert')).toHaveText('Correo o contraseña incorrectos.');
    await expect(page).toHaveURL(/\/login$/);
    await expectNoA11yViolations(page);

    await main.getByLabel('Contraseña', { exact: true }).fill(account.pass);
    await main.getByRole('button', { name: 'Iniciar sesión' }).click();
    await expect(page).toHaveURL(/\/productos$/);
    await expectLoggedIn(page, isMobile);

    await logOut(page, isMobile);
    await expectLoggedOut(page, isMobile);
    expect(await page.evaluate(() => localStorage.getItem('nexbyte_token'))).toBeNull();
  });

  test('registering an e-mail that already exists shows the server message', async ({ page }) => {
    await page.goto('/registro');
    const main = page.getByRole('main');
    await main.getByLabel('Nombre', { exact: true }).fill('Otra');
    await main.getByLabel('Apellidos', { exact: true }).fill('Cliente Demo');
    await main.getByLabel('RUN', { exact: true }).fill(uniqueAccount('dup').run);
    await main.getByLabel('Correo', { exact: true }).fill('cliente@gmail.com');
    await main.getByLabel('Contraseña', { exact: true }).fill('clave123');
    await main.getByLabel('Confirmar contraseña', { exact: true }).fill('clave123');
    await main.getByLabel('Región', { exact: true }).selectOption('Valparaíso');
    await main.getByLabel('Comuna', { exact: true }).selectOption('Viña del Mar');
    await main.getByLabel('Dirección', { exact: true }).fill('Av. Libertad 100');
    await main.getByRole('button', { name: 'Crear cuenta' }).click();

    await expect(main.getByRole('alert')).toHaveText('El correo ya está registrado.');
    await expect(main.getByLabel('Correo', { exact: true })).toBeFocused();
    await expect(page).toHaveURL(/\/registro$/);
  });

  test('the admin lands on /admin', async ({ page }) => {
    await page.goto('/login');
    const main = page.getByRole('main');
    await main.getByLabel('Correo', { exact: true }).fill('admin@duoc.cl');
    await main.getByLabel('Contraseña', { exact: true }).fill('admin123');
    await main.getByRole('button', { name: 'Iniciar sesión' }).click();
    await expect(page).toHaveURL(/\/admin$/);
  });
});

test.describe('contacto and soporte', () => {
  test('a contact message is sent and the form is cleared', async ({ page }) => {
    await page.goto('/contacto');
    const main = page.getByRole('main');
    await main.getByLabel('Nombre', { exact: true }).fill('Camila Rojas');
    await main.getByLabel('Correo', { exact: true }).fill('camila@gmail.com');
    const mensaje = '¿Tienen stock del SSD de 1 TB?';
    await main.getByLabel('Mensaje', { exact: true }).fill(mensaje);
    await expect(main.getByText(`${mensaje.length}/500`)).toBeVisible();
    await main.getByRole('button', { name: 'Enviar' }).click();

    await expect(toasts(page)).toContainText('Mensaje enviado');
    await expect(toasts(page)).toContainText('¡Gracias! Te responderemos a la brevedad.');
    await expect(main.getByLabel('Mensaje', { exact: true })).toHaveValue('');
  });

  test('a support request is sent and the form is cleared', async ({ page }) => {
    await page.goto('/soporte');
    const main = page.getByRole('main');
    await main.getByLabel('Nombre', { exact: true }).fill('Camila Rojas');
    await main.getByLabel('Correo', { exact: true }).fill('camila@gmail.com');
    await main.getByLabel('Teléfono').pressSequentially('987654321');
    await main.getByLabel('Equipo', { exact: true }).selectOption('NOTEBOOK');
    await main.getByLabel('Región', { exact: true }).selectOption('Biobío');
    await main.getByLabel('Comuna', { exact: true }).selectOption('Concepción');
    await main.getByRole('radio', { name: 'Alta' }).check();
    await main.getByRole('checkbox', { name: 'Mantención preventiva' }).check();
    await main
      .getByLabel('Descripción del problema', { exact: true })
      .fill('El notebook se calienta y se apaga solo.');
    await main.getByRole('button', { name: 'Enviar solicitud' }).click();

    await expect(toasts(page)).toContainText('Solicitud enviada');
    await expect(toasts(page)).toContainText('Te contactaremos con una cotización estimada.');
    await expect(main.getByLabel('Nombre', { exact: true })).toHaveValue('');
    await expect(main.getByRole('radio', { name: 'Normal' })).toBeChecked();
  });
});

test.describe('accessibility of the forms', () => {
  for (const { path, submit } of [
    { path: '/registro', submit: 'Crear cuenta' },
    { path: '/login', submit: 'Iniciar sesión' },
    { path: '/contacto', submit: 'Enviar' },
    { path: '/soporte', submit: 'Enviar solicitud' },
  ]) {
    test(`${path} has no axe violations, empty and with its validation errors`, async ({
      page,
    }) => {
      await page.goto(path);
      const main = page.getByRole('main');
      await expect(main.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoA11yViolations(page);

      await main.getByRole('button', { name: submit, exact: true }).click();
      await expect(main.locator('[aria-invalid="true"]').first()).toBeFocused();
      await expectNoA11yViolations(page);
    });
  }
});
