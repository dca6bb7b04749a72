import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  freePort,
  killServers,
  startServer,
  stopServer,
} from '../../../../scripts/lib/server-process.mjs';
import { DB_KIND } from '../test/test-app';

const dirs: string[] = [];
afterAll(() => {
  killServers();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** The real server process from its sources on `dataDir`; resolves once it says it is ready. */
const serverOn = (dataDir: string, port: number) =>
  startServer(
    {
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      PORT: String(port),
      RATE_LIMIT_MAX: '1000000',
      RATE_LIMIT_FORMS_MAX: '1000000',
    },
    { source: true },
  );

describe.skipIf(DB_KIND !== 'pglite')('the embedded database killed with SIGKILL', () => {
  it('keeps every write it acknowledged, and keeps its files to its owner', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'nexbyte-kill9-'));
    dirs.push(dataDir);
    const port = await freePort();
    const base = `http://127.0.0.1:${port}/api`;
    const server = await serverOn(dataDir, port);

    // Eight writers at once until the kill; only a 201 counts as acknowledged.
    const acknowledged: string[] = [];
    let killed = false;
    const writer = async (w: number) => {
      for (let i = 0; !killed; i++) {
        const mensaje = `escritor ${w} mensaje ${i}`;
        try {
          const res = await fetch(`${base}/contactos`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ nombre: 'Durable', email: 'durable@gmail.com', mensaje }),
          });
          if (res.status === 201) acknowledged.push(mensaje);
        } catch {
          return; // The connection died with the server.
        }
      }
    };
    const writers = Array.from({ length: 8 }, (_, w) => writer(w));
    const deadline = Date.now() + 30_000;
    while (acknowledged.length < 200 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    killed = true;
    await stopServer(server, 'SIGKILL');
    await Promise.all(writers);

    expect(statSync(path.join(dataDir, 'pglite')).mode & 0o777).toBe(0o700);

    const again = await serverOn(dataDir, port);
    const login = await fetch(`${base}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ correo: 'admin@duoc.cl', pass: 'admin123' }),
    });
    const { token } = (await login.json()) as { token: string };
    const stored = new Set<string>();
    for (let page = 1; page < 100; page++) {
      const res = await fetch(`${base}/contactos?limite=100&pagina=${page}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.status).toBe(200);
      const rows = (await res.json()) as { mensaje: string }[];
      const sizeBefore = stored.size;
      for (const row of rows) stored.add(row.mensaje);
      if (rows.length < 100 || stored.size === sizeBefore) break;
    }
    const lost = acknowledged.filter((mensaje) => !stored.has(mensaje));
    expect(lost).toEqual([]);
    expect(acknowledged.length).toBeGreaterThanOrEqual(200);
    expect((await stopServer(again, 'SIGTERM')).code).toBe(0);
  }, 120_000);
});
