import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { buildAccount, findHeading, mockApi, type ApiHandlers } from '../../../testing/admin-api';
import { renderAsAdmin } from '../../testing/render-app';

const textbox = (name: string | RegExp) =>
  screen.getByRole('textbox', { name }) as HTMLInputElement;
const combobox = (name: string) => screen.getByRole('combobox', { name }) as HTMLSelectElement;
const TELEFONO = /^Teléfono/;

async function fillProfile(user: ReturnType<typeof userEvent.setup>) {
  await user.type(textbox('Nombre'), 'Pedro');
  await user.type(textbox('Apellidos'), 'Soto Vera');
  await user.selectOptions(combobox('Rol'), 'VENDOR');
  await user.type(textbox(TELEFONO), '955556666');
  await user.selectOptions(combobox('Región'), 'Metropolitana de Santiago');
  await user.selectOptions(combobox('Comuna'), 'Providencia');
  await user.type(textbox('Dirección'), 'Av. Providencia 1234');
}

describe('formulario de usuario nuevo', () => {
  async function openNew(handlers: ApiHandlers = {}) {
    const api = mockApi({ 'GET /usuarios': { body: [] }, ...handlers });
    const app = renderAsAdmin('/admin/usuarios/nuevo');
    await findHeading('Nuevo usuario');
    return { ...api, ...app, user: userEvent.setup() };
  }

  it('vacío muestra cada mensaje de la especificación y no llama a la API', async () => {
    const { calls } = await openNew();
    await userEvent.click(screen.getByRole('button', { name: 'Crear usuario' }));

    for (const message of [
      'RUN inválido',
      'Correo inválido',
      'El nombre es requerido.',
      'El apellido es requerido.',
      'La contraseña debe tener al menos 4 caracteres',
      'Rol inválido',
      'Debes seleccionar una región.',
      'Debes seleccionar una comuna.',
      'La dirección es requerida.',
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    // Nothing sent: the only call is the form learning the password policy (GET /config).
    expect(calls.filter((c) => c.path !== '/config')).toEqual([]);
  });

  it('aplica el largo del RUN, el dominio del correo y el máximo de la contraseña', async () => {
    const { user } = await openNew();
    await user.type(textbox('RUN'), '12.345.678-5');
    await user.type(textbox('Correo'), 'pedro@hotmail.com');
    await user.type(screen.getByLabelText('Contraseña'), 'abc');
    await user.click(screen.getByRole('button', { name: 'Crear usuario' }));

    expect(await screen.findByText('RUN inválido')).toBeInTheDocument();
    expect(
      screen.getByText('Solo se permiten correos @duoc.cl, @profesor.duoc.cl o @gmail.com'),
    ).toBeInTheDocument();
    expect(screen.getByText('La contraseña debe tener al menos 4 caracteres')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Contraseña'), 'defghijk');
    expect(
      await screen.findByText('La contraseña debe tener entre 4 y 10 caracteres.'),
    ).toBeInTheDocument();
  });

  it('crea el usuario con el teléfono formateado, vuelve a la tabla y avisa', async () => {
    const { user, router, callsTo } = await openNew({
      'POST /usuarios': (body) => ({ status: 201, body: { id: 9, ...(body as object) } }),
    });
    await user.type(textbox('RUN'), '12345678-5');
    await user.type(textbox('Correo'), 'Pedro.Soto@gmail.com');
    await user.type(screen.getByLabelText('Contraseña'), 'clave123');
    await fillProfile(user);
    expect(textbox(TELEFONO)).toHaveValue('9 5555 6666');
    await user.click(screen.getByRole('button', { name: 'Crear usuario' }));

    await findHeading('Usuarios');
    expect(router.state.location.pathname).toBe('/admin/usuarios');
    expect(callsTo('POST', '/usuarios')[0]?.body).toEqual({
      run: '12345678-5',
      correo: 'pedro.soto@gmail.com',
      pass: 'clave123',
      nombre: 'Pedro',
      apellidos: 'Soto Vera',
      role: 'VENDOR',
      telefono: '9 5555 6666',
      region: 'Metropolitana de Santiago',
      comuna: 'Providencia',
      direccion: 'Av. Providencia 1234',
    });
    expect(screen.getByText('Usuario creado: Pedro Soto Vera.')).toBeInTheDocument();
  });

  it("si el servidor rechaza muestra 'Error al guardar el usuario.' con su mensaje, y el del campo", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { user } = await openNew({
      'POST /usuarios': {
        status: 409,
        body: {
          message: 'El correo ya está registrado.',
          errors: { correo: 'El correo ya está registrado.' },
        },
      },
    });
    await user.type(textbox('RUN'), '12345678-5');
    await user.type(textbox('Correo'), 'pedro.soto@gmail.com');
    await user.type(screen.getByLabelText('Contraseña'), 'clave123');
    await fillProfile(user);
    await user.click(screen.getByRole('button', { name: 'Crear usuario' }));

    expect(
      await screen.findByText('Error al guardar el usuario. El correo ya está registrado.'),
    ).toHaveAttribute('role', 'alert');
    expect(textbox('Correo')).toHaveAccessibleDescription('El correo ya está registrado.');
    expect(textbox('Correo')).toHaveFocus();
  });
});

describe('formulario de edición de usuario', () => {
  const account = buildAccount({ id: 5, telefono: null });

  it('muestra RUN y correo de solo lectura, sin contraseña, y guarda con PUT sin ellos', async () => {
    const { callsTo } = mockApi({
      'GET /usuarios/5': { body: account },
      'PUT /usuarios/5': (body) => ({ body: { ...account, ...(body as object) } }),
      'GET /usuarios': { body: [account] },
    });
    const { router } = renderAsAdmin('/admin/usuarios/editar/5');
    await findHeading('Editar usuario');

    expect(await screen.findByDisplayValue('12345678-5')).toHaveAttribute('readonly');
    expect(textbox('RUN')).toHaveAttribute('readonly');
    expect(textbox('Correo')).toHaveValue('pedro.soto@gmail.com');
    expect(textbox('Correo')).toHaveAttribute('readonly');
    expect(screen.queryByLabelText('Contraseña')).not.toBeInTheDocument();
    expect(textbox('Nombre')).toHaveValue('Pedro');
    expect(combobox('Rol')).toHaveValue('VENDOR');
    expect(combobox('Región')).toHaveValue('Metropolitana de Santiago');
    expect(combobox('Comuna')).toHaveValue('Providencia');

    await userEvent.selectOptions(combobox('Rol'), 'CLIENT');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));

    await findHeading('Usuarios');
    expect(router.state.location.pathname).toBe('/admin/usuarios');
    expect(callsTo('PUT', '/usuarios/5')[0]?.body).toEqual({
      nombre: 'Pedro',
      apellidos: 'Soto Vera',
      role: 'CLIENT',
      telefono: null,
      region: 'Metropolitana de Santiago',
      comuna: 'Providencia',
      direccion: 'Av. Providencia 1234',
    });
    expect(screen.getByText('Usuario actualizado: Pedro Soto Vera.')).toBeInTheDocument();
  });

  it('aplica las reglas al editar: campos requeridos', async () => {
    mockApi({ 'GET /usuarios/5': { body: account } });
    renderAsAdmin('/admin/usuarios/editar/5');
    await screen.findByDisplayValue('Pedro');
    await userEvent.clear(textbox('Nombre'));
    await userEvent.clear(textbox('Dirección'));
    await userEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('El nombre es requerido.')).toBeInTheDocument();
    expect(screen.getByText('La dirección es requerida.')).toBeInTheDocument();
  });

  it('Cerrar sesiones pide al servidor cerrar todas las sesiones del usuario y lo confirma', async () => {
    const { callsTo } = mockApi({
      'GET /usuarios/5': { body: account },
      'POST /usuarios/5/cerrar-sesiones': { status: 204 },
    });
    renderAsAdmin('/admin/usuarios/editar/5');
    await screen.findByDisplayValue('Pedro');

    await userEvent.click(screen.getByRole('button', { name: 'Cerrar sesiones' }));

    expect(
      await screen.findByText('Pedro Soto Vera deberá iniciar sesión de nuevo.'),
    ).toBeVisible();
    expect(callsTo('POST', '/usuarios/5/cerrar-sesiones')).toHaveLength(1);
  });

  it('si no se pueden cerrar las sesiones lo dice con el mensaje del servidor', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    mockApi({
      'GET /usuarios/5': { body: account },
      'POST /usuarios/5/cerrar-sesiones': {
        status: 404,
        body: { message: 'Usuario no encontrado.' },
      },
    });
    renderAsAdmin('/admin/usuarios/editar/5');
    await screen.findByDisplayValue('Pedro');

    await userEvent.click(screen.getByRole('button', { name: 'Cerrar sesiones' }));

    expect(
      await screen.findByText(
        'Error al cerrar las sesiones del usuario ID 5. Usuario no encontrado.',
      ),
    ).toBeVisible();
    expect(warn).toHaveBeenCalled();
  });

  it("si el usuario no carga muestra 'No se pudo cargar el usuario.'", async () => {
    mockApi({ 'GET /usuarios/77': { status: 404, body: { message: 'Usuario no encontrado.' } } });
    renderAsAdmin('/admin/usuarios/editar/77');
    const alert = await screen.findByText('No se pudo cargar el usuario.');
    expect(alert).toHaveAttribute('role', 'alert');
    expect(within(screen.getByRole('main')).queryByRole('textbox')).not.toBeInTheDocument();
  });
});
