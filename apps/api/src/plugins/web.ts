import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { MESSAGES } from '../http-errors';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built web app: hashed assets cached for a year, everything else revalidated, and any
 * unknown non-API path answered with index.html so deep links work (history fallback).
 */
async function web(app: FastifyInstance) {
  const root = app.config.webDistDir;
  const hasWeb = existsSync(path.join(root, 'index.html'));
  if (!hasWeb) {
    app.log.warn({ root }, 'no se encontró la app web compilada; solo se sirve la API');
  } else {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
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
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
  });
}

export default fp(web, { name: 'web', dependencies: ['core'] });
