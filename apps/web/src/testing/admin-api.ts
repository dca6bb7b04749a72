// Test helpers for the admin screens: a stand-in API behind fetch whose handlers receive the
// request body, and the rows the admin lists show.
import { screen } from '@testing-library/react';
import type { Producto, Usuario } from '@nexbyte/shared';
import { expect } from 'vitest';
import { buildUser } from './fixtures';
import {
  mockApi as mockFetchApi,
  type MockCall,
  type MockHandler,
  type MockReply,
} from './mock-api';

export type ApiReply = MockReply;

export type ApiCall = MockCall;

/**
 * 'GET /productos' → reply; the path is matched without '/api' and without the query string. A
 * handler function receives the request body, and the whole call (its query) second.
 */
export type ApiHandlers = Record<string, ApiReply | ((body: unknown, call: ApiCall) => ApiReply)>;

/**
 * Replaces fetch with the given answers (testing/mock-api), the handlers receiving the request
 * body. An unexpected call fails the test with its name, so a screen cannot quietly depend on a
 * call the test did not plan for.
 */
export function mockApi(handlers: ApiHandlers) {
  const byBody = Object.entries(handlers).map(([route, handler]): [string, MockHandler] => [
    route,
    typeof handler === 'function' ? (call) => handler(call.body, call) : handler,
  ]);
  return mockFetchApi(Object.fromEntries(byBody));
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
    marca: null,
    sku: 'NB-000001',
    especificaciones: [],
    imagenes: [],
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

/**
 * A list answered as the API pages it: the `pagina` and `limite` of the request (50 by default),
 * with the count of every row in X-Total-Count. A page past the end is empty.
 */
export function pagedReply<T>(rows: readonly T[]) {
  return (_body: unknown, call: ApiCall): ApiReply => {
    const limite = Number(call.query.get('limite') ?? 50);
    const pagina = Number(call.query.get('pagina') ?? 1);
    return {
      body: rows.slice((pagina - 1) * limite, pagina * limite),
      headers: { 'X-Total-Count': String(rows.length) },
    };
  };
}
