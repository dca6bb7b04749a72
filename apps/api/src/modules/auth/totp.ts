import { createHash, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

const ISSUER = 'Nexbyte';
const PERIOD_SECONDS = 30;
/** One step either side: the phone's clock may be a few seconds off. */
const WINDOW = 1;
export const RECOVERY_CODE_COUNT = 10;
/** Recovery codes: 10 characters of this alphabet (~50 bits), shown as xxxxx-xxxxx. */
const CODE_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

function totpFor(secret: string, label = ''): TOTP {
  return new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });
}

/** A new secret (160 bits, RFC 4226's recommendation) in base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// URI an authenticator app reads (as a QR code or pasted). */
export function totpUri(secret: string, account: string): string {
  return totpFor(secret, account).toString();
}

/** The code the app shows now; for tests. */
export function currentTotpCode(secret: string, timestamp = Date.now()): string {
  return totpFor(secret).generate({ timestamp });
}

/** The time step of `code` when it is right for the secret now (± one step), else null. */
export function totpStep(secret: string, code: string, timestamp = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpFor(secret).validate({ token: code, timestamp, window: WINDOW });
  if (delta === null) return null;
  return Math.floor(timestamp / 1000 / PERIOD_SECONDS) + delta;
}

/** Ten single-use recovery codes, to show once. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from(randomBytes(10), (b) => CODE_ALPHABET[b % CODE_ALPHABET.length]);
    return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
  });
}

/**
 * What is stored of a recovery code: the SHA-256 of the code without case, dashes or spaces. The
 * codes are random, so a fast hash is enough (as for the recovery links' tokens).
 */
export function recoveryCodeHash(code: string): string {
  const normalized = code.toLowerCase().replace(/[\s-]/g, '');
  return createHash('sha256').update(normalized).digest('hex');
}
