import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  chooseCoding,
  clientHolds,
  etagOf,
  keepAnswer,
  type Coding,
  type KeptAnswer,
} from './catalog-cache/answer';
import { answerKey, claimsStaff, knownKey } from './catalog-cache/request';
import { AnswerStore, type Build } from './catalog-cache/store';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A GET whose 200 answer is the same for every shopper (only an ADMIN or VENDOR sees more): it is
     * kept and served by the catalogue cache until the catalogue changes.
     */
    catalogCache?: boolean;
  }
  interface FastifyInstance {
    catalogCache: AnswerStore;
  }
  interface FastifyRequest {
    catalogCacheBuild: Build | null;
  }
}

/**
 * The channel migration 0004 notifies on every statement that changes productos or categorias;
 * an update of products that moved only their stock says STOCK_ONLY (migration 0036).
 */
export const CATALOGUE_CHANNEL = 'catalogo_cambio';
const STOCK_ONLY = 'stock';
const MAX_BYTES = 32 * 1024 * 1024;
const LISTEN_RETRY_MS = 5_000;

/**
 * Browsers and shared caches may reuse an answer briefly; changes reach shoppers within seconds
 * even then, and a revalidation costs a 304.
 */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=5, stale-while-revalidate=30';
/** The same answer to a customer's request (it carries a token): no shared cache keeps it. */
export const PRIVATE_CACHE_CONTROL = 'private, max-age=5, stale-while-revalidate=30';
/** An ADMIN or VENDOR sees inactive products: never kept by anyone. */
export const ADMIN_CACHE_CONTROL = 'private, no-store';
/** A browser holding an anonymous answer must not show it to the admin who just logged in. */
const VARY = 'accept-encoding, authorization';
const KEPT_HEADERS = ['x-total-count', 'link'] as const;
const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Writes that cannot change what a shopper sees of the catalogue. Any other write that was not
 * refused (4xx) clears this instance's cache as it answers, so the writer's next read (a
 * customer after an order, the owner after an edit) never arrives before the database's
 * notification and finds the old answer. Unknown writes clear: a new route that touches the
 * catalogue is safe unlisted. An entry ending in `/` covers every route under it; any other names
 * one route pattern exactly, so the repair desk's writes that move stock (a quote accepted takes
 * its parts, by the customer or by the desk's `estado`; a cancelled ticket gives them back) clear.
 */
const WRITES_OUTSIDE_CATALOGUE = [
  '/api/auth/',
  '/api/contactos',
  // A new ticket, a note, a quote sent (it reads prices; nothing is taken until it is accepted).
  '/api/soporte',
  '/api/soporte/:id/notas',
  '/api/soporte/:id/cotizacion',
  '/api/newsletter',
  '/api/newsletter/baja',
  '/api/alertas-stock',
  '/api/alertas-stock/baja',
  '/api/cuenta',
  '/api/cuenta/password',
  '/api/cuenta/totp',
  '/api/cuenta/totp/',
  '/api/usuarios',
  '/api/usuarios/:id',
  '/api/usuarios/:id/cerrar-sesiones',
  '/api/pedidos/cotizacion',
  // A build checked or saved: nobody has seen it yet (publishing or deleting one clears).
  '/api/armados',
  '/api/armados/revision',
  '/api/dev/',
];

const leavesCatalogue = (route: string) =>
  WRITES_OUTSIDE_CATALOGUE.some((entry) =>
    entry.endsWith('/') ? route.startsWith(entry) : route === entry,
  );

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Placing an order: it takes stock, and does nothing else to what shoppers see. */
const ORDERS_ROUTE = '/api/pedidos';

function keptHeaders(reply: FastifyReply): [string, string][] {
  const headers: [string, string][] = [];
  for (const name of KEPT_HEADERS) {
    const value = reply.getHeader(name);
    if (value !== undefined)
      headers.push([name, Array.isArray(value) ? value.join(', ') : String(value)]);
  }
  return headers;
}

/** Keeps what another hook put in Vary (CORS's Origin, say). */
function varyWith(existing: ReturnType<FastifyReply['getHeader']>): string {
  if (existing === undefined) return VARY;
  const names = String(existing)
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
  for (const name of VARY.split(', ')) if (!names.includes(name)) names.push(name);
  return names.join(', ');
}

/** Sets the headers of a kept answer; answers its body, or null for a 304. */
function present(request: FastifyRequest, reply: FastifyReply, answer: KeptAnswer): Buffer | null {
  const wanted = chooseCoding(request.headers['accept-encoding']);
  const coding = answer.bodies[wanted] ? wanted : 'identity';
  reply
    .header('etag', etagOf(answer.tag, coding))
    .header(
      'cache-control',
      request.headers.authorization ? PRIVATE_CACHE_CONTROL : PUBLIC_CACHE_CONTROL,
    )
    .header('vary', varyWith(reply.getHeader('vary')));
  for (const [name, value] of answer.headers) reply.header(name, value);
  if (clientHolds(request.headers['if-none-match'], answer.tag)) {
    reply.code(304);
    return null;
  }
  reply.header('content-type', JSON_TYPE);
  if (coding !== 'identity') reply.header('content-encoding', coding);
  return answer.bodies[coding]!;
}

