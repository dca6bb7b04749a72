import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'nexbyte-config-'));

describe('configuration', () => {
  it('refuses to start in production without JWT_SECRET and says why', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir() })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir() })).toThrow(/JWT_SECRET/);
  });

  it('refuses a short JWT_SECRET', () => {
    expect(() => loadConfig({ JWT_SECRET: 'corto', DATA_DIR: dataDir() })).toThrow(/32 caracteres/);
  });

  it('generates a secret once for the embedded database and keeps it in DATA_DIR', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir });
    const second = loadConfig({ DATA_DIR: dir });
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(second.jwtSecret).toBe(first.jwtSecret);
    expect(readFileSync(path.join(dir, 'jwt-secret'), 'utf8')).toBe(first.jwtSecret);
  });

  it('asks for an explicit secret when several instances share PostgreSQL', () => {
    expect(() =>
      loadConfig({ DATABASE_URL: 'postgres://localhost/x', DATA_DIR: dataDir() }),
    ).toThrow(/JWT_SECRET/);
  });

  it('has the documented defaults', () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    expect(config).toMatchObject({
      host: '127.0.0.1',
      port: 3000,
      databaseUrl: undefined,
      allowedEmailDomains: ['duoc.cl', 'profesor.duoc.cl', 'gmail.com'],
      admin: { email: 'admin@duoc.cl', password: 'admin123' },
      jwtExpiresIn: '8h',
    });
  });

  it('reads the allowed e-mail domains and refuses an admin e-mail outside them', () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      ALLOWED_EMAIL_DOMAINS: ' Nexbyte.cl , @gmail.com ',
      ADMIN_EMAIL: 'dueno@nexbyte.cl',
    });
    expect(config.allowedEmailDomains).toEqual(['nexbyte.cl', 'gmail.com']);
    expect(() => loadConfig({ DATA_DIR: dataDir(), ADMIN_EMAIL: 'dueno@nexbyte.cl' })).toThrow(
      /ADMIN_EMAIL/,
    );
  });

  it('refuses an admin password that the login rules would reject', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), ADMIN_PASSWORD: 'abc' })).toThrow(
      /ADMIN_PASSWORD/,
    );
  });

  it('refuses a PORT that is not a port', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), PORT: 'abc' })).toThrow(/PORT/);
  });
});
