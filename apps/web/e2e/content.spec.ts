import type { Locator, Page } from '@playwright/test';
import { expect, expectNoA11yViolations, test } from './fixtures';

// The header's links hide behind the menu button on mobile, so these tests move through the
// pages' own links and addresses only.

const main = (page: Page) => page.getByRole('main');

/** Every image in the locator was downloaded and decoded. */
async function expectImagesLoaded(images: Locator) {
  expect(await images.count()).toBeGreaterThan(0);
  for (const image of await images.all()) {
    await expect(image).toHaveJSProperty('complete', true);
    expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  }
}

test.describe('blog', () => {
  test('filtra por categoría, busca, abre un artículo, pasa al siguiente y vuelve a la lista', async ({
    page,
  }) => {
    await page.goto('/blogs');
    await expect(page.getByRole('heading', { level: 1, name: 'Blog' })).toBeVisible();
    const count = main(page).getByRole('status');
    await expect(count).toHaveText('4 artículos');
    await expect(main(page).getByRole('navigation', { name: 'Páginas del blog' })).toHaveCount(0);
    await expectImagesLoaded(main(page).getByRole('listitem').locator('img'));

    const guides = main(page).getByRole('button', { name: 'Guías' });
    await guides.focus();
    await page.keyboard.press('Enter');
    await expect(guides).toHaveAttribute('aria-pressed', 'true');
    await expect(count).toHaveText('2 artículos');
    await expect(page).toHaveURL(/categoria=Gu(%C3%AD|í)as/);

    const search = main(page).getByRole('searchbox', { name: 'Buscar artículos' });
    await search.fill('COMPONENTES');
    await expect(count).toHaveText('1 artículo');
    await expect(page).toHaveURL(/q=COMPONENTES/);

    // The filtered list survives a reload, so it can be shared.
    await page.reload();
    await expect(search).toHaveValue('COMPONENTES');
    await expect(guides).toHaveAttribute('aria-pressed', 'true');
    await expect(count).toHaveText('1 artículo');

    await main(page)
      .getByRole('link', { name: 'Guía de componentes para armar tu PC en 2025' })
      .click();
    await expect(page).toHaveURL('/blog/guia-componentes-pc-2025');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Guía de componentes para armar tu PC en 2025' }),
    ).toBeVisible();
    await expect(page).toHaveTitle('Guía de componentes para armar tu PC en 2025 | Nexbyte');
    await expectImagesLoaded(main(page).locator('article img'));

    await main(page)
      .getByRole('link', { name: /Artículo siguiente/ })
      .click();
    await expect(page).toHaveURL('/blog/mantenimiento-preventivo');
    await expect(
      page.getByRole('heading', { level: 1, name: /Mantenimiento preventivo/ }),
    ).toBeVisible();

    await main(page).getByRole('link', { name: 'Volver al blog' }).click();
    await expect(page).toHaveURL('/blogs');
    await expect(count).toHaveText('4 artículos');
  });

  test('la búsqueda no pierde letras al escribir rápido y Escape la vacía', async ({ page }) => {
    await page.goto('/blogs');
    const search = main(page).getByRole('searchbox', { name: 'Buscar artículos' });
    await search.pressSequentially('mantenimiento programado', { delay: 5 });
    await expect(search).toHaveValue('mantenimiento programado');
    await expect(page).toHaveURL(/q=mantenimiento(\+|%20)programado/);
    await expect(main(page).getByRole('status')).toHaveText('1 artículo');

    await search.press('Escape');
    await expect(search).toHaveValue('');
    await expect(main(page).getByRole('status')).toHaveText('4 artículos');
  });

  test('sin resultados ofrece limpiar la búsqueda', async ({ page }) => {
    await page.goto('/blogs?q=impresora%203d');
    await expect(main(page)).toContainText('No encontramos artículos con esos criterios.');
    await main(page).getByRole('button', { name: 'Limpiar búsqueda' }).click();
    await expect(main(page).getByRole('status')).toHaveText('4 artículos');
  });

  test('un artículo que no existe lleva a la lista del blog', async ({ page }) => {
    await page.goto('/blog/no-existe');
    await expect(page).toHaveURL('/blogs');
    await expect(page.getByRole('heading', { level: 1, name: 'Blog' })).toBeVisible();
  });
});

