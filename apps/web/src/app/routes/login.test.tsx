import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildUser } from '../../testing/fixtures';
import { renderApp } from '../testing/render-app';
import { destinationAfterLogin } from '../../features/auth/components/login-form';
import { mockApi, NEVER, type MockHandler } from '../../testing/mock-api';

/** The given answers; other screens' requests never settle, so they change nothing. */
let api: ReturnType<typeof mockApi>;
const answer = (handlers: Record<string, MockHandler>) =>
  (api = mockApi(handlers, { otherwise: NEVER }));

/** Answers POST /api/auth/login. */
const answerLogin = (reply: MockHandler) => answer({ 'POST /auth/login': reply });

beforeEach(() => answer({}));
afterEach(() => vi.unstubAllGlobals());

async function renderLogin(url = '/login') {
  const app = renderApp(url);
  await screen.findByRole('heading', { level: 1, name: 'Iniciar sesión' }, { timeout: 5000 });
  return { ...app, main: within(screen.getByRole('main')) };
}

async function logIn(correo = 'camila@gmail.com', pass = 'clave123') {
  const user = userEvent.setup();
  const { main, router } = await renderLogin();
  await user.type(main.getByLabelText('Correo'), correo);
  await user.type(main.getByLabelText('Contraseña'), pass);
  await user.click(main.getByRole('button', { name: 'Iniciar sesión' }));
  return { main, router };
}

