import { COMMON_PASSWORD_MESSAGE, RECOVERY_MESSAGES } from '@nexbyte/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storeSession } from '../../testing/fixtures';
import { renderApp } from '../testing/render-app';
import { mockApi, type MockHandler, type MockReply } from '../../testing/mock-api';
import { buildConfig } from '../../testing/order-fixtures';

const TOKEN = 'Zx9_token-de-prueba-con-43-caracteres-abcdef';
const never = () => new Promise<MockReply>(() => {});

/** Answers POST /api/auth/restablecer; GET /api/config (the password policy) never settles. */
const answerReset = (reply: MockHandler, config: MockHandler = never) =>
  mockApi({ 'POST /auth/restablecer': reply, 'GET /config': config });

let api: ReturnType<typeof mockApi>;
beforeEach(() => {
  api = answerReset(never);
});
afterEach(() => vi.unstubAllGlobals());

const resetCall = () => api.calls.find((c) => c.path === '/auth/restablecer');

async function renderReset(url = `/recuperar#${TOKEN}`) {
  const app = renderApp(url);
  await screen.findByRole('heading', { level: 1, name: 'Nueva contraseña' }, { timeout: 5000 });
  return { ...app, main: within(screen.getByRole('main')) };
}

async function fill(main: ReturnType<typeof within>, pass: string, pass2 = pass) {
  const user = userEvent.setup();
  await user.type(main.getByLabelText('Nueva contraseña'), pass);
  await user.type(main.getByLabelText('Confirmar contraseña'), pass2);
  await user.click(main.getByRole('button', { name: 'Guardar contraseña' }));
}

describe('Nueva contraseña', () => {
  it('aplica las reglas de la contraseña y de la confirmación', async () => {
    const { main } = await renderReset();
    await fill(main, 'abc', 'abd');
    expect(
      await main.findByText('La contraseña debe tener entre 4 y 10 caracteres.'),
    ).toBeInTheDocument();
    expect(main.getByText('Las contraseñas no coinciden.')).toBeInTheDocument();
    // Nothing sent: the only call is the form learning the password policy (GET /config).
    expect(api.calls.filter((c) => c.path !== '/config')).toEqual([]);
  });

  it('guarda la contraseña con el token del enlace y lleva a /login con un aviso', async () => {
    api = answerReset({ body: { message: RECOVERY_MESSAGES.passwordSet } });
    storeSession();
    const { main, router } = await renderReset();
    await fill(main, 'nueva12');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Iniciar sesión' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    const toasts = within(screen.getByRole('region', { name: 'Notificaciones' }));
    expect(await toasts.findByText(RECOVERY_MESSAGES.passwordSet)).toBeInTheDocument();
    // The sessions opened before the change have ended: this tab's is forgotten too.
    expect(localStorage.getItem('nexbyte_token')).toBeNull();
    // The token travels in the body, never in a URL.
    expect(resetCall()?.body).toEqual({ token: TOKEN, pass: 'nueva12', pass2: 'nueva12' });
    for (const call of api.calls) {
      expect(`${call.path}?${call.query.toString()}`).not.toContain(TOKEN);
    }
  });

  it('un enlace antiguo /recuperar/{token} sigue funcionando: el token pasa al fragmento', async () => {
    api = answerReset({ body: { message: RECOVERY_MESSAGES.passwordSet } });
    const { main, router } = await renderReset(`/recuperar/${TOKEN}`);
    expect(router.state.location.pathname).toBe('/recuperar');
    expect(router.state.location.hash).toBe(`#${TOKEN}`);
    expect(router.state.historyAction).toBe('REPLACE');
    await fill(main, 'nueva12');

    await screen.findByRole('heading', { level: 1, name: 'Iniciar sesión' });
    expect(resetCall()?.body).toMatchObject({ token: TOKEN });
  });

  it('si el enlace venció o ya se usó, lo dice y ofrece pedir otro', async () => {
    answerReset({ status: 400, body: { message: RECOVERY_MESSAGES.invalidLink } });
    const { main } = await renderReset();
    await fill(main, 'nueva12');

    const alert = await main.findByRole('alert');
    expect(alert).toHaveTextContent(RECOVERY_MESSAGES.invalidLink);
    expect(within(alert).getByRole('link', { name: 'Pide un enlace nuevo' })).toHaveAttribute(
      'href',
      '/recuperar',
    );
  });

  it('muestra en cada campo los mensajes que devuelve el servidor', async () => {
    answerReset({
      status: 400,
      body: {
        message: 'Revisa los datos ingresados.',
        errors: { pass2: 'Las contraseñas no coinciden.' },
      },
    });
    const { main } = await renderReset();
    await fill(main, 'nueva12');

    expect(await main.findByText('Las contraseñas no coinciden.')).toBeInTheDocument();
    expect(main.getByLabelText('Confirmar contraseña')).toHaveAttribute('aria-invalid', 'true');
    expect(main.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('con PASSWORD_POLICY=fuerte pide 8 a 64 caracteres y muestra el rechazo de una contraseña común', async () => {
    api = answerReset(
      {
        status: 400,
        body: { message: COMMON_PASSWORD_MESSAGE, errors: { pass: COMMON_PASSWORD_MESSAGE } },
      },
      { body: { ...buildConfig(), politicaPassword: 'fuerte' } },
    );
    const { main } = await renderReset();
    expect(await main.findByText('Entre 8 y 64 caracteres.')).toBeInTheDocument();

    await fill(main, 'corta1');
    expect(
      await main.findByText('La contraseña debe tener entre 8 y 64 caracteres.'),
    ).toBeInTheDocument();
    expect(resetCall()).toBeUndefined();

    const user = userEvent.setup();
    for (const label of ['Nueva contraseña', 'Confirmar contraseña']) {
      await user.clear(main.getByLabelText(label));
      await user.type(main.getByLabelText(label), 'una clave de once o más');
    }
    await user.click(main.getByRole('button', { name: 'Guardar contraseña' }));
    expect(await main.findByText(COMMON_PASSWORD_MESSAGE)).toBeInTheDocument();
    expect(main.getByLabelText('Nueva contraseña')).toHaveAttribute('aria-invalid', 'true');
  });
});
