import { hash, verify } from '@node-rs/argon2';

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
