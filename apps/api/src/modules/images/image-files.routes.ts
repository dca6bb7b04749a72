import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MESSAGES } from '../../http-errors';
import { MIME } from './image-processing';
import { originalBytes, variantBytes } from './images.repository';
import { IMAGES_PATH, parseImageFile } from './images.service';

/** A URL's bytes never change (its name holds their hash): browsers and CDNs keep it a year. */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/**
 * Serves the product photos from the database (decision 017), outside /api so that the API's
 * request limit and no-store do not apply to them, as to the shop's other static files.
 */
const imageFileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    `${IMAGES_PATH}/:archivo`,
    {
      schema: {
        tags: ['productos'],
        description:
          'Una foto de producto o una de sus variantes, con las URL que da `imagenes` de un producto. Caché inmutable de un año.',
        params: z.object({ archivo: z.string().max(80) }),
      },
    },
    async (request, reply) => {
      const file = parseImageFile(request.params.archivo);
      const stored = !file
        ? null
        : file.kind === 'original'
          ? await originalBytes(app.db, file.id, file.huella, file.formato)
          : await variantBytes(app.db, file.id, file.huella, file.formato, file.ancho);
      if (!file || !stored) {
        return reply.status(404).send({ statusCode: 404, message: MESSAGES.notFound });
      }
      const etag = `"${file.huella}-${file.kind === 'variant' ? file.ancho : 'o'}-${file.formato}"`;
      reply
        .header('cache-control', IMMUTABLE_CACHE_CONTROL)
        .header('etag', etag)
        // Public catalogue photos: partners' and marketplaces' pages may show them too, not only
        // the shop's own (helmet's default, same-origin, would have their browsers refuse them).
        .header('cross-origin-resource-policy', 'cross-origin');
      const held = request.headers['if-none-match'];
      if (held && held.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
        return reply.status(304).send();
      }
      return reply.header('content-type', MIME[file.formato]).send(stored.bytes);
    },
  );
};

export default imageFileRoutes;
