import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../testing/render-app';

describe('rutas', () => {
  it('una dirección desconocida muestra Página no encontrada con un enlace al inicio', async () => {
    renderApp('/no-existe/para-nada');
    expect(
      await screen.findByRole('heading', { name: 'Página no encontrada' }),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('main')).getByRole('link', { name: 'Volver al inicio' }),
    ).toHaveAttribute('href', '/');
    expect(screen.getByRole('banner')).toBeInTheDocument();
  });

  it('el detalle de producto muestra el id de la dirección', async () => {
    renderApp('/productos/detalle/42');
    expect(
      await screen.findByRole('heading', { name: 'Detalle del producto' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Producto 42')).toBeInTheDocument();
  });

  it.each([
    ['/', 'TIENDA ONLINE'],
    ['/carrito', 'Carrito'],
    ['/login', 'Iniciar sesión'],
    ['/registro', 'Registro'],
    ['/soporte', 'Soporte técnico'],
    ['/recuperar', 'Recuperar contraseña'],
  ])('%s muestra su pantalla dentro del sitio', async (url, heading) => {
    renderApp(url);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });

  it('/admin muestra el Dashboard con la barra lateral de administración', async () => {
    renderApp('/admin');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    const sidebar = screen.getByRole('navigation', { name: 'Administración' });
    for (const name of ['Dashboard', 'Productos', 'Usuarios', 'Contacto', 'Soporte']) {
      expect(within(sidebar).getByRole('link', { name })).toBeInTheDocument();
    }
    expect(screen.getByRole('link', { name: /volver a la tienda/i })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
  });

  it('/admin/usuarios/editar/:id muestra el id del usuario', async () => {
    renderApp('/admin/usuarios/editar/3');
    expect(await screen.findByRole('heading', { name: 'Editar usuario' })).toBeInTheDocument();
    expect(screen.getByText('Usuario 3')).toBeInTheDocument();
  });
});