function writesCatalogue(request: FastifyRequest, reply: FastifyReply): boolean {
  if (READ_METHODS.has(request.method)) return false;
  // Refused (401, 403, 400, 404, 409…): nothing was written, and anyone could send those.
  if (reply.statusCode >= 400 && reply.statusCode < 500) return false;
  const route = request.routeOptions.url;
  if (!route) return false;
  return !leavesCatalogue(route);
}

/** The header lines of a kept answer, by coding, status and whether a token came with it. */
const linesOf = new WeakMap<KeptAnswer, Map<string, string[]>>();

/**
 * What the raw path sends with a kept answer, as Node's flat list of names and values: built
 * once per answer and way of sending it, then reused. Node checks each header of an object
 * given to writeHead (a few regular expressions per header, every request); a list of lines it
 * takes as they are, and these are the server's own.
 */
function headerLines(
  base: OutgoingHttpHeaders,
  kept: KeptAnswer,
  coding: Coding,
  status: 200 | 304,
  authorized: boolean,
): string[] {
  let byWay = linesOf.get(kept);
  if (!byWay) linesOf.set(kept, (byWay = new Map()));
  const way = `${coding} ${status} ${authorized ? 1 : 0}`;
  const known = byWay.get(way);
  if (known) return known;
  const headers: OutgoingHttpHeaders = {
    ...base,
    etag: etagOf(kept.tag, coding),
    'cache-control': authorized ? PRIVATE_CACHE_CONTROL : PUBLIC_CACHE_CONTROL,
    vary: VARY,
  };
  for (const [name, value] of kept.headers) headers[name] = value;
  if (status === 200) {
    headers['content-type'] = JSON_TYPE;
    headers['content-length'] = kept.bodies[coding]!.length;
    if (coding !== 'identity') headers['content-encoding'] = coding;
  }
  const lines = Object.entries(headers).flatMap(([name, value]) =>
    value === undefined
      ? []
      : Array.isArray(value)
        ? value.flatMap((one) => [name, String(one)])
        : [name, String(value)],
  );
  byWay.set(way, lines);
  return lines;
}

/**
 * The read cache of the catalogue (decision 010). Each answer of a route marked `catalogCache`
 * is built once per catalogue version, kept serialized and compressed, and served with a strong
 * ETag; every instance clears it when PostgreSQL announces a change (LISTEN), and serves nothing
 * from it while it cannot hear them.
 */
