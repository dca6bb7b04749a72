import { randomBytes } from 'node:crypto';
import { loadConfig, type AppConfig } from '../config';

/**
 * The server's configuration for a command run beside it (admin:create, db:backup, db:restore):
 * the same environment, so the same database and rules. These commands sign no session, so a
 * missing JWT_SECRET is not theirs to refuse; ADMIN_EMAIL/ADMIN_PASSWORD are the command's own input.
 */
export function commandConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  return loadConfig({
    ...env,
    JWT_SECRET: env.JWT_SECRET || randomBytes(32).toString('hex'),
    ADMIN_EMAIL: undefined,
    ADMIN_PASSWORD: undefined,
    SEED_DEMO_DATA: 'false',
  });
}
