import { hash, verify } from '@node-rs/argon2';
import { COMMON_PASSWORD_MESSAGE, type PasswordPolicy } from '@nexbyte/shared';
import { badRequest } from './http-errors';

// @node-rs/argon2 defaults to argon2id; these are OWASP's minimum costs for it
// (19 MiB of memory, 2 passes, 1 lane), about 20 ms on this class of machine.
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(plain: string): Promise<string> {
  return hash(plain, OPTIONS);
}

export async function verifyPassword(passHash: string, plain: string): Promise<boolean> {
  try {
    return await verify(passHash, plain);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Verifying against a throw-away hash when the e-mail is unknown makes a wrong e-mail take as long
 * as a wrong password, so the answer's timing does not reveal which accounts exist.
 */
export async function burnPasswordCheck(plain: string): Promise<void> {
  dummyHash ??= hashPassword('nexbyte-dummy-password');
  await verifyPassword(await dummyHash, plain);
}

/** How many of the most common passwords 'fuerte' refuses (decision 015). */
export const COMMON_PASSWORDS_REFUSED = 10_000;

let commonPasswords: Promise<ReadonlySet<string>> | undefined;

/**
 * The first 10,000 entries of @zxcvbn-ts/language-common's `passwords-common` (a ranked list,
 * most common first), lower-cased; loaded on first use.
 */
function loadCommonPasswords(): Promise<ReadonlySet<string>> {
  commonPasswords ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) =>
      new Set(
        dictionary['passwords-common']
          .slice(0, COMMON_PASSWORDS_REFUSED)
          .map((p) => String(p).toLowerCase()),
      ),
  );
  return commonPasswords;
}

/** Whether the password is one of the most common ones, compared without regard to case. */
export async function isCommonPassword(plain: string): Promise<boolean> {
  return (await loadCommonPasswords()).has(plain.toLowerCase());
}

/**
 * Refuses a new password the policy does not allow beyond its length (which the schema checks):
 * under 'fuerte', one of the most common passwords. The answer is a field error on `field`.
 */
export async function refuseCommonPassword(
  policy: PasswordPolicy,
  plain: string,
  field = 'pass',
): Promise<void> {
  if (policy === 'fuerte' && (await isCommonPassword(plain))) {
    throw badRequest(COMMON_PASSWORD_MESSAGE, { [field]: COMMON_PASSWORD_MESSAGE });
  }
}
