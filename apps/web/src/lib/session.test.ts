import { describe, expect, it, vi } from 'vitest';
import { buildUser, storeSession } from '../testing/fixtures';
import { clearSession, readSession, saveSession } from './session';

describe('session', () => {
  it('sin nada guardado no hay sesión', () => {
    expect(readSession()).toBeNull();
  });

  it('saveSession guarda token y usuario y avisa con auth-change', () => {
    const onAuthChange = vi.fn();
    window.addEventListener('auth-change', onAuthChange);
    const user = buildUser({ role: 'ADMIN' });

    saveSession('t0k3n', user);

    window.removeEventListener('auth-change', onAuthChange);
    expect(onAuthChange).toHaveBeenCalledTimes(1);
    expect(readSession()).toEqual({ token: 't0k3n', user });
  });

  it('clearSession borra las dos claves', () => {
    storeSession();
    clearSession();
    expect(localStorage.getItem('nexbyte_token')).toBeNull();
    expect(localStorage.getItem('nexbyte_user')).toBeNull();
  });

  it.each([
    ['JSON inválido', '{"nombre": '],
    ['un valor que no es un usuario', '"hola"'],
    ['un rol desconocido', JSON.stringify({ ...buildUser(), role: 'ROOT' })],
  ])('un usuario guardado con %s se registra y borra la sesión completa', (_case, stored) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    localStorage.setItem('nexbyte_token', 't0k3n');
    localStorage.setItem('nexbyte_user', stored);

    expect(readSession()).toBeNull();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('nexbyte_token')).toBeNull();
    expect(localStorage.getItem('nexbyte_user')).toBeNull();
  });

  it('un usuario sin token no es una sesión, pero no se borra (otra pestaña puede estar escribiéndola)', () => {
    localStorage.setItem('nexbyte_user', JSON.stringify(buildUser()));
    expect(readSession()).toBeNull();
    expect(localStorage.getItem('nexbyte_user')).not.toBeNull();
  });
});
