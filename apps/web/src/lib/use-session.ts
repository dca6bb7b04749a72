import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS } from '@nexbyte/shared';
import { readSession, subscribeToSession, type Session } from './session';
import { readString } from './storage';

// useSyncExternalStore wants the same object back while nothing changed, so the parsed
// session is kept together with the raw values it came from.
let cached: { token: string | null; user: string | null; session: Session | null } | undefined;

function getSessionSnapshot(): Session | null {
  const token = readString(STORAGE_KEYS.token);
  const user = readString(STORAGE_KEYS.user);
  if (cached?.token !== token || cached.user !== user) {
    cached = { token, user, session: readSession() };
  }
  return cached.session;
}

/**
 * The current session. It is read again on every render of the caller (so on every route change
 * of a component that uses the location), on the auth-change event and on the storage event.
 */
export function useSession(): Session | null {
  return useSyncExternalStore(subscribeToSession, getSessionSnapshot, () => null);
}
