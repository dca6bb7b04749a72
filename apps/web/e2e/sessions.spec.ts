import { computeRunCheckDigit } from '@nexbyte/shared';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectNoA11yViolations, logIn, test } from './fixtures';

// Per-device sessions (decision 014): one customer in two browsers, as on a computer and a phone.
// Both projects run against one server and database: the account is new for each run.
function uniqueAccount(label: string) {
  const n = Math.floor(Math.random() * 60_000_000);
  const body = String(30_000_000 + n);
  return {
    correo: `sesiones.${label}.${Date.now()}.${n}@gmail.com`,
    run: `${body}-${computeRunCheckDigit(body)}`,
    pass: 'clave123',
  };
}

async function register(request: APIRequestContext, account: ReturnType<typeof uniqueAccount>) {
  const res = await request.post('/api/auth/registro', {
    data: {
      run: account.run,
      nombre: 'Camila',
      apellidos: 'Rojas Soto',
      correo: account.correo,
      telefono: '9 1234 5678',
      pass: account.pass,
      pass2: account.pass,
      region: 'Metropolitana de Santiago',
      comuna: 'Ñuñoa',
      direccion: 'Av. Irarrázaval 1234',
    },
  });
  expect(res.status()).toBe(201);
}

/** The header's 'Cerrar sesión': in the bar on a wide screen, in the menu on a phone. */
async function clickLogout(page: Page) {
  const inBar = page
    .getByRole('navigation', { name: 'Principal', exact: true })
    .getByRole('button', { name: 'Cerrar sesión' });
  if (await inBar.isVisible()) {
    await inBar.click();
    return;
  }
  await page.getByRole('button', { name: 'Abrir menú' }).click();
  await page
    .getByRole('navigation', { name: 'Principal (móvil)' })
    .getByRole('button', { name: 'Cerrar sesión' })
    .click();
}

/** The header offers 'Iniciar sesión' again (in the bar, or in the menu on a phone). */
async function expectLoggedOut(page: Page) {
  const bar = page.getByRole('navigation', { name: 'Principal', exact: true });
  if (await bar.isVisible()) {
    await expect(bar.getByRole('link', { name: 'Iniciar sesión' })).toBeVisible();
    return;
  }
  await page.getByRole('button', { name: 'Abrir menú' }).click();
  const menu = page.getByRole('navigation', { name: 'Principal (móvil)' });
  await expect(menu.getByRole('link', { name: 'Iniciar sesión' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
}

/** Logs in and waits until the login has landed (the form leaves /login). */
async function logInAndLand(page: Page, account: { correo: string; pass: string }) {
  await logIn(page, account);
  await expect(page).not.toHaveURL(/\/login/);
}

const sessionsOf = (page: Page) => page.getByRole('region', { name: 'Sesiones activas' });

/** The account's API calls this page makes from now on. */
function recordAccountCalls(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/cuenta')) urls.push(`${request.method()} ${pathname}`);
  });
  return urls;
}

test('a session ends where it is ended: one device, or all of them', async ({
  page,
  browser,
  request,
}, testInfo) => {
  test.setTimeout(90_000);
  const account = uniqueAccount(testInfo.project.name);
  await register(request, account);

  // A second browser of the same person, with the project's device and address.
  const other = await browser.newContext(testInfo.project.use);
  const phone = await other.newPage();
  const hydrated = () => phone.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  phone.on('load', () => void hydrated().catch(() => {}));

  await logInAndLand(page, account);
  await logInAndLand(phone, account);

  // /cuenta lists both sessions, this one marked.
  await page.goto('/cuenta');
  const list = sessionsOf(page).getByRole('listitem');
  await expect(list).toHaveCount(2);
  await expect(list.filter({ hasText: 'Esta sesión' })).toHaveCount(1);
  await expect(sessionsOf(page).getByRole('button', { name: /^Cerrar la sesión de / })).toHaveCount(
    1,
  );
  await expectNoA11yViolations(page);

  // 'Cerrar sesión' here: this browser leaves /cuenta and asks nothing more of the account.
  const calls = recordAccountCalls(page);
  await clickLogout(page);
  await expect(page).toHaveURL(/\/$/);
  await expectLoggedOut(page);
  expect(calls).toEqual([]);

  // The other browser goes on, and now lists one session.
  await phone.goto('/cuenta');
  await hydrated();
  await expect(phone.getByRole('heading', { name: 'Mis datos' })).toBeVisible();
  await expect(sessionsOf(phone).getByRole('listitem')).toHaveCount(1);
  await expect(sessionsOf(phone)).toContainText('Esta sesión');
  await expect(sessionsOf(phone)).toContainText(
    'No tienes sesiones abiertas en otros dispositivos.',
  );

  // Back in the first browser, then 'Cerrar sesión en todos los dispositivos' from the second.
  await logInAndLand(page, account);
  await phone.reload();
  await hydrated();
  await expect(sessionsOf(phone).getByRole('listitem')).toHaveCount(2);
  await sessionsOf(phone)
    .getByRole('button', { name: 'Cerrar sesión en todos los dispositivos' })
    .click();
  await phone
    .getByRole('alertdialog', { name: '¿Cerrar sesión en todos los dispositivos?' })
    .getByRole('button', { name: 'Cerrar todas' })
    .click();
  await expect(phone).toHaveURL(/\/$/);
  await expectLoggedOut(phone);

  // The first browser's session ended too: /cuenta sends it to log in.
  await page.goto('/cuenta');
  await expect(page).toHaveURL(/\/login\?next=\/cuenta$/);

  await other.close();
});
