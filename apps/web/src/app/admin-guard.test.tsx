import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { buildAccount, buildProduct, CATEGORIAS, findHeading, mockApi } from '../testing/admin-api';
import { renderAsAdmin } from './testing/render-app';
import { clearSession } from '../lib/session';
import { buildUser, storeSession } from '../testing/fixtures';
import { renderApp } from './testing/render-app';

const dashboardApi = () =>
  mockApi({
    'GET /productos': { body: [buildProduct()] },
    'GET /usuarios': { body: [buildUser({ role: 'ADMIN' })] },
  });

describe('guardia de la administración', () => {
  it.each([
    ['un visitante', null],
    ['un CLIENT', buildUser({ role: 'CLIENT' })],
  ])('%s que abre /admin termina en /login, y Atrás no vuelve a /admin', async (_who, user) => {
    const { fetchMock } = dashboardApi();
    if (user) storeSession(user);
    const { router } = renderApp('/nosotros');
    await screen.findByRole('heading', { level: 1, name: 'Nosotros' });

    await act(() => router.navigate('/admin/usuarios'));

    expect(await screen.findByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('?next=%2Fadmin%2Fusuarios');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(screen.queryByRole('navigation', { name: 'Administración' })).not.toBeInTheDocument();
    await act(() => router.navigate(-1));
    expect(router.state.location.pathname).toBe('/nosotros');
    // The admin screens never asked the API for anything.
    expect(fetchMock.mock.calls.map(([url]) => String(url))).not.toContainEqual(
      expect.stringContaining('/usuarios'),
    );
  });

  const VENDOR_USER = buildUser({ id: 9, role: 'VENDOR', correo: 'vendedora@gmail.com' });
  const menuLinks = () =>
    within(screen.getByRole('navigation', { name: 'Administración' }))
      .getAllByRole('link')
      .map((link) => link.textContent);

  it('deja entrar a un VENDOR con el menú del catálogo, los pedidos y soporte, sin usuarios ni contacto', async () => {
    const { fetchMock } = dashboardApi();
    storeSession(VENDOR_USER);
    renderApp('/admin');
    await findHeading('Dashboard');
    expect(menuLinks()).toEqual(['Dashboard', 'Productos', 'Categorías', 'Pedidos', 'Soporte']);
    // Its dashboard asks nothing the server would refuse it.
    expect(fetchMock.mock.calls.map(([url]) => String(url))).not.toContainEqual(
      expect.stringContaining('/usuarios'),
    );
    expect(screen.queryByText('Usuarios registrados')).not.toBeInTheDocument();
  });

  it.each([
    '/admin/usuarios',
    '/admin/usuarios/nuevo',
    '/admin/contacto',
    '/admin/envios',
    '/admin/cupones',
  ])(
    'a un VENDOR que abre %s le dice que no tiene permiso, sin pedir nada a la API',
    async (url) => {
      const { fetchMock } = mockApi({});
      storeSession(VENDOR_USER);
      const { router } = renderApp(url);
      expect(await findHeading('No tienes permiso')).toBeVisible();
      expect(router.state.location.pathname).toBe(url);
      expect(screen.getByText(/No tienes permiso para ver esta sección/)).toBeVisible();
      expect(screen.getByRole('link', { name: 'Volver al dashboard' })).toHaveAttribute(
        'href',
        '/admin',
      );
      expect(fetchMock).not.toHaveBeenCalled();
    },
  );

  it('un VENDOR trabaja el mesón de soporte', async () => {
    const api = mockApi({
      'GET /soporte': { body: [], headers: { 'X-Total-Count': '0' } },
      'GET /soporte/resumen': { body: { total: 0, atrasados: 0, porEstado: {} } },
    });
    storeSession(VENDOR_USER);
    renderApp('/admin/soporte');
    expect(await findHeading('Solicitudes de soporte')).toBeVisible();
    expect(await screen.findByText('No hay solicitudes.')).toBeVisible();
    expect(api.callsTo('GET', '/soporte')).toHaveLength(1);
  });

  it('muestra a un ADMIN todas las secciones, Categorías incluida', async () => {
    dashboardApi();
    renderAsAdmin('/admin');
    await findHeading('Dashboard');
    expect(menuLinks()).toEqual([
      'Dashboard',
      'Productos',
      'Categorías',
      'Pedidos',
      'Soporte',
      'Usuarios',
      'Contacto',
      'Envíos',
      'Cupones',
      'Correos',
      'Libro de ventas',
    ]);
  });

  it('deja entrar a un ADMIN: la barra lateral y el Dashboard, sin la cabecera de la tienda', async () => {
    dashboardApi();
    const { router } = renderAsAdmin('/admin');

    await findHeading('Dashboard');
    expect(router.state.location.pathname).toBe('/admin');
    const sidebar = screen.getByRole('navigation', { name: 'Administración' });
    for (const name of ['Dashboard', 'Productos', 'Pedidos', 'Usuarios', 'Contacto', 'Soporte']) {
      expect(within(sidebar).getByRole('link', { name })).toBeInTheDocument();
    }
    expect(within(sidebar).getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(screen.getByRole('link', { name: 'Volver a la tienda' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    expect(await screen.findByText('Usuarios registrados')).toBeInTheDocument();
  });

  it('un 401 de la API borra la sesión y lleva a /login', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    mockApi({
      'GET /productos': {
        status: 401,
        body: { message: 'Tu sesión no es válida o expiró. Inicia sesión nuevamente.' },
      },
      'GET /usuarios': { status: 401, body: { message: 'Tu sesión no es válida o expiró.' } },
    });
    const { router } = renderAsAdmin('/admin');

    expect(await screen.findByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(localStorage.getItem('nexbyte_token')).toBeNull();
    expect(localStorage.getItem('nexbyte_user')).toBeNull();
    expect(screen.getByText('Tu sesión expiró. Inicia sesión nuevamente.')).toBeInTheDocument();
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('un 403 (el rol cambió desde el login) también cierra la sesión y lleva a /login', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    mockApi({
      'GET /contactos': {
        status: 403,
        body: { message: 'No tienes permiso para realizar esta acción.' },
      },
    });
    const { router } = renderAsAdmin('/admin/contacto');

    expect(await screen.findByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem('nexbyte_token')).toBeNull();
    expect(
      screen.getByText('Tu cuenta ya no tiene acceso a la administración.'),
    ).toBeInTheDocument();
  });

  it('un 401 al desactivar un producto también cierra la sesión', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    mockApi({
      'GET /productos': { body: [buildProduct({ id: 3 })] },
      'PATCH /productos/3/desactivar': { status: 401, body: { message: 'Sesión expirada.' } },
    });
    const { router } = renderAsAdmin('/admin/productos');
    await findHeading('Productos');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: /^Desactivar/ }));
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Desactivar' }),
    );

    expect(await screen.findByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem('nexbyte_token')).toBeNull();
  });

  it('cerrar la sesión (aquí o en otra pestaña) saca de la administración al instante', async () => {
    dashboardApi();
    const { router } = renderAsAdmin('/admin');
    await findHeading('Dashboard');

    act(() => clearSession());

    expect(await screen.findByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/login');
  });

  it.each([
    ['/admin', 'Dashboard'],
    ['/admin/productos', 'Productos'],
    ['/admin/productos/nuevo', 'Nuevo producto'],
    ['/admin/productos/editar/12', 'Editar producto'],
    ['/admin/usuarios', 'Usuarios'],
    ['/admin/usuarios/nuevo', 'Nuevo usuario'],
    ['/admin/usuarios/editar/5', 'Editar usuario'],
    ['/admin/contacto', 'Mensajes de contacto'],
    ['/admin/soporte', 'Solicitudes de soporte'],
  ])('%s muestra «%s» dentro de la administración', async (url, heading) => {
    mockApi({
      'GET /productos': { body: [buildProduct()] },
      'GET /productos/12': { body: buildProduct() },
      'GET /categorias': { body: CATEGORIAS },
      'GET /usuarios': { body: [buildAccount()] },
      'GET /usuarios/5': { body: buildAccount() },
      'GET /contactos': { body: [] },
      'GET /soporte': { body: [] },
      'GET /soporte/resumen': { body: { total: 0, atrasados: 0, porEstado: {} } },
    });
    renderAsAdmin(url);
    await findHeading(heading);
    expect(document.title).toBe(`${heading} · Administración | Nexbyte`);
    expect(screen.getByRole('navigation', { name: 'Administración' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Cargando…')).not.toBeInTheDocument());
  });
});
