import { ApiError } from '../../lib/api-client';
import { clearSession } from '../../lib/session';

/**
 * A 401 means the session is over (it expired, or the password changed elsewhere). Clearing it is
 * enough: /cuenta then sends the person to log in. Returns whether it was such an error.
 */
export function endSessionIfRefused(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.status !== 401) return false;
  clearSession();
  return true;
}
