import { connect, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestContext } from './test-app';

/**
 * Requests no browser sends, through a real socket where app.inject would not reproduce them: each
 * is a 400 in Spanish, and nothing reaches the log at error level (pino's 50) or above.
 */
let t: TestContext;
let port: number;
beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: 'info' });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

/** Log lines written from `from` on at level error (50) or fatal (60). */
const errorsLogged = (from: number) =>
  t.logs
    .slice(from)
    .map((line) => JSON.parse(line) as { level: number; msg?: string })
    .filter((entry) => entry.level >= 50);

/** Sends `request` as it is and answers all the server wrote back before closing. */
function raw(request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port });
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('error', reject);
    socket.on('close', () => resolve(answer));
    socket.on('connect', () => socket.write(request));
    // The server may keep the connection open after answering: end it once something came back.
    socket.setTimeout(3000, () => socket.end());
  });
}

const statusOf = (answer: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1]);

describe('malformed HTTP', () => {
  it.each([
    ['a Transfer-Encoding that is not chunked', 'Transfer-Encoding: gzip'],
    ['a Transfer-Encoding with chunked not last', 'Transfer-Encoding: chunked, gzip'],
    [
      'a Transfer-Encoding beside a Content-Length',
      'Transfer-Encoding: chunked\r\nContent-Length: 4',
    ],
    ['a Transfer-Encoding that is not a token', 'Transfer-Encoding: \u0001chunked'],
  ])('%s is a 400 and logs no error', async (_name, header) => {
    const from = t.logs.length;
    const answer = await raw(
      `POST /api/contactos HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n${header}\r\nConnection: close\r\n\r\n4\r\n{}\r\n\r\n0\r\n\r\n`,
    );
    expect(statusOf(answer), answer).toBe(400);
    expect(errorsLogged(from)).toEqual([]);
  });

  const upload = (contentType: string, body: string) =>
    fetch(`http://127.0.0.1:${port}/api/productos/1/imagenes`, {
      method: 'POST',
      headers: { ...bearer(t.adminToken), 'content-type': contentType },
      body,
    });
  const PART = '--x\r\nContent-Disposition: form-data; name="archivo"; filename="a.png"\r\n\r\nabc';

  it.each([
    ['no boundary', 'multipart/form-data'],
    ['an empty boundary', 'multipart/form-data; boundary='],
    ['a boundary longer than 70 characters', `multipart/form-data; boundary=${'x'.repeat(300)}`],
  ])('a multipart upload with %s is a 400 in Spanish and logs no error', async (_name, type) => {
    const from = t.logs.length;
    const res = await upload(type, `${PART}\r\n--x--\r\n`);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      message: 'Envía la foto como multipart/form-data, en el campo «archivo».',
    });
    expect(errorsLogged(from)).toEqual([]);
  });

  it('a multipart upload cut short is a 400 in Spanish and logs no error', async () => {
    const from = t.logs.length;
    const res = await upload('multipart/form-data; boundary=x', PART);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      message: 'La foto no llegó completa o el formulario no se pudo leer: vuelve a enviarla.',
    });
    expect(errorsLogged(from)).toEqual([]);
  });
});
