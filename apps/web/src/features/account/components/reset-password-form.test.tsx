import { MESSAGES_RECUPERAR } from '@nexbyte/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storeSession } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render-app';
import { jsonResponse } from '../../../testing/json-response';

const TOKEN = 'Zx9_token-de-prueba-con-43-caracteres-abcdef';
const fetchMock = vi.fn<typeof fetch>();

function answerReset(response: () => Response) {
  fetchMock.mockImplementation(async (input) =>
    String(input) === `/api/auth/recuperar/${TOKEN}` ? response() : new Promise<Response>(() => {}),
  );
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

async function renderReset() {
  const app = renderApp(`/recuperar/${TOKEN}`);
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
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('guarda la contraseña con el token del enlace y lleva a /login con un aviso', async () => {
    answerReset(() => jsonResponse(200, { message: MESSAGES_RECUPERAR.actualizada }));
    storeSession();
    const { main, router } = await renderReset();
    await fill(main, 'nueva12');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Iniciar sesión' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    const toasts = within(screen.getByRole('region', { name: 'Notificaciones' }));
    expect(await toasts.findByText(MESSAGES_RECUPERAR.actualizada)).toBeInTheDocument();
    // The sessions opened before the change have ended: this tab's is forgotten too.
    expect(localStorage.getItem('nexbyte_token')).toBeNull();
    const [, init] = fetchMock.mock.calls[0]!;
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ pass: 'nueva12', pass2: 'nueva12' });
  });

  it('si el enlace venció o ya se usó, lo dice y ofrece pedir otro', async () => {
    answerReset(() => jsonResponse(400, { message: MESSAGES_RECUPERAR.enlaceInvalido }));
    const { main } = await renderReset();
    await fill(main, 'nueva12');

    const alert = await main.findByRole('alert');
    expect(alert).toHaveTextContent(MESSAGES_RECUPERAR.enlaceInvalido);
    expect(within(alert).getByRole('link', { name: 'Pide un enlace nuevo' })).toHaveAttribute(
      'href',
      '/recuperar',
    );
  });

  it('muestra en cada campo los mensajes que devuelve el servidor', async () => {
    answerReset(() =>
      jsonResponse(400, {
        message: 'Revisa los datos ingresados.',
        errors: { pass2: 'Las contraseñas no coinciden.' },
      }),
    );
    const { main } = await renderReset();
    await fill(main, 'nueva12');

    expect(await main.findByText('Las contraseñas no coinciden.')).toBeInTheDocument();
    expect(main.getByLabelText('Confirmar contraseña')).toHaveAttribute('aria-invalid', 'true');
    expect(main.queryByRole('alert')).not.toBeInTheDocument();
  });
});
