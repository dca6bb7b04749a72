// The session-signing secret: JWT_SECRET, or with the embedded database outside production a
// secret generated once and kept in DATA_DIR. Reading it (loadConfig) writes nothing; the file is
// written by ensureJwtSecretFile, an explicit step of the server's start.
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ConfigError } from './config-error';
import { envSchema, type Env } from './env-schema';

type SecretSettings = Pick<Env, 'JWT_SECRET' | 'NODE_ENV' | 'DATABASE_URL' | 'DATA_DIR'>;

const secretSettings = envSchema.pick({
  JWT_SECRET: true,
  NODE_ENV: true,
  DATABASE_URL: true,
  DATA_DIR: true,
});

/** Where the embedded database's generated secret is kept. */
export const jwtSecretFile = (dataDir: string) => path.join(dataDir, 'jwt-secret');

/** No JWT_SECRET, outside production and on the embedded database: the secret is the file's. */
const usesFile = (env: SecretSettings) =>
  !env.JWT_SECRET && env.NODE_ENV !== 'production' && !env.DATABASE_URL;

/**
 * The secret, read: JWT_SECRET (32 characters or more), else the file in DATA_DIR. Production and
 * a shared PostgreSQL must say their secret explicitly, so that every instance signs alike.
 */
export function readJwtSecret(env: SecretSettings): string {
  if (env.JWT_SECRET) {
    if (env.JWT_SECRET.length < 32) {
      throw new ConfigError('JWT_SECRET debe tener al menos 32 caracteres.');
    }
    return env.JWT_SECRET;
  }
  if (env.NODE_ENV === 'production') {
    throw new ConfigError(
      'Falta JWT_SECRET: en producción el servidor no arranca sin un secreto propio (32 caracteres o más).',
    );
  }
  if (env.DATABASE_URL) {
    throw new ConfigError(
      'Falta JWT_SECRET: con DATABASE_URL cada instancia debe compartir el mismo secreto.',
    );
  }
  const file = jwtSecretFile(env.DATA_DIR);
  if (!existsSync(file)) {
    throw new ConfigError(
      `Falta el secreto de las sesiones (${file}): el servidor lo crea al arrancar; o define JWT_SECRET.`,
    );
  }
  return readFileSync(file, 'utf8').trim();
}

/**
 * The server's start calls this before reading its configuration: with the embedded database and
 * no JWT_SECRET (development), a secret is generated once and kept in DATA_DIR so sessions survive
 * restarts. Whoever reads it can sign an admin's session, so it is the owner's only, even if an
 * older version left it readable. Nothing happens when the secret is not the file's.
 */
export function ensureJwtSecretFile(source: NodeJS.ProcessEnv = process.env): void {
  const parsed = secretSettings.safeParse(source);
  // A wrong setting is loadConfig's to report, with the others.
  if (!parsed.success || !usesFile(parsed.data)) return;
  const file = jwtSecretFile(parsed.data.DATA_DIR);
  if (existsSync(file)) {
    chmodSync(file, 0o600);
    return;
  }
  mkdirSync(parsed.data.DATA_DIR, { recursive: true, mode: 0o700 });
  writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600 });
}
