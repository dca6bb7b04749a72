// The HTTP plumbing the loopback stand-ins share (carrier-stand-in.mjs, dte-stand-in.mjs): a server
// on 127.0.0.1 (a free port, or `port`) that drops every connection while `down()` says so, request
// bodies read whole, JSON answers that may be held a while, a route table, a close that ends held
// answers and open connections, and the few lines that run a stand-in alone as a process.
import { once } from 'node:events';
import { createServer } from 'node:http';
import { pathToFileURL } from 'node:url';

/** The request's body as text. */
export const readBody = (req) =>
  new Promise((resolve, reject) => {
    let data = '';
    req.setEncoding('utf8');
    req.on('data', (chunk) => (data += chunk));
    req.on('end', () => resolve(data));
    req.on('error', reject);
  });

/**
 * The first of `routes` — [method, path or RegExp, handler] — that matches the request, as
 * { handler, match } (`match`: the RegExp's, or null); null when none does.
 */
export function findRoute(routes, method, path) {
  for (const [routeMethod, routePath, handler] of routes) {
    if (routeMethod !== method) continue;
    if (typeof routePath === 'string') {
      if (routePath === path) return { handler, match: null };
    } else {
      const match = routePath.exec(path);
      if (match) return { handler, match };
    }
  }
  return null;
}

/**
 * Listens on loopback and calls `handle(req, res, answer)` for each request; `answer(res, status,
 * body, delayMs)` sends `body` as JSON, `delayMs` later if asked (unless the connection is gone).
 * Answers { url, answer, close }.
 */
export async function startStandInServer({ port = 0, down = () => false, handle }) {
  const sockets = new Set();
  const timers = new Set();
  const answer = (res, status, body, delayMs = 0) => {
    const send = () => {
      if (!res.destroyed) {
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      }
    };
    if (delayMs <= 0) return send();
    const timer = setTimeout(() => {
      timers.delete(timer);
      send();
    }, delayMs);
    timers.add(timer);
  };
  const server = createServer((req, res) => {
    if (down()) {
      req.socket.destroy();
      return;
    }
    return handle(req, res, answer);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  server.listen(port, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    answer,
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      for (const socket of sockets) socket.destroy();
      server.close();
      await once(server, 'close');
    },
  };
}

/**
 * When `moduleUrl` (the stand-in's import.meta.url) is the script node was started with: starts
 * it, prints its URL and closes it on SIGTERM or SIGINT.
 */
export async function runAlone(moduleUrl, start) {
  if (!process.argv[1] || moduleUrl !== pathToFileURL(process.argv[1]).href) return;
  const standIn = await start();
  console.log(standIn.url);
  const stop = () => standIn.close().then(() => process.exit(0));
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}
