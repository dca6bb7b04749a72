import {
  emailField,
  passwordField,
  type PasswordPolicy,
  REGISTER_MESSAGES,
  requiredText,
  type Usuario,
} from '@nexbyte/shared';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { ConfigError, type AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { badRequest, HttpError } from '../../http-errors';
import { hashPassword, refuseCommonPassword } from '../../passwords';
import { hasAdmin, insertUser } from '../users/users.service';

export interface OwnerInput {
  correo: string;
  nombre: string;
  pass: string;
}

/** The same rules as everywhere else: the e-mail domains and the password policy in force. */
function ownerSchema(domains: readonly string[], policy: PasswordPolicy) {
  return z.object({
    correo: emailField({ format: REGISTER_MESSAGES.correo }, domains),
    nombre: requiredText(REGISTER_MESSAGES.nombre),
    pass: passwordField(policy),
  });
}

type OwnerRules = Pick<AppConfig, 'allowedEmailDomains' | 'passwordPolicy'>;

/** The input as stored (e-mail lower-cased, name trimmed), or a 400 naming each wrong field. */
export async function checkOwner(input: OwnerInput, rules: OwnerRules): Promise<OwnerInput> {
  const parsed = ownerSchema(rules.allowedEmailDomains, rules.passwordPolicy).safeParse(input);
  if (!parsed.success) {
    const errors = Object.fromEntries(
      parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message]),
    );
    throw badRequest(Object.values(errors).join(' '), errors);
  }
  await refuseCommonPassword(rules.passwordPolicy, parsed.data.pass);
  return parsed.data;
}

// The same lock for `npm run admin:create` and the first start, so two of them never both create
// "the first" admin.
const FIRST_ADMIN_LOCK = 724_015;

/**
 * Creates the shop's owner, an ADMIN. Only what the owner is asked at the command line is known:
 * the RUN and the address stay empty until they fill their profile in. A taken e-mail is a 409.
 */
export async function createOwner(
  db: Db,
  input: OwnerInput,
  rules: Pick<AppConfig, 'allowedEmailDomains' | 'passwordPolicy'>,
): Promise<Usuario> {
  const { correo, nombre, pass } = await checkOwner(input, rules);
  return insertUser(db, {
    run: null,
    nombre,
    apellidos: '',
    correo,
    passHash: await hashPassword(pass),
    role: 'ADMIN',
    telefono: null,
    region: '',
    comuna: '',
    direccion: '',
  });
}

/**
 * A clean install's first start: ADMIN_EMAIL/ADMIN_PASSWORD become the first admin, only while the
 * shop has no admin at all. Later starts (or a changed ADMIN_PASSWORD) touch nothing: from then on
 * the password is the owner's, changed in the shop.
 */
export async function ensureFirstAdmin(
  db: Db,
  config: Pick<AppConfig, 'firstAdmin' | 'allowedEmailDomains' | 'passwordPolicy'>,
): Promise<Usuario | null> {
  const first = config.firstAdmin;
  if (!first) return null;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${FIRST_ADMIN_LOCK})`);
    if (await hasAdmin(tx)) return null;
    try {
      return await createOwner(
        tx,
        { correo: first.email, nombre: 'Administración', pass: first.password },
        config,
      );
    } catch (err) {
      // Said as a start-up refusal that names the settings, not as an HTTP answer.
      if (err instanceof HttpError) {
        throw new ConfigError(`ADMIN_EMAIL / ADMIN_PASSWORD: ${err.message}`);
      }
      throw err;
    }
  });
}

/** Whether anyone can log in to the admin: start-up reminds the owner of admin:create if not. */
export { hasAdmin };

/** `npm run admin:create`: under the same lock, so a first start running meanwhile waits. */
export function createOwnerLocked(db: Db, input: OwnerInput, rules: OwnerRules): Promise<Usuario> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${FIRST_ADMIN_LOCK})`);
    return createOwner(tx, input, rules);
  });
}
