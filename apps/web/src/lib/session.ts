import { AUTH_CHANGE_EVENT, ROLES, STORAGE_KEYS, type Usuario } from '@nexbyte/shared';
import { readJson, readString, removeKeys, writeJson, writeString } from './storage';

export interface Session {
  token: string;
  user: Usuario;
}

const SESSION_KEYS: readonly string[] = [STORAGE_KEYS.token, STORAGE_KEYS.user];

function isStoredUser(value: unknown): value is Usuario {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const { role } = value as { role?: unknown };
  return ROLES.some((known) => known === role);
}

/**
 * The session kept in local storage, or null when logged out. A stored user that cannot be
 * read is logged and the whole session is dropped, so the app never runs half logged in.
 * Does not emit the auth-change event: callers may be in the middle of a render.
 */
export function readSession(): Session | null {
  const token = readString(STORAGE_KEYS.token);
  const stored = readJson(STORAGE_KEYS.user);
  if (stored.status === 'missing') return null;
  if (stored.status === 'corrupt' || !isStoredUser(stored.value)) {
    if (stored.status === 'ok')
      console.warn('El usuario guardado no es válido; se cierra la sesión.');
    removeKeys(...SESSION_KEYS);
    return null;
  }
  // The two keys change one at a time (and another tab may be midway), so a user without a
  // token is a session being written or removed, not a corrupt one: leave it alone.
  if (!token) return null;
  return { token, user: stored.value };
}

export function saveSession(token: string, user: Usuario): void {
  writeString(STORAGE_KEYS.token, token);
  writeJson(STORAGE_KEYS.user, user);
  notifyAuthChange();
}

export function clearSession(): void {
  removeKeys(...SESSION_KEYS);
  notifyAuthChange();
}

function notifyAuthChange(): void {
  window.dispatchEvent(new Event(AUTH_CHANGE_EVENT));
}

/** Calls back when the session may have changed: in this tab (auth-change) or in another (storage). */
export function subscribeToSession(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    // key is null when another tab called localStorage.clear().
    if (event.key === null || SESSION_KEYS.includes(event.key)) onChange();
  };
  window.addEventListener(AUTH_CHANGE_EVENT, onChange);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(AUTH_CHANGE_EVENT, onChange);
    window.removeEventListener('storage', onStorage);
  };
}
