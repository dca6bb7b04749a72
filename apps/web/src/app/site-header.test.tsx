import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { saveSession } from '../lib/session';
import { buildUser, storeSession } from '../testing/fixtures';
import { mockApi } from '../testing/mock-api';
import { renderApp } from './testing/render-app';

async function renderHeaderAt(url = '/') {
  const app = renderApp(url);
  // Wait for the lazily loaded screen, so nothing updates after the test ends.
  await screen.findByRole('heading', { level: 1 });
  return { ...app, header: screen.getByRole('banner') };
}

describe('SiteHeader', () => {
  it('sin sesión ofrece Iniciar sesión y Registrar', async () => {
    const { header } = await renderHeaderAt();
    expect(within(header).getByRole('link', { name: 'Iniciar sesión' })).toHaveAttribute(
      'href',
      '/login',
    );
    expect(within(header).getByRole('link', { name: 'Registrar' })).toHaveAttribute(
      'href',
      '/registro',
    );
    expect(within(header).queryByRole('button', { name: 'Cerrar sesión' })).not.toBeInTheDocument();
  });

  it('con una sesión guardada ofrece Cerrar sesión', async () => {
    storeSession();
    const { header } = await renderHeaderAt();
    expect(within(header).getByRole('button', { name: 'Cerrar sesión' })).toBeInTheDocument();
    expect(within(header).queryByRole('link', { name: 'Iniciar sesión' })).not.toBeInTheDocument();
  });

  it('Cerrar sesión borra el token y el usuario guardados y avisa con auth-change', async () => {
    const api = mockApi({ 'POST /auth/logout': { status: 204 } });
    storeSession();
    const onAuthChange = vi.fn();
    window.addEventListener('auth-change', onAuthChange);
    const { header } = await renderHeaderAt();

    await userEvent.click(within(header).getByRole('button', { name: 'Cerrar sesión' }));

    window.removeEventListener('auth-change', onAuthChange);
    expect(localStorage.getItem('nexbyte_token')).toBeNull();
    expect(localStorage.getItem('nexbyte_user')).toBeNull();
    expect(onAuthChange).toHaveBeenCalledTimes(1);
    expect(within(header).getByRole('link', { name: 'Iniciar sesión' })).toBeInTheDocument();
    // The server ends the session too, with the token the browser just forgot (decision 014).
    expect(api.callsTo('POST', '/auth/logout')).toHaveLength(1);
    expect(api.calls[0]!.authorization).toBe('Bearer token-de-prueba');
  });

  it('Cerrar sesión funciona aunque el servidor no responda, y lo registra', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    storeSession();
    const { header } = await renderHeaderAt();

    await userEvent.click(within(header).getByRole('button', { name: 'Cerrar sesión' }));

    expect(localStorage.getItem('nexbyte_token')).toBeNull();
    expect(within(header).getByRole('link', { name: 'Iniciar sesión' })).toBeInTheDocument();
    await vi.waitFor(() =>
      expect(warn).toHaveBeenCalledWith(
        'No se pudo cerrar la sesión en el servidor:',
        expect.anything(),
      ),
    );
  });

  it('se actualiza cuando el login guarda la sesión (auth-change)', async () => {
    const { header } = await renderHeaderAt();
    act(() => saveSession('token-nuevo', buildUser()));
    expect(within(header).getByRole('button', { name: 'Cerrar sesión' })).toBeInTheDocument();
  });

  it('se actualiza cuando otra pestaña cierra la sesión (storage)', async () => {
    storeSession();
    const { header } = await renderHeaderAt();
    localStorage.clear();
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: null }));
    });
    expect(within(header).getByRole('link', { name: 'Iniciar sesión' })).toBeInTheDocument();
  });

  it('relee la sesión al cambiar de ruta', async () => {
    const { header, router } = await renderHeaderAt();
    storeSession(); // without any event, as a script or an old tab could
    await act(() => router.navigate('/nosotros'));
    await screen.findByRole('heading', { name: 'Nosotros' });
    expect(within(header).getByRole('button', { name: 'Cerrar sesión' })).toBeInTheDocument();
  });

  it('un usuario guardado ilegible se registra en la consola y se borra la sesión', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    localStorage.setItem('nexbyte_token', 'token-de-prueba');
    localStorage.setItem('nexbyte_user', '{no es json');

    const { header } = await renderHeaderAt();

    expect(warn).toHaveBeenCalled();
    expect(localStorage.getItem('nexbyte_token')).toBeNull();
    expect(localStorage.getItem('nexbyte_user')).toBeNull();
    expect(within(header).getByRole('link', { name: 'Iniciar sesión' })).toBeInTheDocument();
  });

  it('con sesión ofrece Mi cuenta, en la barra y en el menú móvil', async () => {
    storeSession();
    const user = userEvent.setup();
    const { header } = await renderHeaderAt();
    const nav = within(header).getByRole('navigation', { name: 'Principal' });
    expect(within(nav).getByRole('link', { name: 'Mi cuenta' })).toHaveAttribute('href', '/cuenta');

    await user.click(within(header).getByRole('button', { name: 'Abrir menú' }));
    const menu = screen.getByRole('dialog', { name: 'Menú' });
    await user.click(within(menu).getByRole('link', { name: 'Mi cuenta' }));
    expect(menu).not.toHaveAttribute('open');
  });

  it('sin sesión no ofrece Mi cuenta', async () => {
    const { header } = await renderHeaderAt();
    expect(within(header).queryByRole('link', { name: 'Mi cuenta' })).not.toBeInTheDocument();
  });

  it('muestra solo a un ADMIN el enlace a la administración', async () => {
    storeSession(buildUser({ role: 'ADMIN' }));
    const { header } = await renderHeaderAt();
    expect(within(header).getByRole('link', { name: 'Administración' })).toHaveAttribute(
      'href',
      '/admin',
    );
  });

  it('la píldora del carrito muestra la suma de las cantidades', async () => {
    localStorage.setItem(
      'nexbyte_cart',
      JSON.stringify([
        { id: 1, nombre: 'Mouse Logitech G203', precio: 19990, qty: 2 },
        { id: 2, nombre: 'SSD Kingston 1TB', precio: 54990, qty: 3 },
      ]),
    );
    const { header } = await renderHeaderAt();
    const cart = within(header).getByRole('link', { name: 'Carrito 5 productos' });
    expect(cart).toHaveAttribute('href', '/carrito');
    expect(within(cart).getByTestId('cart-count')).toHaveTextContent('5');
  });

  it('con un carrito guardado ilegible, lo registra como error y la píldora muestra 0', async () => {
    const logged = vi.mocked(console.error).mockImplementation(() => {});
    localStorage.setItem('nexbyte_cart', 'esto no es un carrito');
    const { header } = await renderHeaderAt();
    expect(within(header).getByTestId('cart-count')).toHaveTextContent('0');
    expect(logged).toHaveBeenCalledWith('Error al cargar el carrito:', expect.any(SyntaxError));
  });

  it('el menú móvil se abre, bloquea el desplazamiento y se cierra con Escape', async () => {
    const user = userEvent.setup();
    const { header } = await renderHeaderAt();
    const menuButton = within(header).getByRole('button', { name: 'Abrir menú' });
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');

    await user.click(menuButton);

    const menu = screen.getByRole('dialog', { name: 'Menú' });
    expect(menu).toHaveAttribute('open');
    expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    expect(menuButton).toHaveAttribute('aria-controls', menu.id);
    expect(document.documentElement).toHaveClass('is-scroll-locked');
    expect(within(menu).getByRole('link', { name: 'Productos' })).toBeInTheDocument();

    await user.keyboard('{Escape}');

    expect(menu).not.toHaveAttribute('open');
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    expect(document.documentElement).not.toHaveClass('is-scroll-locked');
  });

  it('el menú móvil se cierra al elegir un enlace', async () => {
    const user = userEvent.setup();
    const { header } = await renderHeaderAt();
    await user.click(within(header).getByRole('button', { name: 'Abrir menú' }));
    const menu = screen.getByRole('dialog', { name: 'Menú' });

    await user.click(within(menu).getByRole('link', { name: 'Productos' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Productos' })).toBeInTheDocument();
    expect(menu).not.toHaveAttribute('open');
  });

  it('ofrece un enlace para saltar al contenido', async () => {
    await renderHeaderAt();
    expect(screen.getByRole('link', { name: 'Saltar al contenido' })).toHaveAttribute(
      'href',
      '#main',
    );
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main');
  });
});
