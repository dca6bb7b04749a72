import type { AjustesEnvio } from '@nexbyte/shared';
import { ADMIN, expect, expectNoA11yViolations, logIn, orderNumberOnPage, test } from './fixtures';

// Store pickup at checkout, and the owner's shipping and coupon screens. The desktop and mobile
// runs share one server and database: each run uses names and amounts of its own.

test.describe('envíos y cupones', () => {
  test('un invitado elige Retiro en tienda: paga $0 de envío y el pedido muestra la dirección de la tienda', async ({
    page,
    isMobile,
  }) => {
    const settings = (await (await page.request.get('/api/envios')).json()) as AjustesEnvio;
    const store = settings.retiro!;
    expect(store.activo).toBe(true);
    const [product] = (await (
      await page.request.get('/api/productos?q=Pasta%20t%C3%A9rmica%20Arctic')
    ).json()) as { id: number; nombre: string }[];

    await page.goto(`/productos/detalle/${product!.id}`);
    await page.getByRole('button', { name: 'Añadir al carrito' }).click();
    await expect(page.getByRole('banner').getByTestId('cart-count')).toHaveText('1');
    await page.goto('/checkout');
    await expect(page.getByRole('heading', { level: 1, name: 'Finalizar compra' })).toBeVisible();
    await page.getByRole('radio', { name: 'Retiro en tienda' }).check();
    await expect(page.getByLabel('Dirección', { exact: true })).toHaveCount(0);
    await expect(page.getByText(store.direccion)).toBeVisible();
    await expect(page.getByText(`Horario: ${store.horario}.`)).toBeVisible();
    const summary = page.getByRole('complementary', { name: 'Resumen del pedido' });
    await expect(summary).toContainText('EnvíoGratis');

    await page.getByLabel('Nombre y apellidos', { exact: true }).fill('Josefa Muñoz');
    await page
      .getByLabel('Correo', { exact: true })
      .fill(`retiro.${isMobile ? 'movil' : 'escritorio'}@gmail.com`);
    await page.getByLabel('RUN', { exact: true }).fill('7.654.321-6');
    await page.getByLabel('Teléfono', { exact: true }).pressSequentially('912345678');
    await page.getByRole('radio', { name: 'Transferencia bancaria' }).check();
    await expectNoA11yViolations(page);
    await page.getByRole('button', { name: 'Confirmar pedido' }).click();

    await orderNumberOnPage(page);
    const delivery = page.getByRole('region', { name: 'Entrega' });
    await expect(delivery).toContainText('Retiro en tienda');
    await expect(delivery).toContainText(store.direccion);
    await expect(delivery).toContainText(`Horario de retiro: ${store.horario}`);
    await expect(page.getByText('EnvíoGratis').or(page.getByText('Envío$0'))).toBeVisible();
  });

  test('el administrador cambia el precio de una región y edita un cupón', async ({
    page,
    isMobile,
  }) => {
    const region = isMobile ? 'Maule' : 'Ñuble';
    const price = isMobile ? '5990' : '6490';
    const code = isMobile ? 'E2EMOVIL' : 'E2EESCRITORIO';

    await logIn(page, ADMIN);
    await expect(page).toHaveURL(/\/admin$/);
    await page.goto('/admin/envios');
    await expect(page.getByRole('heading', { level: 1, name: 'Envíos' })).toBeVisible();
    await expectNoA11yViolations(page);
    await page.getByLabel(`Precio del despacho a ${region}`).fill(price);
    await page.getByRole('button', { name: 'Guardar envíos' }).click();
    await expect(page.getByText('Envíos guardados')).toBeVisible();
    const settings = (await (await page.request.get('/api/envios')).json()) as AjustesEnvio;
    expect(settings.regiones.find((t) => t.region === region)?.precio).toBe(Number(price));

    await page.goto('/admin/cupones');
    await expect(page.getByRole('heading', { level: 1, name: 'Cupones' })).toBeVisible();
    await expect(page.getByRole('row', { name: /NEX10/ })).toBeVisible();
    const form = page.getByRole('region', { name: 'Nuevo cupón' });
    await form.getByLabel('Código').fill(code);
    await form.getByLabel('Tipo').selectOption('amount');
    await form.getByLabel('Monto en pesos').fill('2000');
    await form.getByLabel('Etiqueta').fill('$2.000 de descuento');
    await form.getByRole('button', { name: 'Crear cupón' }).click();
    const row = page.getByRole('row', { name: new RegExp(code) });
    await expect(row).toContainText('$2.000');
    await expectNoA11yViolations(page);

    await row.getByRole('button', { name: `Editar ${code}` }).click();
    const dialog = page.getByRole('dialog', { name: `Editar ${code}` });
    await dialog.getByLabel('Monto en pesos').fill('3000');
    await dialog.getByLabel('Etiqueta').fill('$3.000 de descuento');
    await expectNoA11yViolations(page);
    await dialog.getByRole('button', { name: 'Guardar cambios' }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toContainText('$3.000 de descuento');
  });
});
