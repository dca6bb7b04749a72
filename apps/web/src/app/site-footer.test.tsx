import { NEWSLETTER_MESSAGES } from '@nexbyte/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from './testing/render-app';
import { mockApi, NEVER, type MockHandler } from '../testing/mock-api';

/** Answers POST /api/newsletter; the home screen's requests never settle, so they change nothing. */
const answerSubscribe = (reply: MockHandler) =>
  mockApi({ 'POST /newsletter': reply }, { otherwise: NEVER });

let api: ReturnType<typeof mockApi>;
const subscribeCalls = () => api.calls.filter((c) => c.path === '/newsletter');

beforeEach(() => {
  api = answerSubscribe({ body: { message: NEWSLETTER_MESSAGES.subscribed } });
});
afterEach(() => vi.unstubAllGlobals());

async function renderFooter() {
  renderApp('/');
  await screen.findByRole('heading', { level: 1 });
  const footer = within(screen.getByRole('contentinfo'));
  return { footer, email: footer.getByRole('textbox', { name: /correo/i }) };
}

const toasts = () => within(screen.getByRole('region', { name: 'Notificaciones' }));

describe('SiteFooter', () => {
  it('lleva las categorías a /productos y muestra el año actual', async () => {
    renderApp('/');
    await screen.findByRole('heading', { level: 1 });
    const footer = screen.getByRole('contentinfo');
    for (const name of [
      'Periféricos',
      'Componentes',
      'Accesorios',
      'Almacenamiento',
      'Monitores',
      'Notebooks',
    ]) {
      expect(within(footer).getByRole('link', { name })).toHaveAttribute('href', '/productos');
    }
    expect(within(footer).getByRole('link', { name: 'Garantías' })).toHaveAttribute(
      'href',
      '/garantias',
    );
    expect(
      within(footer).getByText(
        `© ${new Date().getFullYear()} Nexbyte. Todos los derechos reservados.`,
      ),
    ).toBeInTheDocument();
  });

  it('el newsletter pide un correo válido antes de enviar', async () => {
    const user = userEvent.setup();
    const { footer, email } = await renderFooter();
    expect(email).toHaveAttribute('type', 'email');
    expect(email).toBeRequired();

    await user.click(footer.getByRole('button', { name: 'Suscribirme' }));
    await user.type(email, 'no-es-un-correo');
    expect(email).toBeInvalid();
    await user.click(footer.getByRole('button', { name: 'Suscribirme' }));
    expect(subscribeCalls()).toEqual([]);
    await user.clear(email);
    await user.type(email, 'camila@gmail.com');
    expect(email).toBeValid();
  });

  it('suscribe el correo, lo confirma con un aviso y limpia el campo', async () => {
    const user = userEvent.setup();
    const { footer, email } = await renderFooter();

    await user.type(email, 'camila@empresa.cl');
    await user.click(footer.getByRole('button', { name: 'Suscribirme' }));

    expect(await toasts().findByText(NEWSLETTER_MESSAGES.subscribed)).toBeInTheDocument();
    expect(toasts().getByText('Listo')).toBeInTheDocument();
    await waitFor(() => expect(email).toHaveValue(''));
    expect(subscribeCalls().map((c) => [c.method, c.body])).toEqual([
      ['POST', { email: 'camila@empresa.cl' }],
    ]);
    expect(screen.getByRole('heading', { level: 1, name: 'TIENDA ONLINE' })).toBeInTheDocument();
  });

  it('si el servidor rechaza el correo lo dice en un aviso de error y lo deja escrito', async () => {
    answerSubscribe({
      status: 400,
      body: {
        message: 'Revisa los datos ingresados.',
        errors: { email: 'Formato de correo inválido.' },
      },
    });
    const user = userEvent.setup();
    const { footer, email } = await renderFooter();

    await user.type(email, 'camila@gmail.com');
    await user.click(footer.getByRole('button', { name: 'Suscribirme' }));

    const alert = await within(screen.getByRole('region', { name: 'Notificaciones' })).findByRole(
      'alert',
    );
    expect(await within(alert).findByText('Formato de correo inválido.')).toBeInTheDocument();
    expect(within(alert).getByText('No pudimos suscribirte')).toBeInTheDocument();
    expect(email).toHaveValue('camila@gmail.com');
  });

  it('sin conexión ofrece intentarlo más tarde', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    answerSubscribe(() => {
      throw new TypeError('Failed to fetch');
    });
    const user = userEvent.setup();
    const { footer, email } = await renderFooter();

    await user.type(email, 'camila@gmail.com');
    await user.click(footer.getByRole('button', { name: 'Suscribirme' }));

    expect(await toasts().findByText('Inténtalo nuevamente más tarde.')).toBeInTheDocument();
    expect(warn).toHaveBeenCalled();
  });
});
