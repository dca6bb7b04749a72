import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { MESSAGES, RETRY_AFTER_SECONDS } from '../http-errors';
import {
  chooseCoding,
  clientHolds,
  etagOf,
  keepAnswer,
  type KeptAnswer,
} from './catalog-cache/answer';
import { loadPageRenderer, SERVER_DIR, type RenderedPage } from './web-render';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const HTML_TYPE = 'text/html; charset=utf-8';
/** Keys of rendered pages in the catalogue cache, apart from the API's (`route|params|query`). */
const PAGE_KEY_PREFIX = 'page:';

/** A kept page in the coding the client takes, or 304 when it holds it already. */
function sendKept(request: FastifyRequest, reply: FastifyReply, page: KeptAnswer) {
  const wanted = chooseCoding(request.headers['accept-encoding']);
  const coding = page.bodies[wanted] ? wanted : 'identity';
  reply.header('etag', etagOf(page.tag, coding)).header('vary', 'accept-encoding');
  if (clientHolds(request.headers['if-none-match'], page.tag)) return reply.code(304).send();
  for (const [name, value] of page.headers) reply.header(name, value);
  if (coding !== 'identity') reply.header('content-encoding', coding);
  return reply.send(page.bodies[coding]);
}

/** The meta tag of index.html through which the page learns the server's settings. */
const EMAIL_DOMAINS_META = /<meta name="nexbyte:email-domains" content="[^"]*"\s*\/?>/;

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/**
 * index.html with the allowed e-mail domains written in, so the browser checks forms with the
 * same list as the server (ALLOWED_EMAIL_DOMAINS) without an extra request.
 */
function renderIndex(root: string, domains: readonly string[]): string {
  const html = readFileSync(path.join(root, 'index.html'), 'utf8');
  const meta = `<meta name="nexbyte:email-domains" content="${escapeAttribute(domains.join(','))}" />`;
  return EMAIL_DOMAINS_META.test(html) ? html.replace(EMAIL_DOMAINS_META, meta) : html;
}

/**
 * The screens behind a session (admin, account, an order) or a private link (a repair's tracking
 * page, an unsubscribe link: their address is their secret) stay rendered in the browser: the
 * server knows no session (it lives in the browser's storage), no such page may be kept in the
 * page cache, and search engines have no business there (`X-Robots-Tag: noindex`). The checkout is
 * rendered: the same page for everyone (its title and 'Preparando el pago…' until the browser has
 * read its cart), painted before the app's code comes, noindex by its head.
 */
const CLIENT_ONLY =
  /^\/(admin|cuenta|pedido|recuperar|newsletter|alertas|soporte\/seguimiento)(\/|$)/;

function isServerRendered(pathName: string): boolean {
  return !CLIENT_ONLY.test(pathName);
}

/** What the API's request limit says of one more request from this client. */
export type PageRateLimit = (
  request: FastifyRequest,
) => Promise<{ isAllowed: true } | { isAllowed: false; isExceeded: boolean; ttlInSeconds: number }>;

export interface WebOptions {
  /**
   * The API's per-client request limit, which every server-rendered page request counts against
   * (its own data calls are not counted: see isRenderCall).
   */
  pageRateLimit?: PageRateLimit;
}

/**
 * Serves the built web app: hashed assets cached for a year, everything else revalidated, and any
 * unknown non-API path answered with index.html so deep links work (history fallback).
 */