test.describe('páginas de contenido', () => {
  test('Nosotros muestra su historia, su equipo y enlaces a Soporte y Contacto', async ({
    page,
  }) => {
    await page.goto('/nosotros');
    await expect(page.getByRole('heading', { level: 1, name: 'Nosotros' })).toBeVisible();
    for (const name of [
      'Misión',
      'Visión',
      'Valores',
      'Lo que nos diferencia',
      'Hitos',
      'Equipo',
    ]) {
      await expect(main(page).getByRole('heading', { level: 2, name, exact: true })).toBeVisible();
    }
    for (const year of ['2020', '2022', '2024']) {
      await expect(
        main(page).getByRole('heading', { level: 3, name: new RegExp(year) }),
      ).toBeVisible();
    }
    await main(page).getByRole('link', { name: 'Solicitar soporte técnico' }).click();
    await expect(page).toHaveURL('/soporte');
    await page.goBack();
    await main(page).getByRole('link', { name: 'Contactar a Nexbyte' }).click();
    await expect(page).toHaveURL('/contacto');
  });

  test('Garantías muestra cobertura, plazos, pasos y estados con enlaces a Contacto y Soporte', async ({
    page,
  }) => {
    await page.goto('/garantias');
    await expect(page.getByRole('heading', { level: 1, name: 'Garantías' })).toBeVisible();
    for (const name of [
      'Plazos',
      'Qué cubre',
      'Qué no cubre',
      'Cómo hacer válida tu garantía',
      'Estados de tu solicitud',
    ]) {
      await expect(main(page).getByRole('heading', { level: 2, name, exact: true })).toBeVisible();
    }
    for (const state of ['Recibida', 'En diagnóstico', 'En fabricante', 'Resuelto']) {
      await expect(main(page).getByRole('term').filter({ hasText: state })).toBeVisible();
    }
    await expect(main(page)).toContainText('Lunes a Viernes, 9:00 a 18:00');
    await expect(main(page).getByRole('link', { name: /Contacto/ })).toHaveAttribute(
      'href',
      '/contacto',
    );
    await expect(
      main(page).getByRole('link', { name: 'Solicitar soporte técnico' }),
    ).toHaveAttribute('href', '/soporte');

    // A warranty request starts from here, with its kind already chosen.
    await main(page).getByRole('link', { name: 'Solicitar garantía' }).click();
    await expect(page).toHaveURL('/soporte?tipo=GARANTIA');
    await expect(main(page).getByRole('radio', { name: 'Garantía' })).toBeChecked();
    await expect(main(page).getByLabel('N° de pedido o boleta')).toBeVisible();
    await expect(main(page).getByLabel('Fecha de compra')).toBeVisible();
  });

  test('Ayuda filtra por tema y por búsqueda, y abre las respuestas con el teclado', async ({
    page,
  }) => {
    await page.goto('/ayuda');
    await expect(page.getByRole('heading', { level: 1, name: 'Ayuda' })).toBeVisible();
    const count = main(page).getByRole('status');
    const questions = main(page).locator('details');
    const total = await questions.count();
    await expect(count).toHaveText(`${total} preguntas`);

    const search = main(page).getByRole('searchbox', { name: 'Buscar en la ayuda' });
    await search.fill('TRANSFERENCIA');
    await expect(count).toHaveText('2 preguntas');
    const payments = questions.filter({ hasText: '¿Qué medios de pago aceptan?' });
    await expect(payments).toHaveCount(1);
    // The server runs with Webpay on (the stand-in): the answer names it beside the transfer.
    const answer = payments.getByText(/Webpay \(tarjeta de débito, crédito o prepago\)/);
    await expect(answer).toBeHidden();
    await payments.locator('summary').focus();
    await page.keyboard.press('Enter');
    await expect(answer).toBeVisible();

    await search.press('Escape');
    await main(page).getByRole('button', { name: 'Garantía' }).click();
    await expect(main(page).getByRole('heading', { level: 2 })).toHaveText([
      'Garantía',
      '¿No encontraste tu respuesta?',
    ]);

    await search.fill('bitcoin');
    await expect(main(page)).toContainText('No encontramos preguntas con esos criterios.');
    await expect(count).toHaveText('0 preguntas');
  });
});

test.describe('accesibilidad de las páginas de contenido', () => {
  for (const url of ['/blogs', '/blog/7-trucos-geek-setup', '/nosotros', '/garantias', '/ayuda']) {
    test(`${url} no tiene infracciones WCAG 2.1 AA`, async ({ page }) => {
      await page.goto(url);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoA11yViolations(page);
    });
  }

  test('/ayuda con respuestas abiertas y sin resultados tampoco', async ({ page }) => {
    await page.goto('/ayuda');
    for (const summary of await main(page).locator('summary').all()) await summary.click();
    await expectNoA11yViolations(page);
    await main(page).getByRole('searchbox', { name: 'Buscar en la ayuda' }).fill('bitcoin');
    await expect(main(page)).toContainText('No encontramos preguntas con esos criterios.');
    await expectNoA11yViolations(page);
  });
});
