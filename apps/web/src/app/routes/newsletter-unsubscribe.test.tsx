import { NEWSLETTER_MESSAGES } from '@nexbyte/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../testing/render-app';
import { mockApi, type MockReply } from '../../testing/mock-api';

const TOKEN = 'k8pSTCcXW3v75kpK7KmKYjbIHfTlKMaCTulQnv7hZvE';

/** Answers POST /api/newsletter/baja with this link's token; another token never settles. */
const answerUnsubscribe = (reply: MockReply) =>
  mockApi({
    'POST /newsletter/baja': (call) =>
      (call.body as { token?: string }).token === TOKEN ? reply : new Promise<MockReply>(() => {}),
  });

afterEach(() => vi.unstubAllGlobals());

async function renderUnsubscribe(url = `/newsletter/baja#${TOKEN}`) {
  renderApp(url);
  await screen.findByRole('heading', { level: 1, name: 'Newsletter' }, { timeout: 5000 });
  return within(screen.getByRole('main'));
}

describe('Darse de baja del newsletter', () => {
  it('no hace nada hasta que la persona lo confirma, y no pide sesión', async () => {
    const api = answerUnsubscribe({ body: { message: NEWSLETTER_MESSAGES.unsubscribed } });
    const main = await renderUnsubscribe();
    expect(api.calls).toEqual([]);

    await userEvent.click(main.getByRole('button', { name: 'Darme de baja' }));

    const done = await main.findByText(NEWSLETTER_MESSAGES.unsubscribed);
    expect(done.closest('[tabindex="-1"]')).toHaveFocus();
    expect(main.queryByRole('button', { name: 'Darme de baja' })).not.toBeInTheDocument();
    expect(api.calls).toHaveLength(1);
    expect(api.calls[0]!.authorization).toBeNull();
  });

  it('un enlace que no existe lo dice', async () => {
    answerUnsubscribe({
      status: 404,
      body: { message: NEWSLETTER_MESSAGES.invalidUnsubscribeLink },
    });
    const main = await renderUnsubscribe();
    await userEvent.click(main.getByRole('button', { name: 'Darme de baja' }));
    expect(await main.findByRole('alert')).toHaveTextContent(
      NEWSLETTER_MESSAGES.invalidUnsubscribeLink,
    );
    expect(main.getByRole('button', { name: 'Darme de baja' })).toBeEnabled();
  });

  it('si falla el servidor ofrece intentarlo de nuevo', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    answerUnsubscribe({ status: 500, body: { message: 'Ocurrió un error inesperado.' } });
    const main = await renderUnsubscribe();
    await userEvent.click(main.getByRole('button', { name: 'Darme de baja' }));
    expect(await main.findByRole('alert')).toHaveTextContent(
      'No pudimos darte de baja. Inténtalo de nuevo más tarde.',
    );
    expect(warn).toHaveBeenCalled();
  });

  it('manda el token del enlace en el cuerpo, nunca en una URL', async () => {
    const api = answerUnsubscribe({ body: { message: NEWSLETTER_MESSAGES.unsubscribed } });
    const main = await renderUnsubscribe();
    await userEvent.click(main.getByRole('button', { name: 'Darme de baja' }));
    await main.findByText(NEWSLETTER_MESSAGES.unsubscribed);
    expect(api.calls.map((c) => [c.method, c.path, c.query.toString(), c.body])).toEqual([
      ['POST', '/newsletter/baja', '', { token: TOKEN }],
    ]);
  });

  it('un enlace antiguo /newsletter/baja/{token} sigue funcionando: el token pasa al fragmento', async () => {
    answerUnsubscribe({ body: { message: NEWSLETTER_MESSAGES.unsubscribed } });
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
