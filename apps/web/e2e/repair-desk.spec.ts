import type { Browser, Page, TestInfo } from '@playwright/test';
import { ADMIN, expect, expectNoA11yViolations, logIn, test } from './fixtures';

// The desktop and the mobile run share one server and database, one after the other: every
// request made here has an e-mail and a description of its own.

const toasts = (page: Page) => page.getByRole('region', { name: 'Notificaciones' });

/** axe once nothing is moving: a toast fading in is, for a moment, text of too little contrast. */
async function expectAccessible(page: Page) {
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running'),
  );
  await expectNoA11yViolations(page);
}

/**
 * The tracking link (path and fragment) of the newest outbox e-mail to `to` whose subject has
 * `subject` (GET /api/dev/correos, newest first), waiting for it to arrive. Each e-mail's link
 * replaces the one before, so the newest is the only one that opens the ticket.
 */
async function trackingLinkFromOutbox(page: Page, to: string, subject = ''): Promise<string> {
  let path = '';
  await expect
    .poll(async () => {
      const res = await page.request.get(`/api/dev/correos?para=${encodeURIComponent(to)}`);
      const mails = (await res.json()) as { asunto: string; texto: string }[];
      const match = mails
        .filter((m) => m.asunto.includes(subject))
        .map((m) => m.texto.match(/https?:\/\/[^/\s]+(\/soporte\/seguimiento#[\w-]+)/))
        .find(Boolean);
      path = match?.[1] ?? '';
      return path;
    })
    .not.toBe('');
  return path;
}

/** A second browser, logged in as the admin, beside the customer's (who stays a guest). */
async function adminPage(browser: Browser, testInfo: TestInfo): Promise<Page> {
  const { baseURL, viewport, isMobile, hasTouch, userAgent, deviceScaleFactor } =
    testInfo.project.use;
  const context = await browser.newContext({
    baseURL,
    viewport,
    isMobile,
    hasTouch,
    userAgent,
    deviceScaleFactor,
  });
  const page = await context.newPage();
  await logIn(page, ADMIN);
  await expect(page).toHaveURL(/\/admin$/);
  return page;
}

async function changeState(admin: Page, estado: string, nota?: string) {
  const form = admin.getByRole('region', { name: 'Cambiar estado', exact: true });
  await form.getByLabel('Nuevo estado').selectOption({ label: estado });
  if (nota) await form.getByLabel(/^Nota para el cliente/).fill(nota);
  await form.getByRole('button', { name: 'Cambiar estado' }).click();
  await expect(toasts(admin)).toContainText(`: ${estado.toLowerCase()}.`);
  await expect(
    admin.getByRole('heading', { level: 1 }).locator('..').getByText(estado, { exact: true }),
  ).toBeVisible();
}

test('una reparación de punta a punta: solicitud, enlace del correo, cotización aceptada y lista para retiro', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const stamp = `${testInfo.project.name}-${Date.now()}`;
  const correo = `reparacion.${stamp}@gmail.com`;

  // The customer asks for a repair.
  await page.goto('/soporte');
  const main = page.getByRole('main');
  await main.getByLabel('Nombre', { exact: true }).fill('Camila Rojas');
  await main.getByLabel('Correo', { exact: true }).fill(correo);
  await main.getByLabel('Equipo', { exact: true }).selectOption('NOTEBOOK');
  await main.getByLabel('Región', { exact: true }).selectOption('Biobío');
  await main.getByLabel('Comuna', { exact: true }).selectOption('Concepción');
  await main.getByRole('checkbox', { name: 'Diagnóstico' }).check();
  await main
    .getByLabel('Descripción del problema', { exact: true })
    .fill(`El notebook ${stamp} se apaga solo.`);
  await main.getByRole('button', { name: 'Enviar solicitud' }).click();

  await expect(toasts(page)).toContainText('Solicitud enviada');
  await expect(toasts(page)).toContainText('Te contactaremos con una cotización estimada.');
  const sent = main.getByRole('region', { name: /^Solicitud ST-\d{6} recibida$/ });
  await expect(sent).toBeFocused();
  await expect(sent).toContainText('Cada correo nuestro trae un enlace nuevo');
  const numero = ((await sent.getByRole('heading').textContent()) ?? '').match(/ST-\d{6}/)![0];
  await expect(main.getByLabel('Nombre', { exact: true })).toHaveValue('');
  await expectAccessible(page);

  // The e-mail's link is the one the page showed.
  const link = await trackingLinkFromOutbox(page, correo);
  await expect(sent.getByRole('link', { name: 'Ver el estado de mi solicitud' })).toHaveAttribute(
    'href',
    link,
  );
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: `Solicitud ${numero}` })).toBeVisible();
  await expect(page.locator('meta[name="robots"][content="noindex"]')).toHaveCount(1);
  const steps = page.getByRole('region', { name: 'Estado', exact: true });
  await expect(steps.locator('[aria-current="step"]')).toContainText('Recibida');
  await expectAccessible(page);

  // The desk finds it and starts the diagnosis.
  const admin = await adminPage(browser, testInfo);
  await admin.goto(`/admin/soporte?q=${numero}`);
  await expect(
    admin.getByRole('heading', { level: 1, name: 'Solicitudes de soporte' }),
  ).toBeVisible();
  await expect(admin.getByText('Cargando…')).toHaveCount(0);
  await expectAccessible(admin);
  await admin.getByRole('link', { name: numero }).click();
  await expect(admin.getByRole('heading', { level: 1, name: `Solicitud ${numero}` })).toBeVisible();
  await changeState(admin, 'En diagnóstico', 'Ya estamos revisando tu notebook.');
  await expectAccessible(admin);

  // The desk sends a quote: the diagnosis at its suggested price and a cleaning.
  const editor = admin.getByRole('region', { name: 'Nueva cotización' });
  await editor.getByLabel('Diagnóstico', { exact: true }).fill('El ventilador está obstruido.');
  await editor.getByRole('button', { name: 'Agregar mano de obra' }).click();
  await editor.getByLabel('Servicio (línea 2)').selectOption('Mantención preventiva');
  await expect(editor.getByLabel('Precio unitario (línea 2)')).toHaveValue('25000');
  await expect(editor.getByText('$40.000')).toBeVisible();
  await editor.getByRole('button', { name: 'Enviar cotización' }).click();
  await expect(toasts(admin)).toContainText('Cotización enviada');
  await expect(
    admin.getByRole('region', { name: 'Cotizaciones' }).getByText('Pendiente'),
  ).toBeVisible();

  // The customer reads it on the link of the quote's e-mail, which replaced the older ones, and
  // accepts it.
  const quoteLink = await trackingLinkFromOutbox(page, correo, 'Cotización de tu solicitud');
  expect(quoteLink).not.toBe(link);
  await page.reload();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Solicitud no encontrada' }),
  ).toBeVisible();
  await page.goto(quoteLink);
  const quote = page.getByRole('region', { name: 'Cotización', exact: true });
  await expect(quote).toContainText('El ventilador está obstruido.');
  await expect(quote).toContainText('$40.000');
  await expect(page.getByText('Ya estamos revisando tu notebook.')).toBeVisible();
  await quote.getByRole('button', { name: 'Aceptar cotización' }).click();
  await expect(quote).toContainText(
    'Cotización aceptada. Comenzaremos la reparación y te avisaremos por correo.',
  );
  await expect(quote.getByRole('button', { name: 'Aceptar cotización' })).toHaveCount(0);
  await expect(steps.locator('[aria-current="step"]')).toContainText('Aprobada');

  // The desk repairs it and has it ready.
  await admin.reload();
  await expect(admin.getByRole('heading', { level: 1, name: `Solicitud ${numero}` })).toBeVisible();
  await changeState(admin, 'En reparación');
  await changeState(admin, 'Lista para retiro', 'Tu notebook está listo.');
  await expectAccessible(admin);
  await admin.context().close();

  // The customer's newest link shows it ready for pick-up.
  await page.goto(await trackingLinkFromOutbox(page, correo, 'lista para retiro'));
  await expect(steps.locator('[aria-current="step"]')).toContainText('Lista para retiro');
  await expect(page.getByText('Tu notebook está listo.')).toBeVisible();
  await expectAccessible(page);
});

