import { computeRunCheckDigit } from '@nexbyte/shared';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectNoA11yViolations, test } from './fixtures';

// Both projects (desktop and mobile) run one after the other against one server and database:
// every account and address used here is new.
function uniqueAccount(label: string) {
  const n = Math.floor(Math.random() * 60_000_000);
  const body = String(30_000_000 + n);
  return {
    correo: `cuenta.${label}.${Date.now()}.${n}@gmail.com`,
    run: `${body}-${computeRunCheckDigit(body)}`,
    pass: 'clave123',
  };
}

type Account = ReturnType<typeof uniqueAccount>;

async function register(request: APIRequestContext, account: Account) {
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

/**
 * The path of the newest link to `prefix` (a regular expression) in the outbox e-mails to `to`
 * (GET /api/dev/correos), with its token.
 */
async function linkFromOutbox(request: APIRequestContext, to: string, prefix: string) {
  let path = '';
  await expect
    .poll(async () => {
      const res = await request.get(`/api/dev/correos?para=${encodeURIComponent(to)}`);
      const mails = (await res.json()) as { texto: string }[];
      const match = mails
        .map((m) => m.texto.match(new RegExp(`https?://[^/\\s]+(${prefix}[\\w-]+)`)))
        .find(Boolean);
      path = match?.[1] ?? '';
      return path;
    })
    .not.toBe('');
  return path;
}

const toasts = (page: Page) => page.getByRole('region', { name: 'Notificaciones' });

/** On the login screen a redirect led to: waits for it, since the screen it replaces may have a 'Correo' too. */
async function logIn(page: Page, correo: string, pass: string) {
  await expect(page.getByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeVisible();
  const main = page.getByRole('main');
  await main.getByLabel('Correo', { exact: true }).fill(correo);
  await main.getByLabel('Contraseña', { exact: true }).fill(pass);
  await main.getByRole('button', { name: 'Iniciar sesión' }).click();
}

/** The header's 'Mi cuenta': in the bar on wide screens, inside the menu on narrow ones. */
async function openMyAccount(page: Page, isMobile: boolean) {
  const header = page.getByRole('banner');
  if (isMobile) {
    await header.getByRole('button', { name: 'Abrir menú' }).click();
    await page
      .getByRole('dialog', { name: 'Menú' })
      .getByRole('link', { name: 'Mi cuenta' })
      .click();
  } else {
    await header.getByRole('link', { name: 'Mi cuenta' }).click();
  }
  await expect(page).toHaveURL((url) => url.pathname === '/cuenta');
}

test.describe('password recovery', () => {
  test('forget the password, follow the e-mailed link, set a new one and log in with it', async ({
    page,
    request,
  }, testInfo) => {
    const account = uniqueAccount(`recupera-${testInfo.project.name}`);
    await register(request, account);

    await page.goto('/login');
    await page.getByRole('main').getByRole('link', { name: '¿Olvidaste tu contraseña?' }).click();
    await expect(page).toHaveURL(/\/recuperar$/);
    // The address changes before the new screen is drawn, and the login form it replaces has a
    // 'Correo' field too: wait for the recovery screen itself.
    await expect(
      page.getByRole('heading', { level: 1, name: 'Recuperar contraseña' }),
    ).toBeVisible();
    const main = page.getByRole('main');
    await main.getByLabel('Correo', { exact: true }).fill(account.correo);
    await main.getByRole('button', { name: 'Enviar enlace' }).click();
    await expect(main).toContainText(
      'Si el correo está registrado, te enviamos un enlace para crear una nueva contraseña.',
    );
    await expectNoA11yViolations(page);

    // The token is in the fragment, which the browser never sends to the server.
    const link = await linkFromOutbox(request, account.correo, '/recuperar#');
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: 'Nueva contraseña' })).toBeVisible();
    await expectNoA11yViolations(page);
    await main.getByLabel('Nueva contraseña', { exact: true }).fill('nueva123');
    await main.getByLabel('Confirmar contraseña', { exact: true }).fill('nueva123');
    await main.getByRole('button', { name: 'Guardar contraseña' }).click();

    await expect(page).toHaveURL(/\/login$/);
    await expect(toasts(page)).toContainText('Contraseña actualizada. Ya puedes iniciar sesión.');
    await logIn(page, account.correo, 'nueva123');
    await expect(page).toHaveURL(/\/productos$/);

    // The link worked once; the old password no longer does.
    await page.goto(link);
    await main.getByLabel('Nueva contraseña', { exact: true }).fill('otra1234');
    await main.getByLabel('Confirmar contraseña', { exact: true }).fill('otra1234');
    await main.getByRole('button', { name: 'Guardar contraseña' }).click();
    await expect(main.getByRole('alert')).toContainText('El enlace no es válido o expiró.');
    const old = await request.post('/api/auth/login', {
      data: { correo: account.correo, pass: account.pass },
    });
    expect(old.status()).toBe(401);
  });
});

