import { once } from 'node:events';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';

/** A message the stand-in accepted: its envelope recipients and its raw DATA text. */
export interface ReceivedMail {
  to: string[];
  data: string;
}

/**
 * A loopback SMTP server for the browser tests, enough for nodemailer: while it rejects, every
 * RCPT TO is answered as a mail server answers an address that does not exist (550 5.1.1), a
 * permanent failure; once it accepts, messages are kept in `received`.
 */
export class SmtpStandIn {
  readonly received: ReceivedMail[] = [];
  /** The addresses refused with 550 so far. */
  readonly rejected: string[] = [];
  private accepting = false;
  private readonly server: Server;
  private readonly sockets = new Set<Socket>();

  constructor() {
    this.server = createServer((socket) => this.converse(socket));
  }

  async start(): Promise<void> {
    this.server.listen(0, '127.0.0.1');
    await once(this.server, 'listening');
  }

  /** What the shop's SMTP_URL points at. */
  get url(): string {
    return `smtp://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** The mailboxes exist from now on. */
  accept(): void {
    this.accepting = true;
  }

  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    this.server.close();
    await once(this.server, 'close');
  }

  private converse(socket: Socket): void {
    this.sockets.add(socket);
    socket.on('close', () => this.sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    let buffer = '';
    let recipients: string[] = [];
    let inData = false;
    let data = '';
    socket.write('220 stand-in ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let end: number;
      while ((end = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            this.received.push({ to: recipients, data });
            recipients = [];
            data = '';
            socket.write('250 2.0.0 recibido\r\n');
          } else {
            data += `${line.startsWith('..') ? line.slice(1) : line}\n`;
          }
          continue;
        }
        const verb = line.split(/[ :]/)[0]!.toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') {
          socket.write('250-stand-in\r\n250 8BITMIME\r\n');
        } else if (verb === 'MAIL' || verb === 'RSET') {
          recipients = [];
          socket.write('250 2.1.0 ok\r\n');
        } else if (verb === 'RCPT') {
          const address = /<([^>]*)>/.exec(line)?.[1] ?? '';
          if (this.accepting) {
            recipients.push(address);
            socket.write('250 2.1.5 ok\r\n');
          } else {
            this.rejected.push(address);
            socket.write(`550 5.1.1 <${address}>: no existe\r\n`);
          }
        } else if (verb === 'DATA') {
          inData = true;
          socket.write('354 adelante\r\n');
        } else if (verb === 'QUIT') {
          socket.end('221 2.0.0 chao\r\n');
        } else {
          socket.write('250 ok\r\n');
        }
      }
    });
  }
}
