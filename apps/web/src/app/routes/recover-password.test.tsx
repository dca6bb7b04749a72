import { RECOVERY_MESSAGES } from '@nexbyte/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../testing/render-app';
import { mockApi, type MockReply } from '../../testing/mock-api';

/** Answers POST /api/auth/recuperar; any other call fails the test. */
const answerRecovery = (reply: MockReply) => mockApi({ 'POST /auth/recuperar': reply });

afterEach(() => vi.unstubAllGlobals());

async function renderRecover() {
  renderApp('/recuperar');
  await screen.findByRole('heading', { level: 1, name: 'Recuperar contraseña' }, { timeout: 5000 });
  return within(screen.getByRole('main'));
}

describe('Recuperar contraseña', () => {
  it('pide un correo válido de los dominios permitidos antes de enviar', async () => {
    const api = mockApi({});
    const user = userEvent.setup();
    const main = await renderRecover();

    await user.click(main.getByRole('button', { name: 'Enviar enlace' }));
    expect(await main.findByText('Formato de correo inválido.')).toBeInTheDocument();
    expect(main.getByLabelText('Correo')).toHaveFocus();

    await user.type(main.getByLabelText('Correo'), 'camila@outlook.com');
    expect(
      await main.findByText('Solo se permiten correos @duoc.cl, @profesor.duoc.cl o @gmail.com'),
    ).toBeInTheDocument();
    expect(api.calls).toEqual([]);
  });

  it('envía el correo y muestra siempre la misma respuesta, con el foco en ella', async () => {
    const api = answerRecovery({ status: 202, body: { message: RECOVERY_MESSAGES.requested } });
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
    expect(api.calls.map((c) => [c.method, c.path, c.body])).toEqual([
      ['POST', '/auth/recuperar', { correo: 'camila@gmail.com' }],
    ]);
  });

  it('muestra el mensaje del servidor cuando hay demasiadas solicitudes', async () => {
    const message = 'Demasiadas solicitudes para recuperar la contraseña. Espera unos minutos.';
    answerRecovery({ status: 429, body: { message } });
    const user = userEvent.setup();
    const main = await renderRecover();

    await user.type(main.getByLabelText('Correo'), 'camila@gmail.com');
    await user.click(main.getByRole('button', { name: 'Enviar enlace' }));

    expect(await main.findByRole('alert')).toHaveTextContent(message);
    expect(main.getByLabelText('Correo')).toHaveValue('camila@gmail.com');
  });

  it('si el servidor no responde lo dice sin detalles técnicos', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    answerRecovery({ status: 500, body: { message: 'Ocurrió un error inesperado.' } });
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