describe('Login', () => {
  it('ofrece enlaces para registrarse y para recuperar la contraseña', async () => {
    const { main } = await renderLogin();
    expect(main.getByRole('link', { name: 'Regístrate' })).toHaveAttribute('href', '/registro');
    expect(main.getByRole('link', { name: '¿Olvidaste tu contraseña?' })).toHaveAttribute(
      'href',
      '/recuperar',
    );
  });

  it('al enviar vacío muestra los mensajes del correo y de la contraseña', async () => {
    const user = userEvent.setup();
    const { main } = await renderLogin();

    await user.click(main.getByRole('button', { name: 'Iniciar sesión' }));

    expect(await main.findByText('Formato de correo inválido.')).toBeInTheDocument();
    expect(main.getByText('La contraseña debe tener entre 4 y 10 caracteres.')).toBeInTheDocument();
    expect(main.getByLabelText('Correo')).toHaveFocus();
    // Nothing sent: the only call is the form learning the password policy (GET /config).
    expect(api.calls.filter((c) => c.path !== '/config')).toEqual([]);
  });

  it('aplica la regla de dominios del correo', async () => {
    const user = userEvent.setup();
    const { main } = await renderLogin();

    await user.type(main.getByLabelText('Correo'), 'camila@yahoo.com');
    await user.tab();

    expect(
      await main.findByText('Solo se permiten correos @duoc.cl, @profesor.duoc.cl o @gmail.com'),
    ).toBeInTheDocument();
  });

  it('un cliente queda con la sesión guardada y va a /productos', async () => {
    const usuario = buildUser({ role: 'CLIENT' });
    answerLogin({ body: { token: 'token-nuevo', usuario } });
    const onAuthChange = vi.fn();
    window.addEventListener('auth-change', onAuthChange);

    const { router } = await logIn('Camila@Gmail.com');

    await waitFor(() => expect(router.state.location.pathname).toBe('/productos'));
    window.removeEventListener('auth-change', onAuthChange);
    expect(router.state.historyAction).toBe('REPLACE');
    expect(localStorage.getItem('nexbyte_token')).toBe('token-nuevo');
    expect(JSON.parse(localStorage.getItem('nexbyte_user') ?? 'null')).toEqual(usuario);
    expect(onAuthChange).toHaveBeenCalled();
    expect(api.calls.find((c) => c.path === '/auth/login')?.body).toEqual({
      correo: 'camila@gmail.com',
      pass: 'clave123',
    });
    expect(
      within(screen.getByRole('banner')).getByRole('button', { name: 'Cerrar sesión' }),
    ).toBeInTheDocument();
  });

  it('un ADMIN va a /admin', async () => {
    answerLogin({
      body: {
        token: 'token-admin',
        usuario: buildUser({ role: 'ADMIN', correo: 'admin@duoc.cl' }),
      },
    });

    const { router } = await logIn('admin@duoc.cl', 'admin123');

    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
  });

  it.each([401, 403])(
    'un %i dice que el correo o la contraseña no son correctos',
    async (status) => {
      answerLogin({ status, body: { message: 'No autorizado.' } });

      const { main, router } = await logIn();

      expect(await main.findByRole('alert')).toHaveTextContent('Correo o contraseña incorrectos.');
      expect(router.state.location.pathname).toBe('/login');
      expect(localStorage.getItem('nexbyte_token')).toBeNull();
      expect(main.getByRole('button', { name: 'Iniciar sesión' })).toBeEnabled();
    },
  );

  it('demasiados intentos (429) muestra el mensaje del servidor', async () => {
    const message =
      'Demasiados intentos fallidos de inicio de sesión. Espera unos minutos e inténtalo de nuevo.';
    answerLogin({ status: 429, body: { message } });

    const { main } = await logIn();

    expect(await main.findByRole('alert')).toHaveTextContent(message);
  });

  it('otro error del servidor muestra el mensaje genérico del login', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    answerLogin({ status: 500, body: { message: 'Error interno.' } });

    const { main } = await logIn();

    expect(await main.findByRole('alert')).toHaveTextContent(
      'Error al intentar iniciar sesión. Inténtalo de nuevo más tarde.',
    );
    expect(warn).toHaveBeenCalled();
  });

  it('sin conexión muestra el mensaje genérico del login', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    answerLogin(() => Promise.reject(new TypeError('Failed to fetch')));

    const { main } = await logIn();

    expect(await main.findByRole('alert')).toHaveTextContent(
      'Error al intentar iniciar sesión. Inténtalo de nuevo más tarde.',
    );
  });

  it.each([
    ['sin token', { usuario: buildUser() }],
    ['sin usuario', { token: 'token-nuevo' }],
  ])('una respuesta %s es inesperada y no guarda la sesión', async (_, body) => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    answerLogin({ body });

    const { main, router } = await logIn();

    expect(await main.findByRole('alert')).toHaveTextContent('Respuesta inesperada del servidor.');
    expect(localStorage.getItem('nexbyte_token')).toBeNull();
    expect(localStorage.getItem('nexbyte_user')).toBeNull();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('desactiva el botón mientras se envía', async () => {
    answerLogin(NEVER);

    const { main } = await logIn();

    expect(await main.findByRole('button', { name: 'Ingresando…' })).toBeDisabled();
  });

  it('vuelve a la dirección de ?next= después de iniciar sesión', async () => {
    answerLogin({ body: { token: 't', usuario: buildUser() } });
    const user = userEvent.setup();
    const { main, router } = await renderLogin('/login?next=%2Fcarrito');

    await user.type(main.getByLabelText('Correo'), 'camila@gmail.com');
    await user.type(main.getByLabelText('Contraseña'), 'clave123');
    await user.click(main.getByRole('button', { name: 'Iniciar sesión' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/carrito'));
  });
});

describe('destinationAfterLogin', () => {
  it('lleva a cada rol a su inicio', () => {
    expect(destinationAfterLogin('ADMIN', null)).toBe('/admin');
    expect(destinationAfterLogin('CLIENT', null)).toBe('/productos');
    expect(destinationAfterLogin('VENDOR', null)).toBe('/admin');
  });

  it('respeta ?next= solo si es una dirección de este sitio', () => {
    expect(destinationAfterLogin('CLIENT', '/carrito')).toBe('/carrito');
    expect(destinationAfterLogin('CLIENT', '//otro-sitio.example')).toBe('/productos');
    expect(destinationAfterLogin('CLIENT', 'https://otro-sitio.example')).toBe('/productos');
    expect(destinationAfterLogin('CLIENT', '/\\otro-sitio.example')).toBe('/productos');
  });

  it('no manda a un cliente al área de administración', () => {
    expect(destinationAfterLogin('CLIENT', '/admin/usuarios')).toBe('/productos');
    expect(destinationAfterLogin('ADMIN', '/admin/usuarios')).toBe('/admin/usuarios');
  });

  it('con verificación en dos pasos pide el código después de la contraseña y luego guarda la sesión', async () => {
    const usuario = buildUser({ role: 'ADMIN' });
    answer({
      'POST /auth/login': { body: { siguiente: 'totp', desafio: 'desafio-de-prueba' } },
      'POST /auth/login/totp': (call) =>
        (call.body as { codigo: string }).codigo === '123456'
          ? { body: { token: 'token-admin', usuario } }
          : {
              status: 400,
              body: {
                message: 'El código no es correcto.',
                errors: { codigo: 'El código no es correcto.' },
              },
            },
    });
    const { main, router } = await logIn('admin@duoc.cl', 'admin123');
    const user = userEvent.setup();

    const code = await main.findByLabelText('Código de verificación');
    expect(localStorage.getItem('nexbyte_token')).toBeNull();
    await user.type(code, '000000');
    await user.click(main.getByRole('button', { name: 'Verificar' }));
    expect(await main.findByRole('alert')).toHaveTextContent('El código no es correcto.');

    await user.clear(code);
    await user.type(code, '123456');
    await user.click(main.getByRole('button', { name: 'Verificar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
    expect(localStorage.getItem('nexbyte_token')).toBe('token-admin');
    const sent = api.calls.filter((c) => c.path === '/auth/login/totp');
    expect(sent.at(-1)!.body).toEqual({
      desafio: 'desafio-de-prueba',
      codigo: '123456',
    });
  });

  it('un ADMIN que debe usar verificación en dos pasos la activa al entrar y ve sus códigos de recuperación', async () => {
    const usuario = buildUser({ role: 'ADMIN' });
    const codigosRecuperacion = Array.from({ length: 10 }, (_, i) => `abcde-fghj${i}`);
    answer({
      'POST /auth/login': { body: { siguiente: 'enrolar_totp', desafio: 'desafio-enrolar' } },
      'POST /auth/login/totp/enrolar': {
        body: {
          secreto: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
          uri: 'otpauth://totp/Nexbyte:admin%40duoc.cl?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
        },
      },
      'POST /auth/login/totp/confirmar': {
        body: { token: 'token-admin', usuario, codigosRecuperacion },
      },
    });
    const { main, router } = await logIn('admin@duoc.cl', 'admin123');
    const user = userEvent.setup();

    expect(await main.findByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeInTheDocument();
    await user.type(main.getByLabelText('Código de verificación'), '654321');
    await user.click(main.getByRole('button', { name: 'Activar y entrar' }));

    expect(await main.findByText('abcde-fghj0')).toBeInTheDocument();
    expect(localStorage.getItem('nexbyte_token')).toBeNull();
    await user.click(main.getByRole('button', { name: 'Ya los guardé, continuar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
    expect(localStorage.getItem('nexbyte_token')).toBe('token-admin');
  });
});
