import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { MESSAGES } from '../http-errors';

const IMMUTABLE = 'public, max-age=31536000, immutable';

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
 * Serves the built web app: hashed assets cached for a year, everything else revalidated, and any
 * unknown non-API path answered with index.html so deep links work (history fallback).
 */
async function web(app: FastifyInstance) {
  const root = app.config.webDistDir;
  const hasWeb = existsSync(path.join(root, 'index.html'));
  const indexHtml = hasWeb ? renderIndex(root, app.config.allowedEmailDomains) : '';
  if (!hasWeb) {
    app.log.warn({ root }, 'no se encontró la app web compilada; solo se sirve la API');
  } else {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      // index.html is always answered by the fallback below, with the settings written in.
      allowedPath: (pathName) => pathName !== '/index.html',
      setHeaders(reply, filePath) {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', hashed ? IMMUTABLE : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (!hasWeb || url === '/api' || url.startsWith('/api/') || !wantsPage) {
      return reply.status(404).send({ message: MESSAGES.notFound });
    }
    return reply
      .header('Cache-Control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(indexHtml);
  });
}

export default fp(web, { name: 'web', dependencies: ['core'] });
