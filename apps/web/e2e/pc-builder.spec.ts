import type { Locator, Page } from '@playwright/test';
import { expect, expectNoA11yViolations, test } from './fixtures';

// Arma tu PC with the keyboard alone: Tab to a control, Enter or Space to press it. The demo
// catalogue's parts decide what each step offers; other specs may sell some of them, so the
// test takes whatever part each step lists first.

/**
 * Presses Tab (or Shift+Tab, when the control comes before the focus) until `target` has the
 * focus: the page's own order, as a keyboard user meets it.
 */
async function tabTo(page: Page, target: Locator, max = 60) {
  for (let i = 0; i < max; i++) {
    const where = await target.evaluate((el) => {
      const active = document.activeElement;
      if (el === active) return 'here';
      if (!active || active === document.body) return 'after';
      return active.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_PRECEDING
        ? 'before'
        : 'after';
    });
    if (where === 'here') return;
    await page.keyboard.press(where === 'before' ? 'Shift+Tab' : 'Tab');
  }
  throw new Error('El foco nunca llegó al control buscado.');
}

const STEPS = [
  'Procesador',
  'Placa madre',
  'Memoria',
  'Tarjeta de video',
  'Almacenamiento',
  'Fuente de poder',
  'Gabinete',
  'Refrigeración',
];

test('armar un PC con el teclado, del carrito vacío al pago, y compartirlo', async ({
  page,
  browser,
}) => {
  // Server-rendered like the other public pages: the first step's list is in the first byte.
  const rendered = await page.request.get('/arma-tu-pc');
  expect(rendered.status()).toBe(200);
  expect(await rendered.text()).toContain('aria-label="Piezas compatibles: procesador"');

  await page.goto('/arma-tu-pc');
  await expect(page.getByRole('heading', { level: 1, name: 'Arma tu PC' })).toBeVisible();
  await expect(page.getByRole('banner').getByTestId('cart-count')).toHaveText('0');

  // The first step is open: its incompatible parts say why (none yet: nothing chosen).
  for (const [index, step] of STEPS.entries()) {
    const section = page.getByRole('region', { name: `${index + 1}. ${step}` });
    const list = section.getByRole('list', { name: /^Piezas compatibles/ });
    await expect(list).toBeVisible();
    const choose = list.getByRole('button', { name: /^Elegir / }).first();
    const name = (await choose.textContent())!.replace(/^Elegir\s*/, '').trim();
    await tabTo(page, choose);
    await page.keyboard.press('Enter');
    await expect(section.getByRole('link', { name })).toBeVisible();
    if (index === 1) {
      // With a processor and a board chosen, the memory step explains what does not fit.
      const memory = page.getByRole('region', { name: '3. Memoria' });
      const others = memory.getByRole('button', { name: /^Ver incompatibles/ });
      await tabTo(page, others);
      await page.keyboard.press('Enter');
      await expect(memory.getByRole('list', { name: /^Piezas incompatibles/ })).toBeVisible();
      await expect(memory.locator('.builder-part__reason').first()).toHaveText(/, tu placa /);
      await expectNoA11yViolations(page);
    }
  }

  const summary = page.getByRole('complementary', { name: 'Tu armado' });
  await expect(summary.getByText(/^\d+ W/).first()).toBeVisible();
  await expect(
    summary.getByText('(consumo estimado + 30 %, redondeado a los 50 W siguientes)'),
  ).toBeVisible();
  await expectNoA11yViolations(page);

  // Saved and shared: the link opens for someone with no session and no history.
  await tabTo(page, summary.getByRole('button', { name: 'Guardar y compartir' }));
  await page.keyboard.press('Enter');
  const link = summary.getByRole('link', { name: /\/arma-tu-pc\/b\/[\w-]{16}$/ });
  await expect(link).toBeVisible();
  const shared = (await link.getAttribute('href'))!;

  const guest = await browser.newContext({ baseURL: new URL(page.url()).origin });
  const other = await guest.newPage();
  const response = await other.goto(shared);
  expect(response?.status()).toBe(200);
  const html = await response!.text();
  expect(html).toContain('<meta property="og:title" content="Armado de PC compartido | Nexbyte"');
  expect(html).toMatch(/<meta property="og:description" content="8 piezas por \$[\d.]+: /);
  await other.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await expect(
    other.getByRole('heading', { level: 1, name: 'Armado de PC compartido' }),
  ).toBeVisible();
  await expect(other.getByRole('row')).toHaveCount(9);
  await expectNoA11yViolations(other);
  await tabTo(other, other.getByRole('link', { name: 'Abrir en Arma tu PC' }));
  await other.keyboard.press('Enter');
  await expect(other).toHaveURL(/\/arma-tu-pc\?procesador=\d+&placa=\d+/);
  await expect(
    other.getByRole('complementary', { name: 'Tu armado' }).getByRole('listitem'),
  ).toHaveCount(8);
  await guest.close();

  // Into the cart after the server's check, then on to checkout.
  await tabTo(page, summary.getByRole('button', { name: 'Agregar todo al carrito' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/carrito$/);
  await expect(page.getByRole('banner').getByTestId('cart-count')).toHaveText('8');
  await tabTo(page, page.getByRole('link', { name: 'Proceder al pago' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});
