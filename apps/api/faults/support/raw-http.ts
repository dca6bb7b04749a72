import { connect, type Socket } from 'node:net';

/** A raw HTTP/1.1 connection whose every byte and whose end the test can watch. */
export interface RawConnection {
  socket: Socket;
  /** Everything the server sent on it. */
  received(): Buffer;
  /** performance.now() when the server (or an error) closed it. */
  closed: Promise<number>;
}

export function open(port: number): Promise<RawConnection> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    const closed = new Promise<number>((done) => socket.on('close', () => done(performance.now())));
    // A reset by the server is one of the outcomes under test, not a crash of the runner.
    socket.on('error', () => {});
    socket.once('connect', () =>
      resolve({ socket, received: () => Buffer.concat(chunks), closed }),
    );
    socket.once('error', reject);
  });
}

/** Writes one request on a raw connection (pipelined behind any other still unanswered). */
export function send(
  conn: RawConnection,
  method: string,
  url: string,
  { body, headers = {} }: { body?: unknown; headers?: Record<string, string> } = {},
) {
  const payload = body === undefined ? Buffer.alloc(0) : Buffer.from(JSON.stringify(body));
  const head = [
    `${method} ${url} HTTP/1.1`,
    'Host: 127.0.0.1',
    'Connection: keep-alive',
    ...(body === undefined
      ? []
      : ['Content-Type: application/json', `Content-Length: ${payload.length}`]),
    ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
  ];
  conn.socket.write(Buffer.concat([Buffer.from(`${head.join('\r\n')}\r\n\r\n`), payload]));
}

/** Whether `data` holds one whole response (Content-Length or chunked). */
function wholeResponse(data: Buffer): boolean {
  const end = data.indexOf('\r\n\r\n');
  if (end < 0) return false;
  const head = data.subarray(0, end).toString().toLowerCase();
  const length = /\r\ncontent-length: *(\d+)/.exec(head);
  if (length) return data.length - (end + 4) >= Number(length[1]);
  return /\r\ntransfer-encoding: *chunked/.test(head)
    ? data.toString().endsWith('0\r\n\r\n')
    : true;
}

/**
 * A keep-alive connection that made one request and got its answer: from then on it is idle, as a
 * browser leaves it between two clicks.
 */
export async function idleKeepAlive(port: number, url: string): Promise<RawConnection> {
  const conn = await open(port);
  conn.socket.write(`GET ${url} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n`);
  for (let i = 0; i < 200 && !wholeResponse(conn.received()); i++) {
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  if (!/^HTTP\/1\.1 200/.test(conn.received().toString())) {
    throw new Error(
      `la conexión inactiva no obtuvo 200: ${conn.received().toString().slice(0, 200)}`,
    );
  }
  return conn;
}

/**
 * A client on a bad line: it sends a request's headers and then its body one byte every
 * `everyMs`, far slower than anyone should wait for. Stops sending when the socket closes.
 */
export async function slowBody(
  port: number,
  url: string,
  body: string,
  everyMs: number,
): Promise<RawConnection> {
  const conn = await open(port);
  const bytes = Buffer.from(body);
  conn.socket.write(
    `POST ${url} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${bytes.length}\r\nConnection: keep-alive\r\n\r\n`,
  );
  let sent = 0;
  const timer = setInterval(() => {
    if (conn.socket.destroyed || sent >= bytes.length) return clearInterval(timer);
    conn.socket.write(bytes.subarray(sent, sent + 1));
    sent++;
  }, everyMs);
  void conn.closed.then(() => clearInterval(timer));
  return conn;
}

export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

/** The responses found in what a raw connection received (status, headers, JSON body). */
export function parseResponses(data: Buffer): RawAnswer[] {
  const answers: RawAnswer[] = [];
  let rest = data;
  while (rest.subarray(0, 9).toString() === 'HTTP/1.1 ') {
    const end = rest.indexOf('\r\n\r\n');
    if (end < 0) break;
    const [statusLine, ...lines] = rest.subarray(0, end).toString().split('\r\n');
    const headers = Object.fromEntries(
      lines.map((l) => {
        const colon = l.indexOf(':');
        return [l.slice(0, colon).trim().toLowerCase(), l.slice(colon + 1).trim()];
      }),
    );
    const length = Number(headers['content-length'] ?? 0);
    const text = rest.subarray(end + 4, end + 4 + length).toString();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // Not JSON: kept as text for the assertion to show.
    }
    answers.push({ status: Number(statusLine!.split(' ')[1]), headers, body });
    rest = rest.subarray(end + 4 + length);
  }
  if (rest.length > 0) answers.push({ status: -1, headers: {}, body: rest.toString() });
  return answers;
}
