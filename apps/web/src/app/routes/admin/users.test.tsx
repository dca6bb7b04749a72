import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Usuario } from '@nexbyte/shared';
import { describe, expect, it, vi } from 'vitest';
import {
  buildAccount,
  findHeading,
  mockApi,
  pagedReply,
  type ApiHandlers,
} from '../../../testing/admin-api';
import { renderAsAdmin } from '../../testing/render-app';
import { ADMIN_USER } from '../../../testing/fixtures';

const USERS: Usuario[] = [
  ADMIN_USER,
  buildAccount({ id: 5, nombre: 'Pedro', apellidos: 'Soto Vera', role: 'VENDOR' }),
  buildAccount({
    id: 6,
    nombre: 'Camila',
    apellidos: 'Rojas',
    correo: 'camila@gmail.com',
    role: 'CLIENT',
  }),
];

const rowOf = (name: string) => screen.getByRole('row', { name: new RegExp(name) });

async function openTable(handlers: ApiHandlers = {}) {
  let users = USERS;
  const api = mockApi({
    'GET /usuarios': (body, call) => pagedReply(users)(body, call),
    'DELETE /usuarios/6': () => {
      users = users.filter((u) => u.id !== 6);
      return { status: 204 };
    },
    ...handlers,
  });
  const app = renderAsAdmin('/admin/usuarios');
  await findHeading('Usuarios');
  await screen.findByRole('table', { name: 'Usuarios' });
  return { ...api, ...app, user: userEvent.setup() };
}

