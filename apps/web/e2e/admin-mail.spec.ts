import type { Page } from '@playwright/test';
import { startSmtpStandIn, type SmtpStandIn } from '../../../scripts/lib/smtp-stand-in.mjs';
import {
  ADMIN,
  expect,
  expectNoA11yViolations,
  startOwnServer,
  test,
  type OwnServer,
} from './fixtures';

// A shop that sends its e-mails through SMTP_URL, to a loopback mail server of the test's own
// that first says the mailbox does not exist (550 5.1.1) and later accepts. Its own server, so
// the shared server keeps its outbox.
let smtp: SmtpStandIn | undefined;
let server: OwnServer | undefined;
let base = '';

test.beforeAll(async () => {
  test.setTimeout(180_000);
  smtp = await startSmtpStandIn('refuse');
  server = await startOwnServer('correos', { SMTP_URL: smtp.url });
  base = server.base;
});

test.afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

async function logInAsAdmin(page: Page) {
  await page.goto(`${base}/login`);
  await page.getByLabel('Correo', { exact: true }).fill(ADMIN.correo);
  await page.getByLabel('Contraseña', { exact: true }).fill(ADMIN.pass);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page).toHaveURL(/\/admin$/);
}

/** The queue works in the background: reload until `check` passes. */
async function reloadUntil(page: Page, check: () => Promise<void>) {
  await expect(async () => {
    await page.reload();
    await check();
  }).toPass({ intervals: [500, 1_000, 2_000], timeout: 30_000 });
}

test('un correo a un buzón que no existe queda Fallido con su error, y Reintentar lo envía cuando el buzón vuelve', async ({
  page,
}) => {
  test.setTimeout(120_000);
  // A password recovery for the owner: an e-mail of the shop through the queue.
  await page.goto(`${base}/recuperar`);
  await expect(page.getByRole('heading', { level: 1, name: 'Recuperar contraseña' })).toBeVisible();
  const main = page.getByRole('main');
  await main.getByLabel('Correo', { exact: true }).fill(ADMIN.correo);
  await main.getByRole('button', { name: 'Enviar enlace' }).click();
  await expect(main).toContainText('Si el correo está registrado');

  // 550 5.1.1 is permanent: failed at once, not retried, and the dashboard says so.
  await logInAsAdmin(page);
  await reloadUntil(page, async () => {
    await expect(page.getByText('Hay 1 correo que no se pudo enviar.')).toBeVisible({
      timeout: 2_000,
    });
  });
  expect(smtp!.rejected).toContain(ADMIN.correo);
  await expectNoA11yViolations(page);

  await page.getByRole('link', { name: 'Ver los correos fallidos' }).click();
  await expect(page).toHaveURL(/\/admin\/correos\?estado=fallido$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Correos' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Estado' })).toHaveValue('fallido');
  const failed = page.getByRole('row').filter({ hasText: ADMIN.correo });
  await expect(failed).toHaveCount(1);
  await expect(failed).toContainText('Fallido');
  await expect(failed).toContainText(`550 5.1.1 <${ADMIN.correo}>: no existe`);
  await expect(page.getByRole('navigation', { name: 'Administración' })).toContainText('Correos');
  await expectNoA11yViolations(page);

  const retry = failed.getByRole('button', { name: /^Reintentar el correo \d+/ });
  const box = await retry.boundingBox();
  expect(box!.width).toBeGreaterThanOrEqual(24);
  expect(box!.height).toBeGreaterThanOrEqual(24);

  // The mailbox exists now; the owner sends it again from the keyboard.
  smtp!.mode = 'accept';
  await retry.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('region', { name: 'Notificaciones' })).toContainText(
    'El correo volverá a enviarse en unos segundos.',
  );
  // No longer failed: it left this filter's list.
  await expect(page.getByText('No hay correos en este estado.')).toBeVisible();
  await expectNoA11yViolations(page);

  await page.getByRole('combobox', { name: 'Estado' }).selectOption({ label: 'Enviados' });
  await expect(page).toHaveURL(/estado=enviado/);
  await reloadUntil(page, async () => {
    const sent = page.getByRole('row').filter({ hasText: ADMIN.correo });
    await expect(sent).toContainText('Enviado', { timeout: 2_000 });
    await expect(sent.getByRole('button', { name: /^Reintentar/ })).toHaveCount(0);
  });
  expect(smtp!.messages.map((mail) => mail.to)).toEqual([ADMIN.correo]);
  await expectNoA11yViolations(page);

  // Nothing failed any more: the dashboard's warning is gone.
  await page.goto(`${base}/admin`);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByText(/no se pudo enviar|no se pudieron enviar/)).toHaveCount(0);
});
