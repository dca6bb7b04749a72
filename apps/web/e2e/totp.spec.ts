import { computeRunCheckDigit } from '@nexbyte/shared';
import type { APIRequestContext, Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { ADMIN, expect, expectNoA11yViolations, logIn, test } from './fixtures';

// Turning the two-step verification on or off takes the account's password again, not only the
// session. A VENDOR of the run's own (the desktop and mobile runs share one database, and the
// demo admin must keep logging in with a password alone for the other specs).

const WRONG_PASSWORD = 'La contraseña actual no es correcta.';

/** The app's current code for a base32 secret: SHA-1, 6 digits, 30 s (decision 015). */
const codeOf = (secret: string) =>
  new TOTP({ secret: Secret.fromBase32(secret.replace(/\s/g, '')) }).generate();

async function newVendor(request: APIRequestContext, project: string) {
  const login = await request.post('/api/auth/login', { data: ADMIN });
  expect(login.status()).toBe(200);
  const { token } = (await login.json()) as { token: string };
  const body = String(20_000_000 + (Date.now() % 9_000_000));
  const vendor = {
    correo: `totp.${project}.${Date.now()}@gmail.com`.toLowerCase(),
    pass: 'vende123',
  };
  const created = await request.post('/api/usuarios', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      run: `${body}-${computeRunCheckDigit(body)}`,
      nombre: 'Tomás',
      apellidos: 'Pérez Lagos',
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
  return vendor;
}

const totpRegion = (page: Page) => page.getByRole('region', { name: 'Verificación en dos pasos' });

test('activar y desactivar la verificación en dos pasos pide la contraseña además del código', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(90_000);
  const vendor = await newVendor(request, testInfo.project.name);
  await logIn(page, vendor);
  await expect(page).toHaveURL(/\/admin$/);

  await page.goto('/cuenta');
  const totp = totpRegion(page);
  await totp.getByRole('button', { name: 'Activar verificación en dos pasos' }).click();
  const secret = (await totp.locator('code').first().textContent())!;
  expect(secret.replace(/\s/g, '')).toMatch(/^[A-Z2-7]{32}$/);

  // The session and a right code are not enough: a wrong password is said beside its field.
  const password = totp.getByLabel('Contraseña actual', { exact: true });
  await password.fill('no-es-la-mia');
  await totp.getByLabel('Código de verificación').fill(codeOf(secret));
  await totp.getByRole('button', { name: 'Confirmar y activar' }).click();
  await expect(totp.getByText(WRONG_PASSWORD)).toBeVisible();
  await expect(password).toBeFocused();
  await expectNoA11yViolations(page);

  await password.fill(vendor.pass);
  await totp.getByLabel('Código de verificación').fill(codeOf(secret));
  await totp.getByRole('button', { name: 'Confirmar y activar' }).click();
  const codes = totp.getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const recoveryCode = (await codes.first().textContent())!.trim();

  // Turning it off: the password again, with a recovery code.
  await page.reload();
  const off = totpRegion(page);
  await off.getByLabel('Código de verificación').fill(recoveryCode);
  await off.getByRole('button', { name: 'Desactivar' }).click();
  await expect(off.getByText('Ingresa tu contraseña actual.')).toBeVisible();
  await off.getByLabel('Contraseña actual', { exact: true }).fill(vendor.pass);
  await off.getByRole('button', { name: 'Desactivar' }).click();
  await expect(
    off.getByRole('button', { name: 'Activar verificación en dos pasos' }),
  ).toBeVisible();
});
