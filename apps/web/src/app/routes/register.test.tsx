import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { REGISTER_REDIRECT_MS } from '@nexbyte/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildUser } from '../../testing/fixtures';
import { renderApp } from '../testing/render-app';
import { mockApi, NEVER, type MockHandler, type MockReply } from '../../testing/mock-api';

/** Answers POST /api/auth/registro; other screens' requests never settle, so they change nothing. */
let api: ReturnType<typeof mockApi>;
const answerRegistro = (reply: MockHandler) =>
  (api = mockApi({ 'POST /auth/registro': reply }, { otherwise: NEVER }));

function sentBody(): Record<string, unknown> {
  return api.calls.find((c) => c.path === '/auth/registro')?.body as Record<string, unknown>;
}

beforeEach(() => answerRegistro(NEVER));
afterEach(() => vi.unstubAllGlobals());

async function renderRegistro() {
  const app = renderApp('/registro');
  await screen.findByRole('heading', { level: 1, name: 'Registro' }, { timeout: 5000 });
  return { ...app, main: within(screen.getByRole('main')) };
}

type Main = Awaited<ReturnType<typeof renderRegistro>>['main'];

async function fillValidForm(user: UserEvent, main: Main) {
  await user.type(main.getByLabelText('Nombre'), 'Camila');
  await user.type(main.getByLabelText('Apellidos'), 'Rojas Soto');
  await user.type(main.getByLabelText('RUN'), '11.111.111-1');
  await user.type(main.getByLabelText(/^Teléfono/), '912345678');
  await user.type(main.getByLabelText('Correo'), 'Camila@Gmail.com');
  await user.type(main.getByLabelText('Contraseña'), 'clave123');
  await user.type(main.getByLabelText('Confirmar contraseña'), 'clave123');
  await user.selectOptions(main.getByLabelText('Región'), 'Metropolitana de Santiago');
  await user.selectOptions(main.getByLabelText('Comuna'), 'Ñuñoa');
  await user.type(main.getByLabelText('Dirección'), 'Av. Irarrázaval 1234');
}