test('un enlace de seguimiento inventado dice que no encontró la solicitud', async ({ page }) => {
  // A link in the old form, token in the path: the page moves the token to the fragment.
  await page.goto('/soporte/seguimiento/no-existe-este-enlace');
  await expect(page).toHaveURL(/\/soporte\/seguimiento#no-existe-este-enlace$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Solicitud no encontrada' }),
  ).toBeVisible();
  await expect(page.locator('meta[name="robots"][content="noindex"]')).toHaveCount(1);
});

test('la página de una solicitud abierta directamente tiene su diseño', async ({
  page,
}, testInfo) => {
  const stamp = `${testInfo.project.name}-${Date.now()}`;
  const created = await page.request.post('/api/soporte', {
    data: {
      nombreCliente: 'Ignacio Fuentes',
      emailCliente: `directo.${stamp}@gmail.com`,
      region: 'Biobío',
      comuna: 'Concepción',
      direccion: 'Barros Arana 1000',
      equipo: 'NOTEBOOK',
      prioridad: 'NORMAL',
      serviciosRequeridos: ['Diagnóstico'],
      descripcionProblema: `Abierta por su dirección (${stamp}).`,
    },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  await logIn(page, ADMIN);
  await expect(page).toHaveURL(/\/admin$/);

  // A fresh document at the ticket's address: no other admin screen has loaded its styles.
  await page.goto(`/admin/soporte/${id}`);
  const contact = page.getByRole('region', { name: 'Contacto' });
  await expect(contact.getByText('Ignacio Fuentes')).toBeVisible();
  const facts = await contact.locator('dl').evaluate((dl) => {
    const style = getComputedStyle(dl);
    const row = getComputedStyle(dl.firstElementChild!);
    return {
      display: style.display,
      row: row.display,
      margin: getComputedStyle(dl.parentElement!).marginBottom,
    };
  });
  expect(facts.display).toBe('grid');
  expect(facts.row).toBe('grid');
  expect(facts.margin).not.toBe('0px');
});
