import { STOCK_ALERT_MESSAGES } from '@nexbyte/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../testing/render-app';
import { buildProducto, mockCatalogApi } from '../../testing/catalog-api';
import { buildUser, storeSession } from '../../testing/fixtures';
import { mockApi, type MockReply } from '../../testing/mock-api';

const agotado = buildProducto({ id: 7, nombre: 'SSD Kingston NV2 1TB', stock: 0 });

function mockProduct(
  product = agotado,
  alert: MockReply = { body: { message: STOCK_ALERT_MESSAGES.subscribed('camila@gmail.com') } },
) {
  return mockCatalogApi({
    'GET /productos/:id': { body: product },
    'POST /alertas-stock': () => alert,
  });
}

async function openProduct(id = 7, nombre = 'SSD Kingston NV2 1TB') {
  renderApp(`/productos/detalle/${id}`);
  await screen.findByRole('heading', { level: 1, name: nombre }, { timeout: 5000 });
}

describe('Avísame cuando llegue', () => {
  it('en un producto agotado pide un correo y confirma lo que respondió el servidor', async () => {
    const api = mockProduct(agotado, {
      body: { message: STOCK_ALERT_MESSAGES.subscribed('ana@gmail.com') },
    });
    await openProduct();
    expect(screen.getByRole('button', { name: 'Sin stock' })).toBeDisabled();
    const correo = screen.getByRole('textbox', { name: /cuando vuelva a haber stock/ });
    await userEvent.type(correo, 'ana@gmail.com');
    await userEvent.click(screen.getByRole('button', { name: 'Avísame cuando llegue' }));
    const done = await screen.findByText('Listo. Te avisaremos a ana@gmail.com cuando llegue.');
    expect(done.closest('[role="status"]')).not.toBeNull();
    expect(api.calls.filter((c) => c.method === 'POST')[0]!.body).toEqual({
      productoId: 7,
      correo: 'ana@gmail.com',
    });
  });

  it('con sesión muestra el correo de la cuenta, sin poder cambiarlo', async () => {
    storeSession(buildUser({ correo: 'camila@gmail.com' }));
    const api = mockProduct();
    await openProduct();
    const correo = screen.getByRole('textbox', { name: /cuando vuelva a haber stock/ });
    expect(correo).toHaveValue('camila@gmail.com');
    expect(correo).toHaveAttribute('readonly');
    await userEvent.click(screen.getByRole('button', { name: 'Avísame cuando llegue' }));
    await screen.findByText(STOCK_ALERT_MESSAGES.subscribed('camila@gmail.com'));
    const post = api.calls.find((c) => c.method === 'POST')!;
    expect(post.body).toEqual({ productoId: 7, correo: 'camila@gmail.com' });
    expect(post.authorization).toBe('Bearer token-de-prueba');
  });

  it('muestra junto al campo lo que el servidor objetó del correo', async () => {
    mockProduct(agotado, {
      status: 400,
      body: { message: 'Datos inválidos.', errors: { correo: STOCK_ALERT_MESSAGES.correo } },
    });
    await openProduct();
    const correo = screen.getByRole('textbox', { name: /cuando vuelva a haber stock/ });
    await userEvent.type(correo, 'ana@gmail.com');
    await userEvent.click(screen.getByRole('button', { name: 'Avísame cuando llegue' }));
    const error = await screen.findByText(STOCK_ALERT_MESSAGES.correo);
    expect(error).toHaveAttribute('role', 'alert');
    expect(correo).toHaveAccessibleDescription(STOCK_ALERT_MESSAGES.correo);
    expect(correo).toHaveAttribute('aria-invalid', 'true');
  });

  it('un producto con stock no ofrece el aviso', async () => {
    mockProduct(buildProducto({ id: 8, nombre: 'Mouse', stock: 4 }));
    await openProduct(8, 'Mouse');
    expect(screen.getByRole('button', { name: 'Añadir al carrito' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Avísame cuando llegue' })).toBeNull();
  });
});

describe('Dejar de recibir avisos de stock', () => {
  const TOKEN = 'Y2FtaWxhQGdtYWlsLmNvbQ.firma';

  it('espera el clic, no pide sesión y confirma en la página', async () => {
    const api = mockApi({
      'POST /alertas-stock/baja': { body: { message: STOCK_ALERT_MESSAGES.unsubscribed } },
    });
    renderApp(`/alertas/baja#${TOKEN}`);
    const main = within(
      (await screen.findByRole('heading', { level: 1, name: 'Avisos de stock' })).closest('main')!,
    );
    expect(api.calls).toEqual([]);
    await userEvent.click(main.getByRole('button', { name: 'No quiero más avisos' }));
    const done = await main.findByText(STOCK_ALERT_MESSAGES.unsubscribed);
    expect(done.closest('[tabindex="-1"]')).toHaveFocus();
    expect(api.calls[0]!.body).toEqual({ token: TOKEN });
    expect(api.calls[0]!.authorization).toBeNull();
  });

  it('un enlace alterado lo dice', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    mockApi({
      'POST /alertas-stock/baja': {
        status: 404,
        body: { message: STOCK_ALERT_MESSAGES.invalidUnsubscribeLink },
      },
    });
    renderApp(`/alertas/baja#${TOKEN}`);
    await userEvent.click(
      await screen.findByRole('button', { name: 'No quiero más avisos' }, { timeout: 5000 }),
    );
    expect(await within(screen.getByRole('main')).findByRole('alert')).toHaveTextContent(
      STOCK_ALERT_MESSAGES.invalidUnsubscribeLink,
    );
  });
});
