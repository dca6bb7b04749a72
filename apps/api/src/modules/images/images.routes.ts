import multipart from '@fastify/multipart';
import {
  errorResponseSchema,
  imagenProductoSchema,
  IMAGES_PER_PRODUCT_MAX,
  ordenImagenesSchema,
} from '@nexbyte/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, conflict, HttpError, notFound } from '../../http-errors';
import { idParams, MAX_ID, staffOnly } from '../params';
import { productExists } from '../products/products.service';
import { processPhoto } from './image-processing';
import {
  countPhotos,
  deletePhoto,
  insertPhoto,
  photoIds,
  photosOfProduct,
  reorderPhotos,
} from './images.repository';
import { toImagen } from './images.service';

const MESSAGES = {
  productNotFound: 'Producto no encontrado.',
  photoNotFound: 'La foto no existe o no es de este producto.',
  notMultipart: 'Envía la foto como multipart/form-data, en el campo «archivo».',
  noFile: 'Falta la foto: envíala en el campo «archivo».',
  incomplete: 'La foto no llegó completa o el formulario no se pudo leer: vuelve a enviarla.',
  tooManyPhotos: `Un producto admite hasta ${IMAGES_PER_PRODUCT_MAX} fotos.`,
  orderMismatch: 'El orden debe incluir cada foto del producto una sola vez.',
} as const;

const MB = 1024 * 1024;
const tooLarge = (maxBytes: number) =>
  `La foto pesa demasiado: el máximo es ${maxBytes >= MB ? `${Math.floor(maxBytes / MB)} MB` : `${Math.floor(maxBytes / 1024)} KB`}.`;

/**
 * A multipart body is split at its boundary, given in the Content-Type (1 to 70 characters, RFC
 * 2046): without one the parser cannot even start, so the request is refused before it is read.
 */
const BOUNDARY = /;\s*boundary=(?:"[^"]{1,70}"|[^\s;"]{1,70})\s*(?:;|$)/i;

const photoParams = idParams.extend({
  imagenId: z.coerce
    .number({ error: 'El identificador no es válido.' })
    .int({ error: 'El identificador no es válido.' })
    .min(1, { error: 'El identificador no es válido.' })
    .max(MAX_ID, { error: 'El identificador no es válido.' }),
});

const staffErrors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};

const imageRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['productos'];
  const maxBytes = app.config.imageMaxBytes;
  // Only in this plugin's scope: every other route keeps answering 415 to a multipart body.
  await app.register(multipart, {
    limits: { fileSize: maxBytes, files: 1, fields: 5, fieldSize: 1024, parts: 6 },
  });

  const photosOf = async (productoId: number) =>
    (await photosOfProduct(app.db, productoId)).map(toImagen);

  app.post(
    '/productos/:id/imagenes',
    {
      onRequest: app.requireStaff,
      schema: {
        tags,
        security: staffOnly,
        description: `ADMIN o VENDOR. Una foto (JPEG, PNG, WebP o AVIF, según sus bytes) en el campo \`archivo\` de un multipart/form-data; se guarda sin metadatos (EXIF, GPS) y con variantes WebP y AVIF. Hasta ${IMAGES_PER_PRODUCT_MAX} por producto; más pesada que IMAGE_MAX_BYTES o con un lado mayor que IMAGE_MAX_SIDE, 413; otro tipo, 415; si su proceso pasa de IMAGE_TIME_LIMIT_SECONDS, 503.`,
        params: idParams,
        response: {
          201: imagenProductoSchema,
          409: errorResponseSchema,
          413: errorResponseSchema,
          415: errorResponseSchema,
          503: errorResponseSchema,
          ...staffErrors,
        },
      },
    },
    async (request, reply) => {
      const productoId = request.params.id;
      if (!request.isMultipart()) throw new HttpError(415, MESSAGES.notMultipart);
      if (!BOUNDARY.test(request.headers['content-type'] ?? '')) {
        throw badRequest(MESSAGES.notMultipart);
      }
      if (!(await productExists(app.db, productoId))) throw notFound(MESSAGES.productNotFound);
      let bytes: Buffer | null = null;
      try {
        const file = await request.file();
        if (file && file.fieldname === 'archivo') bytes = await file.toBuffer();
      } catch (err) {
        const code = (err as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, tooLarge(maxBytes));
        if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
          throw badRequest(MESSAGES.noFile);
        // Nothing here but reading the client's bytes: any other failure is a body cut short or
        // not multipart as its header says (the parser's own errors carry no code), not ours.
        request.log.info({ code, err: (err as Error).message }, 'foto ilegible');
        throw badRequest(MESSAGES.incomplete);
      }
      if (!bytes || bytes.length === 0)
        throw badRequest(MESSAGES.noFile, { archivo: MESSAGES.noFile });
      if ((await countPhotos(app.db, productoId)) >= IMAGES_PER_PRODUCT_MAX) {
        throw conflict(MESSAGES.tooManyPhotos);
      }
      const photo = await processPhoto(bytes, app.config.imageLimits);
      const id = await insertPhoto(app.db, productoId, photo, '');
      const stored = (await photosOf(productoId)).find((p) => p.id === id)!;
      return reply.status(201).send(stored);
    },
  );

  app.put(
    '/productos/:id/imagenes',
    {
      onRequest: app.requireStaff,
      schema: {
        tags,
        security: staffOnly,
        description:
          'ADMIN o VENDOR. Las fotos del producto en su nuevo orden, cada una con su texto alternativo; la primera es la que muestran las listas.',
        params: idParams,
        body: ordenImagenesSchema,
        response: { 200: z.array(imagenProductoSchema), ...staffErrors },
      },
    },
    async (request) => {
      const productoId = request.params.id;
      if (!(await productExists(app.db, productoId))) throw notFound(MESSAGES.productNotFound);
      const current = await photoIds(app.db, productoId);
      const wanted = request.body.imagenes.map((i) => i.id);
      const same =
        wanted.length === current.length &&
        new Set(wanted).size === wanted.length &&
        wanted.every((id) => current.includes(id));
      if (!same) throw badRequest(MESSAGES.orderMismatch, { imagenes: MESSAGES.orderMismatch });
      await reorderPhotos(app.db, productoId, request.body.imagenes);
      return photosOf(productoId);
    },
  );

  app.delete(
    '/productos/:id/imagenes/:imagenId',
    {
      onRequest: app.requireStaff,
      schema: {
        tags,
        security: staffOnly,
        description: 'ADMIN o VENDOR. Quita una foto del producto (y sus variantes).',
        params: photoParams,
        response: { 204: z.null(), ...staffErrors },
      },
    },
    async (request, reply) => {
      const { id, imagenId } = request.params;
      if (!(await deletePhoto(app.db, id, imagenId))) throw notFound(MESSAGES.photoNotFound);
      return reply.status(204).send(null);
    },
  );
};

export default imageRoutes;
