import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockCatalogApi } from '../testing/catalog-api';
import { renderApp } from './testing/render-app';

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

  it('el detalle de producto pide a la API el id de la dirección', async () => {
    const api = mockCatalogApi({
      'GET /productos/:id': { status: 404, body: { message: 'No encontrado.' } },
    });
    renderApp('/productos/detalle/42');
    expect(await screen.findByText('No se pudo encontrar el producto.')).toBeInTheDocument();
    expect(api.callsTo('GET', '/productos/42')).toHaveLength(1);
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

  // The admin routes, behind their guard, are tested in admin-guard.test.tsx.
});
