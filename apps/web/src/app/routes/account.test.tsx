import { ACCOUNT_MESSAGES, type Usuario } from '@nexbyte/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildUser, storeSession } from '../../testing/fixtures';
import { renderApp } from '../testing/render-app';
import { mockApi, NEVER, type MockHandler } from '../../testing/mock-api';

const camila = buildUser({
  region: 'Valparaíso',
  comuna: 'Viña del Mar',
  direccion: 'Av. Libertad 1000',
  telefono: '9 1234 5678',
});

let api: ReturnType<typeof mockApi>;

/** Answers the account calls by method and path; anything else (another section's data) stays pending. */
function answer(handlers: Record<string, MockHandler>) {
  api = mockApi(handlers, { otherwise: NEVER });
}

const bodyOf = (method: string, path: string) =>
  api.callsTo(method, path)[0]?.body as Record<string, unknown>;

beforeEach(() => answer({}));
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
    answer({ 'GET /cuenta': { body: { ...camila, nombre: 'Camila Andrea' } } });
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
      'GET /cuenta': { body: camila },
      'PUT /cuenta': { body: saved },
    });
    const onAuthChange = vi.fn();
    window.addEventListener('auth-change', onAuthChange);
    const user = userEvent.setup();
    const { profile } = await renderAccount();

    await user.clear(profile.getByLabelText('Nombre'));
    await user.type(profile.getByLabelText('Nombre'), 'Camila Andrea');
    await user.selectOptions(profile.getByLabelText('Comuna'), 'Valparaíso');
    await user.click(profile.getByRole('button', { name: 'Guardar cambios' }));

    expect(await toasts().findByText(ACCOUNT_MESSAGES.detailsSaved)).toBeInTheDocument();
    window.removeEventListener('auth-change', onAuthChange);
    expect(bodyOf('PUT', '/cuenta')).toEqual({
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
    answer({ 'GET /cuenta': { body: camila } });
    const user = userEvent.setup();
    const { profile } = await renderAccount();

    await user.clear(profile.getByLabelText('Apellidos'));
    await user.selectOptions(profile.getByLabelText('Región'), 'Los Ríos');
    await user.click(profile.getByRole('button', { name: 'Guardar cambios' }));

    expect(await profile.findByText('El apellido es requerido.')).toBeInTheDocument();
    expect(profile.getByText('Debes seleccionar una comuna.')).toBeInTheDocument();
    expect(profile.getByLabelText('Apellidos')).toHaveFocus();
    expect(api.calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('si la sesión ya no vale (401), la olvida y lleva a iniciar sesión', async () => {
    storeSession(camila);
    answer({
      'GET /cuenta': {
        status: 401,
        body: {
          message: 'Tu sesión no es válida o expiró. Inicia sesión nuevamente.',
        },
      },
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
        'GET /cuenta': { body: camila },
        'PUT /cuenta/password': { body: { token: 'token-nuevo', usuario: camila } },
      });
      const { password } = await renderAccount();
      await change(password, 'vieja1', 'nueva12');

      expect(await toasts().findByText(ACCOUNT_MESSAGES.passwordChanged)).toBeInTheDocument();
      expect(localStorage.getItem('nexbyte_token')).toBe('token-nuevo');
      expect(bodyOf('PUT', '/cuenta/password')).toEqual({
        actual: 'vieja1',
        pass: 'nueva12',
        pass2: 'nueva12',
      });
      await waitFor(() => expect(password.getByLabelText('Contraseña actual')).toHaveValue(''));
    });

    it('una contraseña actual incorrecta se muestra en su campo', async () => {
      storeSession(camila);
      answer({
        'GET /cuenta': { body: camila },
        'PUT /cuenta/password': {
          status: 400,
          body: {
            message: ACCOUNT_MESSAGES.wrongCurrentPassword,
            errors: { actual: ACCOUNT_MESSAGES.wrongCurrentPassword },
          },
        },
      });
      const { password } = await renderAccount();
      await change(password, 'otra99', 'nueva12');

      expect(await password.findByText(ACCOUNT_MESSAGES.wrongCurrentPassword)).toBeInTheDocument();
      expect(password.getByLabelText('Contraseña actual')).toHaveFocus();
      expect(localStorage.getItem('nexbyte_token')).toBe('token-de-prueba');
    });
  });

  it('un cliente no ve la verificación en dos pasos', async () => {
    storeSession(camila);
    answer({ 'GET /cuenta': { body: camila } });
    const { main } = await renderAccount();
    expect(main.queryByRole('region', { name: 'Verificación en dos pasos' })).toBeNull();
  });

  it('un ADMIN activa la verificación en dos pasos con un primer código y ve sus códigos de recuperación', async () => {
    const admin = buildUser({ role: 'ADMIN' });
    storeSession(admin);
    const codigosRecuperacion = Array.from({ length: 10 }, (_, i) => `abcde-fghj${i}`);
    answer({
      'GET /cuenta': { body: admin },
      'GET /cuenta/totp': { body: { activo: false } },
      'POST /cuenta/totp': {
        body: {
          secreto: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
          uri: 'otpauth://totp/Nexbyte:admin?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
        },
      },
      'POST /cuenta/totp/confirmar': { body: { codigosRecuperacion } },
      'POST /cuenta/totp/desactivar': {
        body: { message: 'Verificación en dos pasos desactivada.' },
      },
    });
    const { main } = await renderAccount();
    const totp = within(main.getByRole('region', { name: 'Verificación en dos pasos' }));
    const user = userEvent.setup();

    await user.click(
      await totp.findByRole('button', { name: 'Activar verificación en dos pasos' }),
    );
    expect(await totp.findByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeInTheDocument();
    await user.type(totp.getByLabelText('Código de verificación'), '123456');
    // A session alone is not enough: the form asks for the password first.
    await user.click(totp.getByRole('button', { name: 'Confirmar y activar' }));
    expect(await totp.findByText(ACCOUNT_MESSAGES.actual)).toBeInTheDocument();
    expect(totp.getByLabelText('Contraseña actual')).toHaveFocus();
    await user.type(totp.getByLabelText('Contraseña actual'), 'admin123');
    await user.click(totp.getByRole('button', { name: 'Confirmar y activar' }));

    expect(await totp.findByText('abcde-fghj9')).toBeInTheDocument();
    expect(bodyOf('POST', '/cuenta/totp/confirmar')).toEqual({
      actual: 'admin123',
      codigo: '123456',
    });
    expect(await toasts().findByText('Verificación en dos pasos activada.')).toBeInTheDocument();
    // Three steps with typing: more than the default five seconds on a busy machine.
  }, 15_000);

  it('un ADMIN con la verificación activada la desactiva con su contraseña y un código', async () => {
    const admin = buildUser({ role: 'ADMIN' });
    storeSession(admin);
    answer({
      'GET /cuenta': { body: admin },
      'GET /cuenta/totp': { body: { activo: true } },
      'POST /cuenta/totp/desactivar': {
        body: { message: 'Verificación en dos pasos desactivada.' },
      },
    });
    const { main } = await renderAccount();
    const totp = within(main.getByRole('region', { name: 'Verificación en dos pasos' }));
    const user = userEvent.setup();
    await user.type(await totp.findByLabelText('Contraseña actual'), 'admin123');
    await user.type(totp.getByLabelText('Código de verificación'), 'abcde-fghj1');
    await user.click(totp.getByRole('button', { name: 'Desactivar' }));

    expect(
      await totp.findByRole('button', { name: 'Activar verificación en dos pasos' }),
    ).toBeInTheDocument();
    expect(bodyOf('POST', '/cuenta/totp/desactivar')).toEqual({
      actual: 'admin123',
      codigo: 'abcde-fghj1',
    });
  });

  it('una contraseña equivocada al desactivarla se muestra en su campo y la sesión sigue', async () => {
    const admin = buildUser({ role: 'ADMIN' });
    storeSession(admin);
    answer({
      'GET /cuenta': { body: admin },
      'GET /cuenta/totp': { body: { activo: true } },
      'POST /cuenta/totp/desactivar': {
        status: 403,
        body: {
          message: ACCOUNT_MESSAGES.wrongCurrentPassword,
          errors: { actual: ACCOUNT_MESSAGES.wrongCurrentPassword },
        },
      },
    });
    const { main } = await renderAccount();
    const totp = within(main.getByRole('region', { name: 'Verificación en dos pasos' }));
    const user = userEvent.setup();
    await user.type(await totp.findByLabelText('Contraseña actual'), 'otra-clave');
    await user.type(totp.getByLabelText('Código de verificación'), '123456');
    await user.click(totp.getByRole('button', { name: 'Desactivar' }));

    expect(await totp.findByText(ACCOUNT_MESSAGES.wrongCurrentPassword)).toBeInTheDocument();
    expect(totp.getByLabelText('Contraseña actual')).toHaveFocus();
    expect(totp.getByRole('button', { name: 'Desactivar' })).toBeInTheDocument();
    expect(localStorage.getItem('nexbyte_token')).toBe('token-de-prueba');
  });

  describe('mis solicitudes de soporte', () => {
    it('lista cada solicitud con su equipo, estado, fecha y la cotización por responder', async () => {
      storeSession(camila);
      answer({
        'GET /cuenta': { body: camila },
        'GET /cuenta/soporte': {
          body: [
            {
              numero: 'ST-000007',
              tipo: 'REPARACION',
              estado: 'COTIZADA',
              equipo: 'NOTEBOOK',
              fechaCreacion: '2026-11-20T15:00:00.000Z',
              fechaActualizacion: '2026-11-21T15:00:00.000Z',
              cotizacionPendiente: true,
            },
            {
              numero: 'ST-000003',
              tipo: 'GARANTIA',
              estado: 'RECIBIDA',
              equipo: 'PC_ESCRITORIO',
              fechaCreacion: '2026-11-02T15:00:00.000Z',
              fechaActualizacion: '2026-11-02T15:00:00.000Z',
              cotizacionPendiente: false,
            },
          ],
        },
      });
      const { main } = await renderAccount();
      const section = within(main.getByRole('region', { name: 'Mis solicitudes de soporte' }));
      const first = await section.findByRole('link', { name: 'ST-000007' });
      expect(first).toHaveAttribute('href', '/cuenta/soporte/ST-000007');
      const items = section.getAllByRole('listitem');
      expect(items[0]).toHaveTextContent('Notebook');
      expect(items[0]).toHaveTextContent('Cotizada');
      expect(items[0]).toHaveTextContent('20-11-2026');
      expect(items[0]).toHaveTextContent('Cotización por responder');
      expect(items[1]).toHaveTextContent('Recibida');
      expect(items[1]).not.toHaveTextContent('Cotización por responder');
    });

    it('sin solicitudes invita a pedir soporte', async () => {
      storeSession(camila);
      answer({
        'GET /cuenta': { body: camila },
        'GET /cuenta/soporte': { body: [] },
      });
      const { main } = await renderAccount();
      const section = within(main.getByRole('region', { name: 'Mis solicitudes de soporte' }));
      expect(await section.findByText(/Aún no tienes solicitudes de soporte/)).toBeInTheDocument();
      expect(section.getByRole('link', { name: 'Solicitar soporte técnico' })).toHaveAttribute(
        'href',
        '/soporte',
      );
    });
  });
});
