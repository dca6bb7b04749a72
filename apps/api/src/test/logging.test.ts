import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, loggerOptions, type App } from '../app';
import { seedDemoData } from '../db/seed';
import { ADMIN, freshDatabase, testConfig } from './test-app';

const lines: string[] = [];
const sink = new Writable({
  write(chunk, _encoding, done) {
    lines.push(chunk.toString());
    done();
  },
});

let app: App;
let drop: () => Promise<void>;
beforeAll(async () => {
  const config = testConfig({ LOG_LEVEL: 'info' });
  const db = await freshDatabase();
  drop = db.drop;
  await db.database.migrate();
  await seedDemoData(db.database.db, config);
  app = await buildApp({
    config,
    database: db.database,
    logger: { ...loggerOptions(config), stream: sink },
  });
});
afterAll(async () => {
  await app.close();
  await drop();
});

describe('logs', () => {
  it('never hold a password or a token, even for failed logins and authenticated calls', async () => {
    const wrong = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { correo: ADMIN.correo, pass: 'secreto9' },
    });
    expect(wrong.statusCode).toBe(401);
    const ok = await app.inject({ method: 'POST', url: '/api/auth/login', payload: ADMIN });
    const { token } = ok.json<{ token: string }>();
    await app.inject({
      method: 'GET',
      url: '/api/usuarios',
      headers: { authorization: `Bearer ${token}` },
    });
    await app.inject({
      method: 'POST',
      url: '/api/auth/registro',
      payload: {
        run: '7654321-6',
        nombre: 'Ana',
        apellidos: 'Díaz',
        correo: 'ana@gmail.com',
        pass: 'otra1234',
        pass2: 'otra1234',
        region: 'Maule',
        comuna: 'Talca',
        direccion: 'Calle 1',
      },
    });
    const log = lines.join('');
    expect(lines.length).toBeGreaterThan(4);
    for (const secret of ['secreto9', ADMIN.pass, 'otra1234', token, token.split('.')[2]!]) {
      expect(log).not.toContain(secret);
    }
  });
});
