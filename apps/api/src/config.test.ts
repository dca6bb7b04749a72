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

  it('without SMTP_URL keeps e-mails in the outbox, and links point to this server', () => {
    const config = loadConfig({ DATA_DIR: dataDir(), PORT: '4000' });
    expect(config.mail).toEqual({ smtpUrl: undefined, from: 'Nexbyte <no-reply@nexbyte.cl>' });
    expect(config.publicUrl).toBe('http://localhost:4000');
    expect(config.devOutboxApi).toBe(false);
    expect(config.recoveryLimits).toEqual({ perEmail: 3, perClient: 10, windowSeconds: 900 });
  });

  it('reads SMTP_URL, MAIL_FROM and PUBLIC_URL (without its trailing slash)', () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      SMTP_URL: 'smtps://usuario:clave@smtp.nexbyte.cl:465',
      MAIL_FROM: 'Tienda <tienda@nexbyte.cl>',
      PUBLIC_URL: 'https://www.nexbyte.cl/',
    });
    expect(config.mail).toEqual({
      smtpUrl: 'smtps://usuario:clave@smtp.nexbyte.cl:465',
      from: 'Tienda <tienda@nexbyte.cl>',
    });
    expect(config.publicUrl).toBe('https://www.nexbyte.cl');
  });

  it('refuses an SMTP_URL or PUBLIC_URL it cannot use, without printing the value', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), SMTP_URL: 'mail.nexbyte.cl' })).toThrow(
      /SMTP_URL/,
    );
    const wrongScheme = () => loadConfig({ DATA_DIR: dataDir(), SMTP_URL: 'http://u:secreta@x' });
    expect(wrongScheme).toThrow(/SMTP_URL/);
    expect(wrongScheme).not.toThrow(/secreta/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), PUBLIC_URL: 'nexbyte.cl' })).toThrow(
      /PUBLIC_URL/,
    );
  });

  it('serves the outbox to browser tests only outside production', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), DEV_OUTBOX_API: '1' }).devOutboxApi).toBe(true);
    expect(() =>
      loadConfig({
        DATA_DIR: dataDir(),
        NODE_ENV: 'production',
        JWT_SECRET: 'x'.repeat(40),
        DEV_OUTBOX_API: '1',
      }),
    ).toThrow(/DEV_OUTBOX_API/);
  });
});
