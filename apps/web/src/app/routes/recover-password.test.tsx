import { RECOVERY_MESSAGES } from '@nexbyte/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../testing/render-app';
import { jsonResponse } from '../../testing/json-response';

const fetchMock = vi.fn<typeof fetch>();

/** Answers POST /api/auth/recuperar; other requests never settle, so they change nothing. */
function answerRecovery(response: () => Response) {
  fetchMock.mockImplementation(async (input) =>
    String(input) === '/api/auth/recuperar' ? response() : new Promise<Response>(() => {}),
  );
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

async function renderRecover() {
  renderApp('/recuperar');
  await screen.findByRole('heading', { level: 1, name: 'Recuperar contraseña' }, { timeout: 5000 });
  return within(screen.getByRole('main'));
}

describe('Recuperar contraseña', () => {
  it('pide un correo válido de los dominios permitidos antes de enviar', async () => {
    const user = userEvent.setup();
    const main = await renderRecover();

    await user.click(main.getByRole('button', { name: 'Enviar enlace' }));
    expect(await main.findByText('Formato de correo inválido.')).toBeInTheDocument();
    expect(main.getByLabelText('Correo')).toHaveFocus();

    await user.type(main.getByLabelText('Correo'), 'camila@outlook.com');
    expect(
      await main.findByText('Solo se permiten correos @duoc.cl, @profesor.duoc.cl o @gmail.com'),
    ).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('envía el correo y muestra siempre la misma respuesta, con el foco en ella', async () => {
    answerRecovery(() => jsonResponse(202, { message: RECOVERY_MESSAGES.requested }));
    const user = userEvent.setup();
    const main = await renderRecover();

    await user.type(main.getByLabelText('Correo'), ' Camila@Gmail.com ');
    await user.click(main.getByRole('button', { name: 'Enviar enlace' }));

    const notice = await main.findByText(RECOVERY_MESSAGES.requested);
    expect(notice.closest('[tabindex="-1"]')).toHaveFocus();
    expect(main.getByText(/vale por 30 minutos/)).toBeInTheDocument();
    expect(main.getByRole('link', { name: 'Volver a iniciar sesión' })).toHaveAttribute(
      'href',
      '/login',
    );
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/auth/recuperar');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ correo: 'camila@gmail.com' });
  });

  it('muestra el mensaje del servidor cuando hay demasiadas solicitudes', async () => {
    const message = 'Demasiadas solicitudes para recuperar la contraseña. Espera unos minutos.';
    answerRecovery(() => jsonResponse(429, { message }));
    const user = userEvent.setup();
    const main = await renderRecover();

    await user.type(main.getByLabelText('Correo'), 'camila@gmail.com');
    await user.click(main.getByRole('button', { name: 'Enviar enlace' }));

    expect(await main.findByRole('alert')).toHaveTextContent(message);
    expect(main.getByLabelText('Correo')).toHaveValue('camila@gmail.com');
  });

  it('si el servidor no responde lo dice sin detalles técnicos', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    answerRecovery(() => jsonResponse(500, { message: 'Ocurrió un error inesperado.' }));
    const user = userEvent.setup();
    const main = await renderRecover();

    await user.type(main.getByLabelText('Correo'), 'camila@gmail.com');
    await user.click(main.getByRole('button', { name: 'Enviar enlace' }));

    expect(await main.findByRole('alert')).toHaveTextContent(
      'No pudimos procesar tu solicitud. Inténtalo de nuevo más tarde.',
    );
    expect(warn).toHaveBeenCalled();
  });
});
