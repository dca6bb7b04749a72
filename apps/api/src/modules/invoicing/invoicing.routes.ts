import { pipeline, Readable } from 'node:stream';
import {
  documentoTributarioSchema,
  errorResponseSchema,
  filaLibroVentasSchema,
  libroVentasQuerySchema,
  numeroPedidoParams,
  ORDER_ACCESS_HEADER,
  ORDER_MESSAGES,
  pedidoAccesoHeadersSchema,
} from '@nexbyte/shared';
import { stringify } from 'csv-stringify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { conflict, notFound } from '../../http-errors';
import { findOrderRow, mayRead } from '../orders/orders.service';
import { adminOnly, idParams } from '../params';
import { formatPrice, spreadsheetCsvOptions } from '../product-csv/csv-format';
import { INVOICING_MESSAGES } from './invoicing.service';

const tags = ['documentos tributarios'];
const adminErrors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
};
const totalesSchema = z.object({
  neto: z.number(),
  iva: z.number(),
  exento: z.number(),
  total: z.number(),
});

/** The sales register's columns, as the SII's registro de ventas names them. */
export const CSV_LIBRO_VENTAS_COLUMNS = [
  'Tipo DTE',
  'Tipo documento',
  'Folio',
  'Fecha',
  'RUT receptor',
  'Razón social receptor',
  'Neto',
  'IVA',
  'Exento',
  'Total',
  'Documento referenciado',
  'Pedido',
] as const;

/** Boletas, facturas and credit notes: the order's, their PDFs, the admin's retry, the register. */
const invoicingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/pedidos/:numero/documentos',
    {
      schema: {
        tags,
        description:
          'Los documentos tributarios del pedido (boleta o factura, y la nota de crédito si se canceló), para quien puede ver el pedido: su cliente, el invitado con la cabecera `Pedido-Acceso`, ADMIN o VENDOR. Solo ADMIN recibe `motivo`, `intentos`, `proveedorId` y `trackId`. `pdfUrl` es un enlace firmado que el navegador abre directamente, o null mientras no hay PDF.',
        params: numeroPedidoParams,
        headers: pedidoAccesoHeadersSchema,
        response: {
          200: z.object({ items: z.array(documentoTributarioSchema) }),
          404: errorResponseSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const [row, user] = await Promise.all([
        findOrderRow(app.db, request.params.numero),
        app.currentUser(request),
      ]);
      if (!row || !mayRead(row, user, request.headers[ORDER_ACCESS_HEADER])) {
        throw notFound(ORDER_MESSAGES.notFound);
      }
      return {
        items: await app.invoicing.documentsOf(app.db, row.id, user?.role === 'ADMIN'),
      };
    },
  );

  app.get(
    '/documentos/:id/pdf',
    {
      schema: {
        tags,
        description:
          'El PDF del documento, con el `token` del enlace firmado que entregan `pdfUrl` y el correo del documento (no requiere sesión). 404 si el enlace no es el del documento o aún no tiene PDF.',
        params: idParams,
        querystring: z.object({ token: z.string().max(100).optional() }),
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      if (!app.invoicing.pdfLinkMatches(id, request.query.token)) {
        throw notFound(INVOICING_MESSAGES.notFound);
      }
      const pdf = await app.invoicing.pdfOf(id);
      if (!pdf) throw notFound(INVOICING_MESSAGES.notFound);
      reply.header('cache-control', 'private, max-age=3600');
      if ('url' in pdf) return reply.redirect(pdf.url);
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${pdf.filename}"`)
        .send(pdf.bytes);
    },
  );

  app.post(
    '/admin/documentos/:id/reintentar',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        security: adminOnly,
        description:
          'ADMIN. Vuelve a emitir un documento RECHAZADO: queda PENDIENTE con un trabajo nuevo y la misma clave de idempotencia. 409 si no está rechazado.',
        params: idParams,
        response: {
          200: documentoTributarioSchema,
          404: errorResponseSchema,
          409: errorResponseSchema,
          ...adminErrors,
        },
      },
    },
    async (request) => {
      const moved = await app.invoicing.retry(request.params.id);
      if (moved === null) throw notFound(INVOICING_MESSAGES.notFound);
      if (moved === false) throw conflict(INVOICING_MESSAGES.notRefused);
      return (await app.invoicing.document(moved.id, true))!;
    },
  );

  app.get(
    '/documentos/libro-ventas',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        security: adminOnly,
        description:
          'ADMIN. El libro de ventas: los documentos emitidos con fecha de emisión (hora de Chile) entre `desde` y `hasta`, ambos incluidos, en orden de emisión, y sus totales (las notas de crédito restan).',
        querystring: libroVentasQuerySchema,
        response: {
          200: z.object({ items: z.array(filaLibroVentasSchema), totales: totalesSchema }),
          ...adminErrors,
        },
      },
    },
    async (request) => app.invoicing.salesBook(request.query.desde, request.query.hasta),
  );

  app.get(
    '/documentos/libro-ventas.csv',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        security: adminOnly,
        description:
          'ADMIN. El libro de ventas en CSV para Excel (UTF-8 con BOM, separado por punto y coma, montos en pesos), como la exportación de pedidos.',
        querystring: libroVentasQuerySchema,
      },
    },
    async (request, reply) => {
      const { desde, hasta } = request.query;
      const { items } = await app.invoicing.salesBook(desde, hasta);
      const csv = stringify(spreadsheetCsvOptions(CSV_LIBRO_VENTAS_COLUMNS));
      const rows = items.map((f) => [
        String(f.codigoSii),
        f.tipo,
        String(f.folio),
        f.fecha,
        f.rutReceptor,
        f.nombreReceptor,
        formatPrice(f.neto),
        formatPrice(f.iva),
        formatPrice(f.exento),
        formatPrice(f.total),
        f.referencia ?? '',
        f.pedido,
      ]);
      pipeline(Readable.from(rows), csv, (err) => {
        if (err) request.log.error({ err }, 'la exportación del libro de ventas se interrumpió');
      });
      return reply
        .type('text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="libro-ventas-${desde}-a-${hasta}.csv"`,
        )
        .header('cache-control', 'private, no-store')
        .send(csv);
    },
  );
};

export default invoicingRoutes;
