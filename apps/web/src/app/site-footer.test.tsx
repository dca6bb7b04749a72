import { NEWSLETTER_MESSAGES } from '@nexbyte/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from './testing/render-app';
import { jsonResponse } from '../testing/json-response';

const fetchMock = vi.fn<typeof fetch>();

/** Answers POST /api/newsletter; the home screen's requests never settle, so they change nothing. */
function answerSubscribe(response: () => Response) {
  fetchMock.mockImplementation(async (input, init) =>
    String(input) === '/api/newsletter' && init?.method === 'POST'
      ? response()
      : new Promise<Response>(() => {}),
  );
}

const subscribeCalls = () =>
  fetchMock.mock.calls.filter(([input]) => String(input) === '/api/newsletter');

beforeEach(() => {
  fetchMock.mockReset();
  answerSubscribe(() => jsonResponse(200, { message: NEWSLETTER_MESSAGES.subscribed }));
  vi.stubGlobal('fetch', fetchMock);
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
    const [[, init]] = subscribeCalls() as [[unknown, RequestInit]];
    expect(JSON.parse(String(init.body))).toEqual({ email: 'camila@empresa.cl' });
    expect(screen.getByRole('heading', { level: 1, name: 'TIENDA ONLINE' })).toBeInTheDocument();
  });

  it('si el servidor rechaza el correo lo dice en un aviso de error y lo deja escrito', async () => {
    answerSubscribe(() =>
      jsonResponse(400, {
        message: 'Revisa los datos ingresados.',
        errors: { email: 'Formato de correo inválido.' },
      }),
    );
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
    fetchMock.mockImplementation(async (input) => {
      if (String(input) === '/api/newsletter') throw new TypeError('Failed to fetch');
      return new Promise<Response>(() => {});
    });
    const user = userEvent.setup();
    const { footer, email } = await renderFooter();

    await user.type(email, 'camila@gmail.com');
    await user.click(footer.getByRole('button', { name: 'Suscribirme' }));

    expect(await toasts().findByText('Inténtalo nuevamente más tarde.')).toBeInTheDocument();
    expect(warn).toHaveBeenCalled();
  });
});