test.describe('my account', () => {
  test('edit the profile and change the password, staying logged in', async ({
    page,
    request,
    isMobile,
  }, testInfo) => {
    const account = uniqueAccount(`perfil-${testInfo.project.name}`);
    await register(request, account);

    await page.goto('/cuenta');
    await expect(page).toHaveURL(/\/login\?next=\/cuenta$/);
    await logIn(page, account.correo, account.pass);
    // Back where the login started (the login address itself ends in 'next=/cuenta').
    await expect(page).toHaveURL((url) => url.pathname === '/cuenta');
    await expect(page.getByRole('heading', { name: 'Mis datos' })).toBeVisible();
    await page.goto('/');
    await openMyAccount(page, isMobile);

    const datos = page.getByRole('region', { name: 'Mis datos' });
    await expect(datos.getByLabel('Nombre', { exact: true })).toHaveValue('Camila');
    await expect(datos.getByLabel('RUN', { exact: true })).toHaveAttribute('readonly', '');
    await expect(datos.getByLabel('Correo', { exact: true })).toHaveValue(account.correo);
    await expectNoA11yViolations(page);

    await datos.getByLabel('Nombre', { exact: true }).fill('Camila Andrea');
    await datos.getByLabel('Región', { exact: true }).selectOption('Los Ríos');
    await datos.getByLabel('Comuna', { exact: true }).selectOption('Valdivia');
    await datos.getByLabel('Dirección', { exact: true }).fill('General Lagos 1020');
    await datos.getByLabel('Teléfono').fill('');
    await datos.getByLabel('Teléfono').pressSequentially('987654321');
    await datos.getByRole('button', { name: 'Guardar cambios' }).click();
    await expect(toasts(page)).toContainText('Tus datos quedaron guardados.');
    expect(
      await page.evaluate(() => JSON.parse(localStorage.getItem('nexbyte_user') ?? '{}').nombre),
    ).toBe('Camila Andrea');

    await page.reload();
    await expect(datos.getByLabel('Nombre', { exact: true })).toHaveValue('Camila Andrea');
    await expect(datos.getByLabel('Comuna', { exact: true })).toHaveValue('Valdivia');
    await expect(datos.getByLabel('Teléfono')).toHaveValue('9 8765 4321');

    const password = page.getByRole('region', { name: 'Cambiar contraseña' });
    await password.getByLabel('Contraseña actual', { exact: true }).fill('noesesta');
    await password.getByLabel('Nueva contraseña', { exact: true }).fill('nueva123');
    await password.getByLabel('Confirmar nueva contraseña', { exact: true }).fill('nueva123');
    await password.getByRole('button', { name: 'Cambiar contraseña' }).click();
    await expect(password.getByText('La contraseña actual no es correcta.')).toBeVisible();

    await password.getByLabel('Contraseña actual', { exact: true }).fill(account.pass);
    await password.getByRole('button', { name: 'Cambiar contraseña' }).click();
    await expect(toasts(page)).toContainText('Tu contraseña quedó actualizada.');
    await page.reload();
    await expect(datos.getByLabel('Nombre', { exact: true })).toHaveValue('Camila Andrea');
    const login = await request.post('/api/auth/login', {
      data: { correo: account.correo, pass: 'nueva123' },
    });
    expect(login.status()).toBe(200);
  });
});

test.describe('newsletter', () => {
  test('subscribe from the footer, then unsubscribe with the e-mailed link', async ({
    page,
    request,
  }, testInfo) => {
    const email = `lector.${testInfo.project.name}.${Date.now()}@empresa.cl`;
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    await footer.getByLabel('Recibe ofertas y novedades en tu correo').fill(email);
    await footer.getByRole('button', { name: 'Suscribirme' }).click();
    await expect(toasts(page)).toContainText('¡Gracias! Te suscribiste al newsletter.');
    await expect(footer.getByLabel('Recibe ofertas y novedades en tu correo')).toHaveValue('');

    // The token follows '#' (or '/' in links of the old form, which the page moves to '#').
    const link = await linkFromOutbox(request, email, '/newsletter/baja[/#]');
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: 'Newsletter' })).toBeVisible();
    await expectNoA11yViolations(page);
    await page.getByRole('main').getByRole('button', { name: 'Darme de baja' }).click();
    await expect(page.getByRole('main')).toContainText(
      'Listo. Ya no recibirás nuestro newsletter.',
    );
  });
});
