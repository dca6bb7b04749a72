import { MESSAGES_CUENTA, type Usuario } from '@nexbyte/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildUser, storeSession } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render-app';
import { jsonResponse } from '../../../testing/json-response';

const camila = buildUser({
  region: 'Valparaíso',
  comuna: 'Viña del Mar',
  direccion: 'Av. Libertad 1000',
  telefono: '9 1234 5678',
});

const fetchMock = vi.fn<typeof fetch>();

type Handler = (init: RequestInit | undefined) => Response;

/** Answers the account calls by method and path; anything else never settles. */
function answer(handlers: Record<string, Handler>) {
  fetchMock.mockImplementation(async (input, init) => {
    const handler = handlers[`${init?.method ?? 'GET'} ${String(input)}`];
    return handler ? handler(init) : new Promise<Response>(() => {});
  });
}

const bodyOf = (method: string, path: string) => {
  const call = fetchMock.mock.calls.find(
    ([input, init]) => String(input) === path && init?.method === method,
  );
  return JSON.parse(String(call?.[1]?.body)) as Record<string, unknown>;
};

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

async function renderAccount() {
  const app = renderApp('/cuenta');
  await screen.findByRole('heading', { level: 1, name: 'Mi cuenta' }, { timeout: 5000 });
  const main = within(screen.getByRole('main'));
  await main.findByRole('heading', { name: 'Mis datos' });
  return {
    ...app,
    main,
    profile: within(main.getByRole('region', { name: 'Mis datos' })),
    password: within(main.getByRole('region', { name: 'Cambiar contraseña' })),
  };
}

const toasts = () => within(screen.getByRole('region', { name: 'Notificaciones' }));

