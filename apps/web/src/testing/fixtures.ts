import type { Usuario } from '@nexbyte/shared';

export function buildUser(overrides: Partial<Usuario> = {}): Usuario {
  return {
    id: 7,
    run: '11111111-1',
    nombre: 'Camila',
    apellidos: 'Rojas Soto',
    correo: 'camila@gmail.com',
    role: 'CLIENT',
    telefono: '9 1234 5678',
    region: 'Región Metropolitana de Santiago',
    comuna: 'Ñuñoa',
    direccion: 'Av. Irarrázaval 1234',
    ...overrides,
  };
}

export const ADMIN_USER = buildUser({
  id: 1,
  run: '11111111-1',
  nombre: 'Ana',
  apellidos: 'Admin Soto',
  correo: 'admin@duoc.cl',
  role: 'ADMIN',
});

export function storeSession(user: Usuario = buildUser(), token = 'token-de-prueba'): void {
  localStorage.setItem('nexbyte_token', token);
  localStorage.setItem('nexbyte_user', JSON.stringify(user));
}
