import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { ADMIN, expect, expectNoA11yViolations, logIn, test } from './fixtures';

// The desktop and the mobile run share one server: each creates a product of its own.

/** A photo-like picture of one colour scheme, as a camera JPEG or a PNG. */
async function photoFile(name: string, colour: string, format: 'jpeg' | 'png') {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="900">
    <rect width="1200" height="900" fill="#e5e7eb"/>
    <circle cx="600" cy="450" r="300" fill="${colour}"/></svg>`;
  const buffer = await sharp(Buffer.from(svg)).toFormat(format).toBuffer();
  return { name, mimeType: `image/${format}`, buffer };
}

async function createProduct(page: Page, nombre: string): Promise<number> {
  const login = await page.request.post('/api/auth/login', { data: ADMIN });
  const { token } = (await login.json()) as { token: string };
  const created = await page.request.post('/api/productos', {
    headers: { authorization: `Bearer ${token}` },
    data: { nombre, descripcion: 'Con fotos.', precio: 15990, stock: 8, categoria: { id: 1 } },
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { id: number }).id;
}

/** axe once nothing is moving (a toast fading in is, for a moment, text of too little contrast). */
async function expectAccessible(page: Page) {
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running'),
  );
  await expectNoA11yViolations(page);
}

test('un admin sube dos fotos desde el formulario, las ordena y la tienda muestra la galería', async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  const nombre = `Audífonos con fotos ${testInfo.project.name}-${Date.now()}`;
  const id = await createProduct(page, nombre);

  await logIn(page, ADMIN);
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto(`/admin/productos/editar/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Editar producto' })).toBeVisible();
  const editor = page.getByRole('region', { name: 'Fotos' });
  await expect(editor.getByText(/aún no tiene fotos/)).toBeVisible();
  await expect(editor.getByLabel('Fotos del producto')).toHaveAttribute('accept', 'image/*');

  await editor
    .getByLabel('Fotos del producto')
    .setInputFiles([
      await photoFile('roja.jpg', '#dc2626', 'jpeg'),
      await photoFile('azul.png', '#2563eb', 'png'),
    ]);
  const photos = editor.getByRole('list', { name: `Fotos de ${nombre}, en orden` });
  await expect(photos.getByRole('listitem')).toHaveCount(2, { timeout: 30_000 });
  await expect(editor.getByRole('progressbar')).toHaveCount(0);

  await editor.getByLabel('Texto alternativo (foto 1 de 2)').fill('Foto roja');
  await editor.getByLabel('Texto alternativo (foto 2 de 2)').fill('Foto azul');
  await editor.getByLabel('Texto alternativo (foto 2 de 2)').blur();
  await expect(editor.getByText('Texto alternativo de la foto 2 guardado.')).toBeAttached();
  await editor.getByRole('button', { name: 'Mover antes la foto 2 de 2' }).click();
  await expect(editor.getByText('Foto 2 movida a la posición 1 de 2.')).toBeAttached();
  await expect(photos.getByRole('listitem').first().getByRole('img')).toHaveAccessibleName(
    'Foto azul',
  );
  await expectAccessible(page);

  // The shop: the photo put first is the product's picture, and the gallery holds both.
  await page.goto(`/productos/detalle/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: nombre })).toBeVisible();
  const gallery = page.getByRole('group', { name: /Foto 1 de 2/ });
  const shown = gallery.getByRole('img');
  await expect(shown).toHaveAccessibleName('Foto azul');
  await expect(shown).toHaveJSProperty('complete', true);
  // The browser chose a variant (AVIF first) from the srcset, at the photo's aspect.
  expect(await shown.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(
    /\/imagenes\/\d+-[0-9a-f]{16}-\d+\.avif$/,
  );
  await expect(shown).toHaveAttribute('width', '1200');
  await expect(shown).toHaveAttribute('height', '900');

  await page.getByRole('button', { name: 'Ver foto 2 de 2' }).click();
  await expect(
    page.getByRole('group', { name: /Foto 2 de 2/ }).getByRole('img'),
  ).toHaveAccessibleName('Foto roja');
  await page.getByRole('group', { name: /Foto 2 de 2/ }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(
    page.getByRole('group', { name: /Foto 1 de 2/ }).getByRole('img'),
  ).toHaveAccessibleName('Foto azul');
  await expectAccessible(page);

  // A photo's URL is cached for a year, its bytes are what the browser showed.
  const url = await page
    .getByRole('group', { name: /Foto 1 de 2/ })
    .getByRole('img')
    .getAttribute('src');
  const file = await page.request.get(url!);
  expect(file.status()).toBe(200);
  expect(file.headers()['cache-control']).toBe('public, max-age=31536000, immutable');

  // The list shows the card with the first photo.
  await page.goto(`/productos?q=${encodeURIComponent(nombre)}`);
  const card = page.getByRole('article').filter({ hasText: nombre });
  await expect(card.getByRole('img')).toHaveAccessibleName('Foto azul');
  await expectAccessible(page);
});