async function catalogCache(app: FastifyInstance) {
  const store = new AnswerStore(MAX_BYTES, {
    catalogue: app.config.catalogCacheCoalesceMs,
    stock: app.config.catalogCacheStockCoalesceMs,
  });
  app.decorate('catalogCache', store);
  app.decorateRequest('catalogCacheBuild', null);

  let unlisten: (() => Promise<void>) | null = null;
  let baseHeaders: OutgoingHttpHeaders | null = null;
  const logEach = ['trace', 'debug', 'info'].includes(app.log.level);

  rawPath(app, (req, res) => {
    if (req.method !== 'GET' || closing || !baseHeaders || !req.url) return false;
    const key = knownKey(req.url);
    // A cross-site caller needs the CORS headers that only Fastify's hooks add.
    if (key === undefined || req.headers.origin || claimsStaff(req.headers.authorization))
      return false;
    const kept = store.get(key);
    if (!kept) return false;
    const wanted = chooseCoding(req.headers['accept-encoding']);
    const coding = kept.bodies[wanted] ? wanted : 'identity';
    const status = clientHolds(req.headers['if-none-match'], kept.tag) ? 304 : 200;
    const lines = headerLines(baseHeaders, kept, coding, status, !!req.headers.authorization);
    if (status === 304) res.writeHead(304, lines).end();
    else res.writeHead(200, lines).end(kept.bodies[coding]);
    if (logEach)
      app.log.info(
        { method: 'GET', url: req.url, statusCode: res.statusCode },
        'respuesta de la caché del catálogo',
      );
    return true;
  });
  let retry: NodeJS.Timeout | undefined;
  let closing = false;

  async function startListening() {
    try {
      const stop = await app.database.listen(
        CATALOGUE_CHANNEL,
        (payload) => store.changed(payload === STOCK_ONLY ? 'stock' : 'catalogue'),
        () => {
          app.log.info('caché del catálogo: se vuelven a escuchar los cambios; se vacía');
          store.resume();
        },
        () => store.pause(),
      );
      if (closing) {
        await stop();
        return;
      }
      unlisten = stop;
      store.resume();
    } catch (err) {
      app.log.error({ err }, 'caché del catálogo apagada: no se pudo escuchar los cambios');
      retry = setTimeout(() => void startListening(), LISTEN_RETRY_MS);
      retry.unref();
    }
  }

  app.addHook('onReady', startListening);
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  app.addHook('onClose', async () => {
    closing = true;
    clearTimeout(retry);
    store.pause();
    await unlisten?.();
  });

  /**
   * Runs on the marked routes after every onRequest hook (helmet, rate limit, overload) and
   * before validation: a kept answer skips the schemas, the handler and the serializer.
   */
  function serveKept(request: FastifyRequest, reply: FastifyReply, done: (err?: Error) => void) {
    if (request.method !== 'GET') return done();
    // What every answer carries before the route runs (the security headers), for the raw path.
    baseHeaders ??= reply.raw.getHeaders();
    if (claimsStaff(request.headers.authorization)) {
      reply.header('cache-control', ADMIN_CACHE_CONTROL);
      return done();
    }
    if (!store.usable) return done();
    const key = answerKey(request);
    const kept = store.get(key);
    // Answering from a hook ends the request there: `done` is not called.
    if (kept) return void reply.send(present(request, reply, kept) ?? undefined);
    const { build, leader } = store.join(key);
    if (leader) {
      request.catalogCacheBuild = build;
      return done();
    }
    build.answer
      .then((answer) => {
        // The leader failed (an error, a 404): this request runs the handler for itself.
        if (!answer) return done();
        reply.send(present(request, reply, answer) ?? undefined);
      })
      .catch(done);
  }

  app.addHook('onRoute', (route) => {
    if (!route.config?.catalogCache) return;
    const existing = route.preValidation;
    route.preValidation = [
      ...(Array.isArray(existing) ? existing : existing ? [existing] : []),
      serveKept,
    ];
  });

  /** The leader's 200 becomes the kept answer, and the leader is answered with it too. */
  async function keep(
    request: FastifyRequest,
    reply: FastifyReply,
    build: Build,
    payload: unknown,
  ) {
    if (reply.statusCode !== 200 || typeof payload !== 'string') {
      store.settle(build, null);
      return payload;
    }
    let answer: KeptAnswer;
    try {
      answer = await keepAnswer(payload, keptHeaders(reply));
    } catch (err) {
      store.settle(build, null);
      request.log.error({ err }, 'caché del catálogo: no se pudo guardar la respuesta');
      return payload;
    }
    store.settle(build, answer);
    return present(request, reply, answer);
  }

  // Callback style: it runs on every response, and most need nothing from it.
  app.addHook('onSend', (request, reply, payload, done) => {
    const build = request.catalogCacheBuild;
    if (!build) {
      if (writesCatalogue(request, reply)) {
        // The owner editing the catalogue sees the shop change at once; shoppers' writes clear
        // with the others of their run. A new order counts as a stock move: if it did more (a
        // product sold out), the database's notice, a moment later, says so.
        if (request.user && request.user.role !== 'CLIENT') store.clear();
        else store.changed(request.routeOptions.url === ORDERS_ROUTE ? 'stock' : 'catalogue');
      }
      done(null, payload);
      return;
    }
    request.catalogCacheBuild = null;
    keep(request, reply, build, payload).then((body) => done(null, body), done);
  });

  // A leader whose answer never reached onSend must not keep the others waiting.
  app.addHook('onResponse', (request, _reply, done) => {
    if (request.catalogCacheBuild) store.settle(request.catalogCacheBuild, null);
    done();
  });
  app.addHook('onRequestAbort', (request, done) => {
    if (request.catalogCacheBuild) store.settle(request.catalogCacheBuild, null);
    done();
  });
}

/**
 * A kept answer for an address Fastify has already keyed leaves straight from the HTTP server's
 * request event: Fastify's routing, hooks and reply cost twice what writing the bytes does, and
 * a shop's busiest answers are these. Anything else — another method or address, an ADMIN or VENDOR token,
 * a call from another site's page, a cache that cannot hear changes, a closing server — goes
 * through Fastify as before. Kept
 * answers are not counted by the request limit: they cost less than the 429 would.
 */
function rawPath(
  app: FastifyInstance,
  serve: (req: IncomingMessage, res: ServerResponse) => boolean,
) {
  const [fastifyHandler] = app.server.listeners('request') as ((
    req: IncomingMessage,
    res: ServerResponse,
  ) => void)[];
  if (!fastifyHandler) return;
  app.server.removeListener('request', fastifyHandler);
  app.server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (!serve(req, res)) fastifyHandler(req, res);
  });
}

export default fp(catalogCache, { name: 'catalog-cache', dependencies: ['core', 'security'] });
