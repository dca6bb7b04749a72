import { once } from 'node:events';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';

/**
 * How the stand-in answers: 'accept' takes every message; 'refuse' says the mailbox does not
 * exist (550 5.1.1, permanent); 'busy' asks to try later (451, temporary); 'down' drops every
 * connection before its greeting; 'silent' accepts the connection and never says a word.
 */
export type SmtpMode = 'accept' | 'refuse' | 'busy' | 'down' | 'silent';

export interface SmtpStandIn {
  url: string;
  /** Each accepted message's raw DATA text, in arrival order. */
  messages: string[];
  mode: SmtpMode;
  /** Cuts every open conversation (a server that goes away mid-send). */
  dropConnections(): void;
  close(): Promise<void>;
}

/**
 * The smallest SMTP server nodemailer can deliver to, on a loopback port: enough to test a
 * delivery, a refusal and an outage without the internet.
 */
export async function startSmtpStandIn(mode: SmtpMode = 'accept'): Promise<SmtpStandIn> {
  const sockets = new Set<Socket>();
  const standIn: SmtpStandIn = {
    url: '',
    messages: [],
    mode,
    dropConnections: () => {
      for (const socket of sockets) socket.destroy();
    },
    close: async () => {},
  };
  const server: Server = createServer((socket) => {
    if (standIn.mode === 'down') {
      socket.destroy();
      return;
    }
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    if (standIn.mode === 'silent') return;
    let buffer = '';
    let inData = false;
    let data = '';
    socket.write('220 prueba ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let end: number;
      while ((end = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            standIn.messages.push(data);
            data = '';
            socket.write('250 2.0.0 recibido\r\n');
          } else {
            data += `${line.startsWith('..') ? line.slice(1) : line}\n`;
          }
          continue;
        }
        const verb = line.split(/[ :]/)[0]!.toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250-prueba\r\n250 8BITMIME\r\n');
        else if (verb === 'RCPT' && standIn.mode === 'refuse') {
          socket.write('550 5.1.1 <destinatario>: no existe ese buzón\r\n');
        } else if (verb === 'RCPT' && standIn.mode === 'busy') {
          socket.write('451 4.3.0 intente más tarde\r\n');
        } else if (verb === 'DATA') {
          inData = true;
          socket.write('354 adelante\r\n');
        } else if (verb === 'QUIT') {
          socket.end('221 chao\r\n');
        } else socket.write('250 ok\r\n');
      }
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  standIn.url = `smtp://127.0.0.1:${port}`;
  standIn.close = async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return standIn;
}
