import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { startServer, type ServerProcess } from '../../../../scripts/lib/server-process.mjs';
import { ADMIN } from './shop';

/**
 * The environment of an operator's server: production mode, generous request limits (the faults
 * are the subject, not the limiter), quiet logs, no web build, no background sweep, and the
 * settings production insists on (its own admin password and bank account, an https address).
 */
export function serverEnv(env: Record<string, string>): Record<string, string> {
  return {
    NODE_ENV: 'production',
    JWT_SECRET: randomBytes(32).toString('hex'),
    SEED_DEMO_DATA: 'true',
    ADMIN_PASSWORD: ADMIN.pass,
    PUBLIC_URL: 'https://tienda.nexbyte.test',
    BANK_ACCOUNT_NUMBER: '000123456789',
    BANK_RUT: '77.654.321-9',
    RATE_LIMIT_MAX: '100000',
    RATE_LIMIT_FORMS_MAX: '100000',
    LOGIN_MAX_FAILS_ACCOUNT: '1000',
    LOGIN_MAX_FAILS_CLIENT: '1000',
    RECOVERY_MAX_PER_EMAIL: '1000',
    RECOVERY_MAX_PER_CLIENT: '1000',
    // The scenarios place thousands of guest orders from one address in a few seconds.
    ORDER_GUEST_UNPAID_MAX: '1000000',
    ORDER_GUEST_UNPAID_MAX_UNITS: '1000000',
    ORDER_GUEST_UNPAID_MAX_TOTAL: '10000000000',
    WEB_DIST_DIR: path.join(tmpdir(), 'nexbyte-faults-no-web'),
    ORDER_SWEEP_INTERVAL_SECONDS: '0',
    ...env,
  };
}

/**
 * The server as an operator runs it, from its sources (`node --import tsx apps/api/src/server.ts`,
 * its own PID so that signals reach it), with nothing of this process's environment but PATH and
 * HOME; resolves once it is ready.
 */
export function startShopServer(
  env: Record<string, string>,
  { readyTimeoutMs = 60_000 } = {},
): Promise<ServerProcess> {
  return startServer(serverEnv(env), { source: true, inheritEnv: false, readyTimeoutMs });
}
