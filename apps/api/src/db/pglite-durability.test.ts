import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { DB_KIND } from '../test/test-app';

const serverFile = path.join(path.dirname(fileURLToPath(import.meta.url)), '../server.ts');

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const running = new Set<ChildProcess>();
const dirs: string[] = [];
afterAll(() => {
  for (const child of running) child.kill('SIGKILL');
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** The real server process on `dataDir`; resolves once it says it is ready. */
async function startServer(dataDir: string, port: number) {
  const child = spawn(process.execPath, ['--import', 'tsx', serverFile], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MAX: '1000000',
      RATE_LIMIT_FORMS_MAX: '1000000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let output = '';
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Nexbyte está listo')) resolve();
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => reject(new Error(`el servidor terminó (${code}): ${output}`)));
  });
  return child;
}

describe.skipIf(DB_KIND !== 'pglite')('the embedded database killed with SIGKILL', () => {
  it('keeps every write it acknowledged, and keeps its files to its owner', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'nexbyte-kill9-'));
    dirs.push(dataDir);
    const port = await freePort();
    const base = `http://127.0.0.1:${port}/api`;
    const server = await startServer(dataDir, port);
    const exited = new Promise((resolve) => server.once('exit', resolve));

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
    server.kill('SIGKILL');
    await exited;
    await Promise.all(writers);
    running.delete(server);

    expect(statSync(path.join(dataDir, 'pglite')).mode & 0o777).toBe(0o700);

    const again = await startServer(dataDir, port);
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
    const stopped = new Promise((resolve) => again.once('exit', resolve));
    again.kill('SIGTERM');
    expect(await stopped).toBe(0);
  }, 120_000);
});
