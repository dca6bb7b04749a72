import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  freePort,
  killServers,
  startServer,
  stopServer,
  type ServerStartError,
} from '../../../scripts/lib/server-process.mjs';
import { DB_KIND } from './test/test-app';

afterEach(killServers);

/** The real server process from its sources, on the embedded database in `dataDir`. */
const serverOn = (dataDir: string, port: number, env: Record<string, string> = {}) =>
  startServer(
    { DATA_DIR: dataDir, PORT: String(port), DATABASE_URL: '', ...env },
    { source: true },
  );

describe.skipIf(DB_KIND !== 'pglite')('the server process on the embedded database', () => {
  it('keeps what was written across a restart and stops cleanly on SIGTERM and SIGINT', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'nexbyte-server-'));
    const port = await freePort();
    const base = `http://127.0.0.1:${port}/api`;

    const first = await serverOn(dataDir, port, { DEV_OUTBOX_API: '1' });
    expect(first.output()).toContain('datos de demostración cargados');
    // The demo (its photos drawn through sharp included) was loaded by a set-up process of its
    // own: the process that serves never loaded the image library, nor kept what seeding freed.
    const shop = (await (await fetch(`${base}/productos?limite=100`)).json()) as {
      imagenes: unknown[];
    }[];
    expect(shop.filter((p) => p.imagenes.length > 0).length).toBeGreaterThan(0);
    expect(readFileSync(`/proc/${first.child.pid}/maps`, 'utf8')).not.toContain('libvips');
    const login = await fetch(`${base}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ correo: 'admin@duoc.cl', pass: 'admin123' }),
    });
    const { token } = (await login.json()) as { token: string };
    const created = await fetch(`${base}/contactos`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ nombre: 'Persistente', email: 'p@gmail.com', mensaje: 'Sigo aquí' }),
    });
    expect(created.status).toBe(201);
    // The shop hears of it by e-mail, rendered by the server as it really runs (tsx, started from
    // the repository's root): a template that does not compile there sends nothing at all.
    const shopMail = async () => {
      const answer = await fetch(`${base}/dev/correos?para=tienda@nexbyte.cl`);
      const mails = (await answer.json()) as { asunto: string; texto: string }[];
      return mails.find((m) => m.texto.includes('Sigo aquí'));
    };
    let mail = await shopMail();
    for (let i = 0; !mail && i < 50; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      mail = await shopMail();
    }
    expect(mail?.asunto).toContain('Persistente');
    expect((await stopServer(first, 'SIGTERM')).code).toBe(0);

    const second = await serverOn(dataDir, port);
    expect(second.output()).not.toContain('datos de demostración cargados');
    // The token survives too: the generated secret is kept in DATA_DIR.
    const messages = await fetch(`${base}/contactos`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(messages.status).toBe(200);
    expect(((await messages.json()) as { mensaje: string }[]).map((m) => m.mensaje)).toContain(
      'Sigo aquí',
    );
    const products = (await (await fetch(`${base}/productos`)).json()) as unknown[];
    expect(products.length).toBeGreaterThanOrEqual(40);
    expect((await stopServer(second, 'SIGINT')).code).toBe(0);
  }, 180_000);

  it('on SIGTERM closes idle keep-alive sockets at once, cuts slow ones after the drain, exits 0', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'nexbyte-server-'));
    const port = await freePort();
    const server = await serverOn(dataDir, port, { SHUTDOWN_DRAIN_MS: '3000' });
    const open = async () => {
      const socket = connect(port, '127.0.0.1');
      await new Promise<void>((resolve) => socket.on('connect', () => resolve()));
      socket.on('error', () => {});
      return socket;
    };
    // An idle keep-alive socket: one answered request, then nothing.
    const idle = await open();
    const answered = new Promise<string>((resolve) => idle.once('data', (c) => resolve(String(c))));
    idle.write('GET /api/categorias HTTP/1.1\r\nHost: x\r\n\r\n');
    expect(await answered).toMatch(/^HTTP\/1\.1 200/);
    // A slow sender: headers that never end.
    const slow = await open();
    slow.write('GET /api/categorias HTTP/1.1\r\nHost: x\r\n');
    const idleClosed = new Promise<number>((resolve) =>
      idle.on('close', () => resolve(Date.now())),
    );
    const slowClosed = new Promise<number>((resolve) =>
      slow.on('close', () => resolve(Date.now())),
    );

    const started = Date.now();
    // 0 means within the 10 s grace: the slow socket did not hold the process until its
    // 30 s request time-out.
    expect((await stopServer(server, 'SIGTERM')).code).toBe(0);
    expect((await idleClosed) - started).toBeLessThan(2_000);
    // Node's close() leaves a request being received alone; the drain's end cuts it.
    expect((await slowClosed) - started).toBeGreaterThanOrEqual(2_900);
  }, 180_000);

  it('logs a line per request and has written every one when SIGTERM ends it', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'nexbyte-server-'));
    const port = await freePort();
    const server = await serverOn(dataDir, port, { LOG_LEVEL: 'info' });
    let stdout = '';
    server.child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    // Many at once, so that lines are logged while others are being written.
    const requests = 300;
    const answers = await Promise.all(
      Array.from({ length: requests }, () =>
        fetch(`http://127.0.0.1:${port}/api/categorias`).then((res) => res.status),
      ),
    );
    expect(answers.every((status) => status === 200)).toBe(true);
    expect((await stopServer(server, 'SIGTERM')).code).toBe(0);
    const lines = stdout
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { url?: string; msg: string });
    expect(lines.filter((line) => line.url === '/api/categorias')).toHaveLength(requests);
    // The last lines, logged while closing, were written before the process ended.
    expect(lines.at(-1)?.msg).toBe('servidor cerrado');
  }, 180_000);

  it('does not serve when setting up fails, and says why once', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'nexbyte-server-'));
    // Where the embedded database would be created there is a file: creating it fails.
    writeFileSync(path.join(dataDir, 'pglite'), 'no es una carpeta');
    const failed = (await serverOn(dataDir, await freePort()).then(
      () => null,
      (err: ServerStartError) => err,
    ))!;
    expect(failed).not.toBeNull();
    expect(failed.exit.code).toBe(1);
    expect(failed.output.match(/No se pudo iniciar Nexbyte/g)).toHaveLength(1);
    expect(failed.output).toContain('EEXIST');
  }, 180_000);
});
