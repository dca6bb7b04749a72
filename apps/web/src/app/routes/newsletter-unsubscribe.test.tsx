import { NEWSLETTER_MESSAGES } from '@nexbyte/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../testing/render-app';
import { jsonResponse } from '../../testing/json-response';

const TOKEN = 'k8pSTCcXW3v75kpK7KmKYjbIHfTlKMaCTulQnv7hZvE';
const fetchMock = vi.fn<typeof fetch>();

function answerUnsubscribe(response: () => Response) {
  fetchMock.mockImplementation(async (input, init) =>
    String(input) === '/api/newsletter/baja' &&
    init?.method === 'POST' &&
    JSON.parse(String(init.body)).token === TOKEN
      ? response()
      : new Promise<Response>(() => {}),
  );
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

async function renderUnsubscribe(url = `/newsletter/baja#${TOKEN}`) {
  renderApp(url);
  await screen.findByRole('heading', { level: 1, name: 'Newsletter' }, { timeout: 5000 });
  return within(screen.getByRole('main'));
}

describe('Darse de baja del newsletter', () => {
  it('no hace nada hasta que la persona lo confirma, y no pide sesión', async () => {
    answerUnsubscribe(() => jsonResponse(200, { message: NEWSLETTER_MESSAGES.unsubscribed }));
    const main = await renderUnsubscribe();
    expect(fetchMock).not.toHaveBeenCalled();

    await userEvent.click(main.getByRole('button', { name: 'Darme de baja' }));

    const done = await main.findByText(NEWSLETTER_MESSAGES.unsubscribed);
    expect(done.closest('[tabindex="-1"]')).toHaveFocus();
    expect(main.queryByRole('button', { name: 'Darme de baja' })).not.toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(new Headers(fetchMock.mock.calls[0]![1]?.headers).has('Authorization')).toBe(false);
  });

  it('un enlace que no existe lo dice', async () => {
    answerUnsubscribe(() =>
      jsonResponse(404, { message: NEWSLETTER_MESSAGES.invalidUnsubscribeLink }),
    );
    const main = await renderUnsubscribe();
    await userEvent.click(main.getByRole('button', { name: 'Darme de baja' }));
    expect(await main.findByRole('alert')).toHaveTextContent(
      NEWSLETTER_MESSAGES.invalidUnsubscribeLink,
    );
    expect(main.getByRole('button', { name: 'Darme de baja' })).toBeEnabled();
  });

  it('si falla el servidor ofrece intentarlo de nuevo', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    answerUnsubscribe(() => jsonResponse(500, { message: 'Ocurrió un error inesperado.' }));
    const main = await renderUnsubscribe();
    await userEvent.click(main.getByRole('button', { name: 'Darme de baja' }));
    expect(await main.findByRole('alert')).toHaveTextContent(
      'No pudimos darte de baja. Inténtalo de nuevo más tarde.',
    );
    expect(warn).toHaveBeenCalled();
  });

  it('manda el token del enlace en el cuerpo, nunca en una URL', async () => {
    answerUnsubscribe(() => jsonResponse(200, { message: NEWSLETTER_MESSAGES.unsubscribed }));
    const main = await renderUnsubscribe();
    await userEvent.click(main.getByRole('button', { name: 'Darme de baja' }));
    await main.findByText(NEWSLETTER_MESSAGES.unsubscribed);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toBe('/api/newsletter/baja');
    expect(JSON.parse(String(init?.body))).toEqual({ token: TOKEN });
  });

  it('un enlace antiguo /newsletter/baja/{token} sigue funcionando: el token pasa al fragmento', async () => {
    answerUnsubscribe(() => jsonResponse(200, { message: NEWSLETTER_MESSAGES.unsubscribed }));
    const { router } = renderApp(`/newsletter/baja/${TOKEN}`);
    await screen.findByRole('heading', { level: 1, name: 'Newsletter' });
    expect(router.state.location.pathname).toBe('/newsletter/baja');
    expect(router.state.location.hash).toBe(`#${TOKEN}`);
    expect(router.state.historyAction).toBe('REPLACE');
    const main = within(screen.getByRole('main'));
    await userEvent.click(main.getByRole('button', { name: 'Darme de baja' }));
    expect(await main.findByText(NEWSLETTER_MESSAGES.unsubscribed)).toBeInTheDocument();
  });

  it('sin token en la dirección dice que el enlace no es válido', async () => {
    const main = await renderUnsubscribe('/newsletter/baja');
    expect(main.getByRole('alert')).toHaveTextContent(NEWSLETTER_MESSAGES.invalidUnsubscribeLink);
    expect(main.queryByRole('button', { name: 'Darme de baja' })).not.toBeInTheDocument();
  });
});
