// Test helpers for the admin screens: a stand-in API behind fetch, and the app opened as an ADMIN.
import { screen } from '@testing-library/react';
import type { Producto, Usuario } from '@nexbyte/shared';
import { expect } from 'vitest';
import {
  mockApi as mockFetchApi,
  type MockCall,
  type MockHandler,
  type MockReply,
} from '../../testing/mock-api';
import { buildUser, storeSession } from '../../testing/fixtures';
import { renderApp } from '../../testing/render-app';

export type ApiReply = MockReply;

/** 'GET /productos' → reply; the path is matched without '/api' and without the query string. */
export type ApiHandlers = Record<string, ApiReply | ((body: unknown) => ApiReply)>;

export type ApiCall = MockCall;

/**
 * Replaces fetch with the given answers (testing/mock-api), the handlers receiving the request
 * body. An unexpected call fails the test with its name, so a screen cannot quietly depend on a
 * call the test did not plan for.
 */
export function mockApi(handlers: ApiHandlers) {
  const byBody = Object.entries(handlers).map(([route, handler]): [string, MockHandler] => [
    route,
    typeof handler === 'function' ? (call) => handler(call.body) : handler,
  ]);
  return mockFetchApi(Object.fromEntries(byBody));
}

export const ADMIN_USER = buildUser({
  id: 1,
  run: '11111111-1',
  nombre: 'Ana',
  apellidos: 'Admin Soto',
  correo: 'admin@duoc.cl',
  role: 'ADMIN',
});

/** Opens the app at an admin address with a stored ADMIN session. */
export function renderAsAdmin(url: string) {
  storeSession(ADMIN_USER);
  return renderApp(url);
}

/** Waits for the screen's heading, so nothing updates after the test ends. */
export async function findHeading(name: string) {
  const heading = await screen.findByRole('heading', { level: 1, name });
  expect(heading).toBeInTheDocument();
  return heading;
}

const CATEGORIAS = [
  { id: 1, nombre: 'Almacenamiento' },
  { id: 2, nombre: 'Periféricos' },
];
export { CATEGORIAS };

export function buildProduct(overrides: Partial<Producto> = {}): Producto {
  return {
    id: 12,
    nombre: 'Mouse Logitech G203',
    descripcion: 'Mouse gamer con luces RGB.',
    precio: 19990,
    imagen: '/img/categorias/perifericos.svg',
    stock: 35,
    activo: true,
    categoria: { id: 2, nombre: 'Periféricos' },
    createdAt: '2026-01-15T12:00:00.000Z',
    ...overrides,
  };
}

export function buildAccount(overrides: Partial<Usuario> = {}): Usuario {
  return buildUser({
    id: 5,
    run: '12345678-5',
    nombre: 'Pedro',
    apellidos: 'Soto Vera',
    correo: 'pedro.soto@gmail.com',
    role: 'VENDOR',
    telefono: '9 5555 6666',
    region: 'Metropolitana de Santiago',
    comuna: 'Providencia',
    direccion: 'Av. Providencia 1234',
    ...overrides,
  });
}