describe('Registro', () => {
  it('al enviar vacío muestra el mensaje de cada campo y enfoca el primero', async () => {
    const user = userEvent.setup();
    const { main } = await renderRegistro();

    await user.click(main.getByRole('button', { name: 'Crear cuenta' }));

    for (const message of [
      'El RUN ingresado no es válido.',
      'El nombre es requerido.',
      'El apellido es requerido.',
      'Formato de correo inválido.',
      'La contraseña debe tener entre 4 y 10 caracteres.',
      'Debes seleccionar una región.',
      'Debes seleccionar una comuna.',
      'La dirección es requerida.',
    ]) {
      expect(await main.findByText(message)).toBeInTheDocument();
    }
    expect(main.getByLabelText('Nombre')).toHaveFocus();
    expect(main.getByLabelText('RUN')).toHaveAccessibleDescription(
      'Ej.: 12.345.678-5 El RUN ingresado no es válido.',
    );
    expect(main.getByLabelText('RUN')).toHaveAttribute('aria-invalid', 'true');
    // Nothing sent: the only call is the form learning the password policy (GET /config).
    expect(api.calls.map((c) => c.path).filter((path) => path !== '/config')).toEqual([]);
  });

  it('enfoca la región cuando es el primer campo inválido en la página', async () => {
    const user = userEvent.setup();
    const { main } = await renderRegistro();
    await fillValidForm(user, main);
    await user.selectOptions(main.getByLabelText('Región'), '');
    await user.clear(main.getByLabelText('Dirección'));

    await user.click(main.getByRole('button', { name: 'Crear cuenta' }));

    expect(await main.findByText('Debes seleccionar una región.')).toBeInTheDocument();
    expect(main.getByText('La dirección es requerida.')).toBeInTheDocument();
    expect(main.getByLabelText('Región')).toHaveFocus();
  });

  it('un RUN con el dígito verificador equivocado no es válido', async () => {
    const user = userEvent.setup();
    const { main } = await renderRegistro();

    await user.type(main.getByLabelText('RUN'), '12.345.678-9');
    await user.tab();

    expect(await main.findByText('El RUN ingresado no es válido.')).toBeInTheDocument();
  });

  it('solo acepta correos de los dominios permitidos', async () => {
    const user = userEvent.setup();
    const { main } = await renderRegistro();

    await user.type(main.getByLabelText('Correo'), 'camila@hotmail.com');
    await user.tab();

    expect(
      await main.findByText('Solo se permiten correos @duoc.cl, @profesor.duoc.cl o @gmail.com'),
    ).toBeInTheDocument();
  });

  it('avisa cuando las contraseñas no coinciden', async () => {
    const user = userEvent.setup();
    const { main } = await renderRegistro();

    await user.type(main.getByLabelText('Contraseña'), 'clave123');
    await user.type(main.getByLabelText('Confirmar contraseña'), 'clave124');
    await user.tab();

    expect(await main.findByText('Las contraseñas no coinciden.')).toBeInTheDocument();
  });

  it('cada contraseña tiene su propio botón para mostrarla u ocultarla', async () => {
    const user = userEvent.setup();
    const { main } = await renderRegistro();
    const [showPass, showPass2] = main.getAllByRole('button', { name: /^Mostrar\s*contraseña$/ });

    await user.click(showPass!);

    expect(main.getByLabelText('Contraseña')).toHaveAttribute('type', 'text');
    expect(main.getByLabelText('Confirmar contraseña')).toHaveAttribute('type', 'password');
    expect(showPass2).toHaveAttribute('aria-pressed', 'false');
  });

  it('da formato al teléfono mientras se escribe', async () => {
    const user = userEvent.setup();
    const { main } = await renderRegistro();
    const phone = main.getByLabelText(/^Teléfono/);

    await user.type(phone, '912345678');

    expect(phone).toHaveValue('9 1234 5678');
    expect(phone).toHaveAttribute('inputmode', 'tel');
    expect(phone).toHaveAccessibleDescription('9 XXXX XXXX');
  });

  it('un teléfono incompleto muestra el formato esperado', async () => {
    const user = userEvent.setup();
    const { main } = await renderRegistro();

    await user.type(main.getByLabelText(/^Teléfono/), '91234');
    await user.tab();

    expect(await main.findByText('Formato de teléfono debe ser 9 XXXX XXXX')).toBeInTheDocument();
  });

  it('la comuna se habilita al elegir región y sus opciones cambian con la región', async () => {
    const user = userEvent.setup();
    const { main } = await renderRegistro();
    const comuna = main.getByLabelText('Comuna');
    expect(comuna).toBeDisabled();

    await user.selectOptions(main.getByLabelText('Región'), 'Valparaíso');
    expect(comuna).toBeEnabled();
    await user.selectOptions(comuna, 'Viña del Mar');
    await user.selectOptions(main.getByLabelText('Región'), 'Metropolitana de Santiago');

    expect(comuna).toHaveValue('');
    expect(within(comuna).getByRole('option', { name: 'Ñuñoa' })).toBeInTheDocument();
    expect(within(comuna).queryByRole('option', { name: 'Viña del Mar' })).not.toBeInTheDocument();
  });

  it('al registrarse envía los datos, muestra Cuenta creada y lleva a /login tras 1,2 s', async () => {
    answerRegistro({ status: 201, body: buildUser() });
    const user = userEvent.setup();
    const { main, router } = await renderRegistro();
    await fillValidForm(user, main);

    await user.click(main.getByRole('button', { name: 'Crear cuenta' }));

    const status = await main.findByText('Cuenta creada');
    const shownAt = Date.now();
    expect(main.getByRole('link', { name: 'Iniciar sesión' })).toHaveAttribute('href', '/login');
    const toast = within(screen.getByRole('region', { name: 'Notificaciones' })).getByTestId(
      'toast',
    );
    expect(within(toast).getByText('Cuenta creada')).toBeInTheDocument();
    expect(status.closest('.auth-success')).toHaveFocus();
    expect(sentBody()).toEqual({
      run: '11111111-1',
      nombre: 'Camila',
      apellidos: 'Rojas Soto',
      correo: 'camila@gmail.com',
      telefono: '9 1234 5678',
      pass: 'clave123',
      pass2: 'clave123',
      region: 'Metropolitana de Santiago',
      comuna: 'Ñuñoa',
      direccion: 'Av. Irarrázaval 1234',
    });
    expect(router.state.location.pathname).toBe('/registro');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Iniciar sesión' }, { timeout: 3000 }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    // Timers may fire a millisecond early; the redirect must not come noticeably before 1.2 s.
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(REGISTER_REDIRECT_MS - 50);
  });

  it('si se sale de la pantalla antes de la redirección, no lleva a /login', async () => {
    answerRegistro({ status: 201, body: buildUser() });
    const user = userEvent.setup();
    const { main, router } = await renderRegistro();
    await fillValidForm(user, main);
    await user.click(main.getByRole('button', { name: 'Crear cuenta' }));
    await main.findByText('Cuenta creada');

    await user.click(within(screen.getByRole('banner')).getByRole('link', { name: 'Productos' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/productos'));
    await new Promise((resolve) => setTimeout(resolve, REGISTER_REDIRECT_MS + 200));

    expect(router.state.location.pathname).toBe('/productos');
  });

  it('un correo ya registrado (409) muestra el mensaje del servidor junto al campo', async () => {
    answerRegistro({
      status: 409,
      body: {
        message: 'El correo ya está registrado.',
        errors: { correo: 'El correo ya está registrado.' },
      },
    });
    const user = userEvent.setup();
    const { main } = await renderRegistro();
    await fillValidForm(user, main);

    await user.click(main.getByRole('button', { name: 'Crear cuenta' }));

    expect(await main.findByRole('alert')).toHaveTextContent('El correo ya está registrado.');
    expect(main.getByLabelText('Correo')).toHaveAccessibleDescription(
      'El correo ya está registrado.',
    );
    expect(main.getByLabelText('Correo')).toHaveFocus();
    expect(main.getByRole('button', { name: 'Crear cuenta' })).toBeEnabled();
  });

  it('un RUN duplicado sin errores por campo se asocia al campo RUN', async () => {
    answerRegistro({ status: 409, body: { message: 'El RUN ya está registrado.' } });
    const user = userEvent.setup();
    const { main } = await renderRegistro();
    await fillValidForm(user, main);

    await user.click(main.getByRole('button', { name: 'Crear cuenta' }));

    expect(await main.findByRole('alert')).toHaveTextContent('El RUN ya está registrado.');
    expect(main.getByLabelText('RUN')).toHaveAccessibleDescription(
      'Ej.: 12.345.678-5 El RUN ya está registrado.',
    );
  });

  it('sin mensaje del servidor muestra el texto genérico del registro', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    answerRegistro(() => Promise.reject(new TypeError('Failed to fetch')));
    const user = userEvent.setup();
    const { main } = await renderRegistro();
    await fillValidForm(user, main);

    await user.click(main.getByRole('button', { name: 'Crear cuenta' }));

    expect(await main.findByRole('alert')).toHaveTextContent(
      'No se pudo completar el registro. Inténtalo de nuevo.',
    );
    expect(warn).toHaveBeenCalled();
  });

  it('un 503 con mensaje muestra el mensaje del servidor', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    answerRegistro({
      status: 503,
      body: { message: 'La tienda no puede registrar cuentas en este momento.' },
    });
    const user = userEvent.setup();
    const { main } = await renderRegistro();
    await fillValidForm(user, main);

    await user.click(main.getByRole('button', { name: 'Crear cuenta' }));

    expect(await main.findByRole('alert')).toHaveTextContent(
      'La tienda no puede registrar cuentas en este momento.',
    );
  });

  it('desactiva el botón mientras se envía', async () => {
    let answer: (reply: MockReply) => void = () => {};
    answerRegistro(() => new Promise<MockReply>((resolve) => (answer = resolve)));
    const user = userEvent.setup();
    const { main } = await renderRegistro();
    await fillValidForm(user, main);

    await user.click(main.getByRole('button', { name: 'Crear cuenta' }));

    expect(await main.findByRole('button', { name: 'Creando cuenta…' })).toBeDisabled();
    answer({ status: 201, body: buildUser() });
    expect(await main.findByText('Cuenta creada')).toBeInTheDocument();
  });
});