describe('Mi cuenta', () => {
  it('sin sesión lleva a iniciar sesión y vuelve a /cuenta después', async () => {
    const { router } = renderApp('/cuenta');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Iniciar sesión' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('?next=/cuenta');
  });

  it('muestra los datos del servidor; RUN y correo son de solo lectura', async () => {
    storeSession(camila);
    answer({ 'GET /api/cuenta': () => jsonResponse(200, { ...camila, nombre: 'Camila Andrea' }) });
    const { profile } = await renderAccount();

    expect(profile.getByLabelText('RUN')).toHaveValue(camila.run);
    expect(profile.getByLabelText('RUN')).toHaveAttribute('readonly');
    expect(profile.getByLabelText('Correo')).toHaveValue(camila.correo);
    expect(profile.getByLabelText('Correo')).toHaveAttribute('readonly');
    expect(profile.getByLabelText('Nombre')).toHaveValue('Camila Andrea');
    expect(profile.getByLabelText('Región')).toHaveValue('Valparaíso');
    expect(profile.getByLabelText('Comuna')).toHaveValue('Viña del Mar');
    expect(profile.getByLabelText(/Teléfono/)).toHaveValue('9 1234 5678');
  });

  it('guarda los cambios, avisa y actualiza el usuario guardado (y así el encabezado)', async () => {
    storeSession(camila);
    const saved: Usuario = { ...camila, nombre: 'Camila Andrea', comuna: 'Valparaíso' };
    answer({
      'GET /api/cuenta': () => jsonResponse(200, camila),
      'PUT /api/cuenta': () => jsonResponse(200, saved),
    });
    const onAuthChange = vi.fn();
    window.addEventListener('auth-change', onAuthChange);
    const user = userEvent.setup();
    const { profile } = await renderAccount();

    await user.clear(profile.getByLabelText('Nombre'));
    await user.type(profile.getByLabelText('Nombre'), 'Camila Andrea');
    await user.selectOptions(profile.getByLabelText('Comuna'), 'Valparaíso');
    await user.click(profile.getByRole('button', { name: 'Guardar cambios' }));

    expect(await toasts().findByText(MESSAGES_CUENTA.datosActualizados)).toBeInTheDocument();
    window.removeEventListener('auth-change', onAuthChange);
    expect(bodyOf('PUT', '/api/cuenta')).toEqual({
      nombre: 'Camila Andrea',
      apellidos: camila.apellidos,
      telefono: '9 1234 5678',
      region: 'Valparaíso',
      comuna: 'Valparaíso',
      direccion: camila.direccion,
    });
    expect(JSON.parse(localStorage.getItem('nexbyte_user')!)).toMatchObject({
      nombre: 'Camila Andrea',
      comuna: 'Valparaíso',
    });
    expect(localStorage.getItem('nexbyte_token')).toBe('token-de-prueba');
    expect(onAuthChange).toHaveBeenCalled();
  });

  it('valida con las reglas del registro y enfoca el primer campo con problemas', async () => {
    storeSession(camila);
    answer({ 'GET /api/cuenta': () => jsonResponse(200, camila) });
    const user = userEvent.setup();
    const { profile } = await renderAccount();

    await user.clear(profile.getByLabelText('Apellidos'));
    await user.selectOptions(profile.getByLabelText('Región'), 'Los Ríos');
    await user.click(profile.getByRole('button', { name: 'Guardar cambios' }));

    expect(await profile.findByText('El apellido es requerido.')).toBeInTheDocument();
    expect(profile.getByText('Debes seleccionar una comuna.')).toBeInTheDocument();
    expect(profile.getByLabelText('Apellidos')).toHaveFocus();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);
  });

  it('si la sesión ya no vale (401), la olvida y lleva a iniciar sesión', async () => {
    storeSession(camila);
    answer({
      'GET /api/cuenta': () =>
        jsonResponse(401, {
          message: 'Tu sesión no es válida o expiró. Inicia sesión nuevamente.',
        }),
    });
    const { router } = renderApp('/cuenta');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Iniciar sesión' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(router.state.location.search).toBe('?next=/cuenta');
    expect(localStorage.getItem('nexbyte_token')).toBeNull();
  });

  describe('cambiar la contraseña', () => {
    async function change(password: ReturnType<typeof within>, actual: string, nueva: string) {
      const user = userEvent.setup();
      await user.type(password.getByLabelText('Contraseña actual'), actual);
      await user.type(password.getByLabelText('Nueva contraseña'), nueva);
      await user.type(password.getByLabelText('Confirmar nueva contraseña'), nueva);
      await user.click(password.getByRole('button', { name: 'Cambiar contraseña' }));
    }

    it('con la contraseña actual correcta guarda la nueva sesión y limpia el formulario', async () => {
      storeSession(camila);
      answer({
        'GET /api/cuenta': () => jsonResponse(200, camila),
        'PUT /api/cuenta/password': () =>
          jsonResponse(200, { token: 'token-nuevo', usuario: camila }),
      });
      const { password } = await renderAccount();
      await change(password, 'vieja1', 'nueva12');

      expect(await toasts().findByText(MESSAGES_CUENTA.passwordActualizada)).toBeInTheDocument();
      expect(localStorage.getItem('nexbyte_token')).toBe('token-nuevo');
      expect(bodyOf('PUT', '/api/cuenta/password')).toEqual({
        actual: 'vieja1',
        pass: 'nueva12',
        pass2: 'nueva12',
      });
      await waitFor(() => expect(password.getByLabelText('Contraseña actual')).toHaveValue(''));
    });

    it('una contraseña actual incorrecta se muestra en su campo', async () => {
      storeSession(camila);
      answer({
        'GET /api/cuenta': () => jsonResponse(200, camila),
        'PUT /api/cuenta/password': () =>
          jsonResponse(400, {
            message: MESSAGES_CUENTA.actualIncorrecta,
            errors: { actual: MESSAGES_CUENTA.actualIncorrecta },
          }),
      });
      const { password } = await renderAccount();
      await change(password, 'otra99', 'nueva12');

      expect(await password.findByText(MESSAGES_CUENTA.actualIncorrecta)).toBeInTheDocument();
      expect(password.getByLabelText('Contraseña actual')).toHaveFocus();
      expect(localStorage.getItem('nexbyte_token')).toBe('token-de-prueba');
    });
  });
});