async function web(app: FastifyInstance, options: WebOptions) {
  const root = app.config.webDistDir;
  const hasWeb = existsSync(path.join(root, 'index.html'));
  const indexHtml = hasWeb ? renderIndex(root, app.config.allowedEmailDomains) : '';
  // The catalogue's pictures (the category drawings, the placeholder) are public: partners' and
  // marketplaces' pages may show them, as they may the product photos (/imagenes); helmet's
  // same-origin Cross-Origin-Resource-Policy would have their browsers refuse them.
  const imagesDir = `${path.sep}img${path.sep}`;
  if (!hasWeb) {
    app.log.warn({ root }, 'no se encontró la app web compilada; solo se sirve la API');
  } else {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      // index.html is always answered by the fallback below, with the settings written in; the
      // server build and the build manifest are the server's own.
      allowedPath: (pathName) =>
        pathName !== '/index.html' &&
        !pathName.startsWith(`/${SERVER_DIR}/`) &&
        !pathName.startsWith('/.vite/'),
      setHeaders(reply, filePath) {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', hashed ? IMMUTABLE : 'no-cache');
        if (filePath.includes(imagesDir)) {
          reply.header('cross-origin-resource-policy', 'cross-origin');
        }
      },
    });
  }

  const renderer = hasWeb ? await loadPageRenderer(app, root) : null;
  if (hasWeb && !renderer) {
    app.log.warn(
      { root },
      'la app web no tiene su compilación de servidor; se sirve sin renderizar',
    );
  }

  const store = app.hasDecorator('catalogCache') ? app.catalogCache : null;

  /**
   * The page for `url`: kept in the catalogue's cache (decision 010) when it is a 200 drawn from
   * data that all came, so it is built once per catalogue version and dropped with every change of
   * products or categories. Other answers (404s, so made-up addresses cannot fill the cache;
   * redirects; a page whose data failed) are rendered each time, and so is everything while the
   * cache cannot hear the catalogue's changes.
   */
  async function pageFor(
    url: string,
    render: () => Promise<RenderedPage | null>,
  ): Promise<KeptAnswer | RenderedPage | null> {
    if (!store?.usable) return render();
    const key = PAGE_KEY_PREFIX + url;
    const kept = store.get(key);
    if (kept) return kept;
    const { build, leader } = store.join(key);
    if (!leader) return (await build.answer) ?? render();
    try {
      const page = await render();
      const answer =
        page?.kind === 'page' && page.status === 200 && !page.dataFailed
          ? await keepAnswer(page.html, [['content-type', HTML_TYPE]])
          : null;
      store.settle(build, answer);
      return answer ?? page;
    } catch (err) {
      store.settle(build, null);
      throw err;
    }
  }

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (!hasWeb || url === '/api' || url.startsWith('/api/') || !wantsPage) {
      return reply.status(404).send({ message: MESSAGES.notFound });
    }
    reply.header('Cache-Control', 'no-cache').type(HTML_TYPE);
    if (!isServerRendered(url)) return reply.header('X-Robots-Tag', 'noindex').send(indexHtml);
    if (!renderer) return reply.send(indexHtml);
    const limit = await options.pageRateLimit?.(request);
    if (limit && !limit.isAllowed && limit.isExceeded) {
      return reply
        .status(429)
        .header('retry-after', String(limit.ttlInSeconds))
        .type('application/json; charset=utf-8')
        .send({ message: MESSAGES.tooManyRequests });
    }
    try {
      const page = await pageFor(request.url, () =>
        renderer.render(request.url, request.ip, indexHtml),
      );
      if (page && 'tag' in page) return sendKept(request, reply, page);
      if (page?.kind === 'redirect') return reply.redirect(page.location, page.status);
      if (page?.dataFailed) {
        // Not a page with fewer products than the shop has: the shell, whose browser app asks for
        // the data itself, and a status that tells crawlers and caches to come back soon.
        request.log.warn('página sin sus datos; se responde sin renderizar');
        return reply.status(503).header('retry-after', String(RETRY_AFTER_SECONDS)).send(indexHtml);
      }
      if (page) return reply.status(page.status).send(page.html);
    } catch (error) {
      // The shell still works: the browser renders the page itself.
      request.log.error({ err: error }, 'no se pudo renderizar la página en el servidor');
    }
    return reply.send(indexHtml);
  });
}

export default fp(web, { name: 'web', dependencies: ['core'] });
