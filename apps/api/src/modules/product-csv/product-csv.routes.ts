import { errorResponseSchema, importacionSchema, informeImportacionSchema } from '@nexbyte/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, HttpError } from '../../http-errors';
import { staffOnly } from '../params';
import { restockEvents } from '../products/inventory';
import { ImportJobs, JOB_MESSAGES } from './import-jobs';
import { exportProducts } from './product-export';
import { importProducts, openImport, type ImportOptions } from './product-import';

/** The field of a multipart upload that carries the file (as the photo upload names it). */
const FILE_FIELD = 'archivo';
/** Room for 10,000 rows on a slow database: the server's general limit is for quick answers. */
const CSV_HANDLER_TIMEOUT_MS = 5 * 60_000;

const megabytes = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`
    : `${Math.round(bytes / 1024)} KB`;

export const CSV_MESSAGES = {
  tooLarge: (max: number) => `El archivo supera el máximo de ${megabytes(max)}.`,
  noFile: `Adjunta el archivo CSV en el campo «${FILE_FIELD}».`,
} as const;

const flag = z
  .enum(['1', '0', 'true', 'false'])
  .optional()
  .transform((v) => v === '1' || v === 'true');

const importQuery = z.object({ simular: flag, validas: flag });
const jobParams = z.object({ id: z.uuid({ error: JOB_MESSAGES.notFound }) });

/** The CSV's bytes from a `text/csv` body or from the multipart field `archivo`. */
async function uploadedBytes(request: FastifyRequest): Promise<Uint8Array> {
  const body = request.body as Buffer | undefined;
  if (!body || body.length === 0) throw badRequest(CSV_MESSAGES.noFile);
  const type = request.headers['content-type'] ?? '';
  if (!type.startsWith('multipart/form-data')) return body;
  let form: FormData;
  try {
    form = await new Response(body, { headers: { 'content-type': type } }).formData();
  } catch {
    throw badRequest(CSV_MESSAGES.noFile);
  }
  const file = form.get(FILE_FIELD);
  if (!(file instanceof Blob) || file.size === 0) throw badRequest(CSV_MESSAGES.noFile);
  return new Uint8Array(await file.arrayBuffer());
}

const productCsvRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['productos'];
  const maxBytes = app.config.importMaxBytes;
  const { syncMaxBytes, ...limits } = app.config.importLimits;
  const jobs = new ImportJobs(app.log);

  // This plugin is its own scope: these parsers exist for the import only, and a multipart parser
  // registered by another module (photos) is replaced here, not touched there.
  if (app.hasContentTypeParser('multipart/form-data')) {
    app.removeContentTypeParser('multipart/form-data');
  }
  app.addContentTypeParser(
    ['text/csv', 'multipart/form-data'],
    { parseAs: 'buffer', bodyLimit: maxBytes },
    (_request, body, done) => done(null, body),
  );
  // The limit named in Spanish before a byte is read, when the client says the size.
  const refuseLarge = async (request: FastifyRequest) => {
    if (Number(request.headers['content-length'] ?? 0) > maxBytes) {
      throw new HttpError(413, CSV_MESSAGES.tooLarge(maxBytes));
    }
  };

  app.get(
    '/productos/exportar.csv',
    {
      onRequest: app.requireStaff,
      config: { handlerTimeoutMs: CSV_HANDLER_TIMEOUT_MS },
      schema: {
        tags,
        security: staffOnly,
        description:
          'Todos los productos (activos o no) en CSV para Excel: UTF-8 con BOM, separado por `;`, columnas sku;nombre;marca;categoria;precio;stock;activo;descripcion;especificaciones (`Capacidad=1 TB|Interfaz=NVMe`). ADMIN o VENDOR; 401 o 403 como las demás rutas.',
      },
    },
    async (request, reply) => {
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="productos-${day}.csv"`)
        .header('cache-control', 'private, no-store')
        .send(
          exportProducts(app.db, (err) =>
            request.log.error({ err }, 'la exportación CSV se interrumpió'),
          ),
        );
    },
  );

  app.post(
    '/productos/importar',
    {
      onRequest: app.requireStaff,
      preParsing: refuseLarge,
      bodyLimit: maxBytes,
      config: { handlerTimeoutMs: CSV_HANDLER_TIMEOUT_MS },
      schema: {
        tags,
        security: staffOnly,
        description: `Crea o actualiza productos por SKU desde un CSV (cuerpo \`text/csv\` o archivo multipart en \`${FILE_FIELD}\`), con las columnas de la exportación; una columna que falta conserva el valor actual, y el stock de un producto que existe se mueve en lo que el archivo cambió (una venta hecha mientras tanto se respeta). Separador \`;\` o \`,\`, UTF-8 con o sin BOM, precios como \`$12.990\`. \`simular=1\`: solo el informe. Si alguna fila falla no se escribe nada, salvo con \`validas=1\`. ADMIN o VENDOR; hasta ${megabytes(maxBytes)}, ${limits.maxRows.toLocaleString('es-CL')} filas, ${limits.maxColumns} columnas y ${limits.maxLineChars.toLocaleString('es-CL')} caracteres por línea. Un archivo de hasta ${megabytes(syncMaxBytes)} se responde con el informe (200); uno mayor se procesa aparte: la respuesta es 202 con la importación (\`id\`, \`Location\`), cuyo avance e informe da \`GET /api/productos/importaciones/{id}\` (409 si ya hay otra grande en curso).`,
        querystring: importQuery,
        response: {
          200: informeImportacionSchema,
          202: importacionSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
          409: errorResponseSchema,
          413: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const bytes = await uploadedBytes(request);
      // A header past a bound, or without sku, is answered now, also for a file run as a job.
      const file = await openImport(bytes, limits);
      const options: ImportOptions = {
        simular: request.query.simular,
        validas: request.query.validas,
        onRestock: (tx, ids) => app.events.record(tx, restockEvents(ids)),
      };
      if (bytes.length <= syncMaxBytes) return importProducts(app.db, file, options);
      let job;
      try {
        job = jobs.start(request.user!.id, (onProgress) =>
          importProducts(app.db, file, { ...options, onProgress }),
        );
      } catch (err) {
        await file.close();
        throw err;
      }
      return reply.code(202).header('location', `/api/productos/importaciones/${job.id}`).send(job);
    },
  );

  app.get(
    '/productos/importaciones/:id',
    {
      onRequest: app.requireStaff,
      schema: {
        tags,
        security: staffOnly,
        description:
          'El avance de una importación grande que empezó quien pregunta (`estado` en_curso, terminada o fallida; `fase` revisando o guardando; `filas` revisadas; `avance` de 0 a 1) y, al terminar, su informe o su error. Se guarda una hora después de terminar; 404 si no existe o es de otra persona.',
        params: jobParams,
        response: {
          200: importacionSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
          404: errorResponseSchema,
        },
      },
    },
    async (request, reply) =>
      reply
        .header('cache-control', 'private, no-store')
        .send(jobs.get(request.params.id, request.user!.id)),
  );
};

export default productCsvRoutes;