describe('tabla de usuarios de la administración', () => {
  it('muestra ID, nombre con apellidos, correo y la insignia del rol con su color', async () => {
    await openTable();
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'ID',
      'Nombre',
      'Correo',
      'Rol',
      'Acciones',
    ]);
    const pedro = rowOf('Pedro Soto Vera');
    expect(within(pedro).getByText('5')).toBeInTheDocument();
    expect(within(pedro).getByText('pedro.soto@gmail.com')).toBeInTheDocument();
    expect(within(pedro).getByText('VENDOR')).toHaveClass('badge--success');
    expect(within(rowOf('Ana Admin Soto')).getByText('ADMIN')).toHaveClass('badge--danger');
    expect(within(rowOf('Camila Rojas')).getByText('CLIENT')).toHaveClass('badge--neutral');
    expect(
      within(pedro).getByRole('link', { name: 'Edit Pedro Soto Vera (ID 5)' }),
    ).toHaveAttribute('href', '/admin/usuarios/editar/5');
    expect(screen.getByRole('link', { name: 'Nuevo usuario' })).toHaveAttribute(
      'href',
      '/admin/usuarios/nuevo',
    );
  });

  it('no ofrece eliminar la propia cuenta', async () => {
    await openTable();
    const own = rowOf('Ana Admin Soto');
    expect(within(own).getByText('Tu cuenta')).toBeInTheDocument();
    expect(within(own).queryByRole('button', { name: /^Eliminar/ })).not.toBeInTheDocument();
    expect(within(own).getByRole('link', { name: /^Edit/ })).toBeInTheDocument();
  });

  it('elimina tras una confirmación que avisa que no se puede deshacer', async () => {
    const { user, callsTo } = await openTable();
    await user.click(screen.getByRole('button', { name: 'Eliminar Camila Rojas (ID 6)' }));

    const dialog = screen.getByRole('alertdialog', { name: 'Eliminar usuario' });
    expect(dialog.tagName).toBe('DIALOG');
    expect(
      within(dialog).getByText('¿Eliminar al usuario ID 6? Esta acción no se puede deshacer.'),
    ).toBeInTheDocument();
    expect(callsTo('DELETE', '/usuarios/6')).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Eliminar' }));

    expect(await screen.findByText('Usuario eliminado')).toBeInTheDocument();
    expect(screen.queryByRole('row', { name: /Camila Rojas/ })).not.toBeInTheDocument();
    expect(callsTo('DELETE', '/usuarios/6')).toHaveLength(1);
    expect(screen.getByText('2 usuarios')).toHaveFocus();
  });

  it('si el servidor se niega muestra el mensaje de la especificación con el del servidor', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { user } = await openTable({
      'DELETE /usuarios/5': {
        status: 409,
        body: { message: 'No puedes eliminar tu propia cuenta.' },
      },
    });
    await user.click(screen.getByRole('button', { name: 'Eliminar Pedro Soto Vera (ID 5)' }));
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Eliminar' }),
    );

    expect(
      await screen.findByText(
        'Error al eliminar el usuario ID 5. No puedes eliminar tu propia cuenta.',
      ),
    ).toBeInTheDocument();
    expect(rowOf('Pedro Soto Vera')).toBeInTheDocument();
    expect(warn).toHaveBeenCalled();
  });

  it("si la lista no carga muestra 'No se pudieron cargar los usuarios.'", async () => {
    mockApi({ 'GET /usuarios': { status: 404, body: { message: 'No encontrado.' } } });
    renderAsAdmin('/admin/usuarios');
    expect(await screen.findByText('No se pudieron cargar los usuarios.')).toHaveAttribute(
      'role',
      'alert',
    );
  });

  describe('páginas', () => {
    const MANY: Usuario[] = Array.from({ length: 120 }, (_, i) =>
      buildAccount({ id: 100 + i, nombre: `Cliente${100 + i}`, apellidos: 'Prueba' }),
    );
    const pager = () => screen.getByRole('navigation', { name: 'Páginas de usuarios' });

    async function openAt(url: string) {
      const api = mockApi({ 'GET /usuarios': pagedReply(MANY) });
      const app = renderAsAdmin(url);
      await screen.findByRole('table', { name: 'Usuarios' });
      return { ...api, ...app, user: userEvent.setup() };
    }

    it(
      'pide una página de 50 y cuenta todos; Siguiente y Anterior cambian la página de la dirección',
      { timeout: 20_000 },
      async () => {
        const { user, router, callsTo } = await openAt('/admin/usuarios');
        expect(screen.getByText('120 usuarios')).toBeInTheDocument();
        expect(screen.getAllByRole('row')).toHaveLength(1 + 50);
        expect(within(pager()).getByText('Página 1 de 3')).toBeInTheDocument();
        expect(Object.fromEntries(callsTo('GET', '/usuarios')[0]!.query)).toEqual({
          pagina: '1',
          limite: '50',
        });
        const previous = within(pager()).getByRole('button', { name: 'Anterior' });
        const next = within(pager()).getByRole('button', { name: 'Siguiente' });
        expect(previous).toHaveAttribute('aria-disabled', 'true');

        await user.click(next);
        expect(router.state.location.search).toBe('?pagina=2');
        expect(await screen.findByRole('row', { name: /Cliente150 Prueba/ })).toBeInTheDocument();
        expect(within(pager()).getByText('Página 2 de 3')).toBeInTheDocument();

        await user.click(next);
        expect(await screen.findByRole('row', { name: /Cliente219 Prueba/ })).toBeInTheDocument();
        expect(screen.getAllByRole('row')).toHaveLength(1 + 20);
        // At the end the button stays where focus is, and does nothing.
        expect(next).toHaveAttribute('aria-disabled', 'true');
        expect(next).toHaveFocus();
        await user.click(next);
        expect(router.state.location.search).toBe('?pagina=3');

        await user.click(previous);
        expect(router.state.location.search).toBe('?pagina=2');
      },
    );

    it('al recargar en ?pagina=3 muestra esa página', async () => {
      const { callsTo } = await openAt('/admin/usuarios?pagina=3');
      expect(within(pager()).getByText('Página 3 de 3')).toBeInTheDocument();
      expect(screen.getByRole('row', { name: /Cliente200 Prueba/ })).toBeInTheDocument();
      expect(callsTo('GET', '/usuarios')[0]?.query.get('pagina')).toBe('3');
    });

    it('una página que ya no existe lleva a la última', async () => {
      const { router } = await openAt('/admin/usuarios?pagina=9');
      await waitFor(() => expect(router.state.location.search).toBe('?pagina=3'));
      expect(await screen.findByRole('row', { name: /Cliente219 Prueba/ })).toBeInTheDocument();
    });

    it('sin más de 50 usuarios no muestra paginación', async () => {
      await openTable();
      expect(
        screen.queryByRole('navigation', { name: 'Páginas de usuarios' }),
      ).not.toBeInTheDocument();
    });
  });
});
