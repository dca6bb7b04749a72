// A loopback SMTP server for every test and benchmark that sends the shop's e-mail (API tests,
// browser tests, fault tests, benches): accept, refuse (550 5.1.1, the mailbox does not exist),
// busy (451), down (no greeting), silent (connects, never says a word) and slow, which holds each
// message's final answer for `slowMs`. A message counts as received only once its final "250" has
// been written: a client that disconnects before that (killed mid-conversation) delivered nothing,
// as with a real server. Every received message is kept with its Message-ID and arrival time, so
// a caller counts deliveries and duplicates (the shop's Message-ID is stable per e-mail).
import { once } from 'node:events';
import { createServer } from 'node:net';

/**
 * Starts the stand-in on a free loopback port. `mode` can be changed at any time; a connection
 * already open keeps answering by the mode of each command as it comes.
 */
export async function startSmtpStandIn(mode = 'accept', { slowMs = 5_000 } = {}) {
  const sockets = new Set();
  const standIn = {
    url: '',
    mode,
    slowMs,
    /** { messageId, to, subject, raw (the DATA text), at (ms, performance.now()) } in order. */
    messages: [],
    /** Messages whose client went away before their final answer (not delivered). */
    abandoned: 0,
    /** The recipients refused with 550 so far. */
    rejected: [],
    /** Cuts every open conversation (a server that goes away mid-send). */
    dropConnections: () => {
      for (const socket of sockets) socket.destroy();
    },
    close: async () => {},
  };
  const server = createServer((socket) => {
    if (standIn.mode === 'down') {
      socket.destroy();
      return;
    }
    sockets.add(socket);
    if (standIn.mode === 'silent') {
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => {});
      return;
    }
    let buffer = '';
    let inData = false;
    let data = '';
    /** A message whose final answer is held (slow) or being written. */
    let held = false;
    socket.on('close', () => {
      sockets.delete(socket);
      if (held) standIn.abandoned++;
      held = false;
    });
    socket.on('error', () => {});
    const reply = (line) => {
      if (!socket.destroyed) socket.write(`${line}\r\n`);
    };
    const finish = (text) => {
      held = true;
      const receive = () => {
        // Gone before its answer: counted as abandoned when it closed.
        if (socket.destroyed) return;
        socket.write('250 2.0.0 recibido\r\n', (err) => {
          if (err || !held) return;
          held = false;
          standIn.messages.push({
            messageId: header(text, 'message-id'),
            to: header(text, 'to'),
            subject: header(text, 'subject'),
            raw: text,
            at: performance.now(),
          });
        });
      };
      if (standIn.mode === 'slow') setTimeout(receive, standIn.slowMs);
      else receive();
    };
    reply('220 prueba ESMTP');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let end;
      while ((end = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            finish(data);
            data = '';
          } else {
            data += `${line.startsWith('..') ? line.slice(1) : line}\n`;
          }
          continue;
        }
        const verb = line.split(/[ :]/)[0].toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') reply('250-prueba\r\n250 8BITMIME');
        else if (verb === 'RCPT' && standIn.mode === 'refuse') {
          const address = /<([^>]*)>/.exec(line)?.[1] ?? '';
          standIn.rejected.push(address);
          reply(`550 5.1.1 <${address}>: no existe ese buzón`);
        } else if (verb === 'RCPT' && standIn.mode === 'busy') {
          reply('451 4.3.0 intente más tarde');
        } else if (verb === 'DATA') {
          inData = true;
          reply('354 adelante');
        } else if (verb === 'QUIT') {
          socket.end('221 chao\r\n');
        } else reply('250 ok');
      }
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  standIn.url = `smtp://127.0.0.1:${server.address().port}`;
  standIn.close = async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => server.close(() => resolve()));
  };
  return standIn;
}

/** A header's value (unfolded) from a message's raw text; '' when absent. */
function header(text, name) {
  const head = text.split('\n\n')[0] ?? '';
  const unfolded = head.replace(/\n[ \t]+/g, ' ');
  const line = unfolded.split('\n').find((l) => l.toLowerCase().startsWith(`${name}:`));
  return line ? line.slice(name.length + 1).trim() : '';
}

/**
 * What arrived, by Message-ID: how many distinct e-mails, how many copies beyond the first, and
 * which Message-IDs came more than once.
 */
export function deliveries(messages) {
  const counts = new Map();
  for (const m of messages) counts.set(m.messageId, (counts.get(m.messageId) ?? 0) + 1);
  const repeated = [...counts].filter(([, n]) => n > 1);
  return {
    distinct: counts.size,
    duplicates: repeated.reduce((sum, [, n]) => sum + n - 1, 0),
    repeated: repeated.map(([id]) => id),
  };
}
