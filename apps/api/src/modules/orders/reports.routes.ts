import { errorResponseSchema, exportarPedidosQuerySchema, reportesSchema } from '@nexbyte/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminOnly } from '../params';
import { exportOrders } from './orders-export';
import { salesReport } from './reports.repository';

const adminErrors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
};

/** The owner's figures: the dashboard's reports and the accountant's CSV. ADMIN only. */
const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/reportes',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['pedidos'],
        security: adminOnly,
        description:
          'ADMIN. Ventas pagadas por día de los últimos 30 días (hora de Chile, días sin ventas en 0), los 5 productos más vendidos en ese período y los pedidos por estado. Cuentan como venta los pedidos PAGADO, ENVIADO o ENTREGADO, el día en que se pagaron.',
        response: { 200: reportesSchema, ...adminErrors },
      },
    },
    async () => salesReport(app.db),
  );

  app.get(
    '/pedidos/exportar.csv',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['pedidos'],
        security: adminOnly,
        description:
          'ADMIN. Los pedidos hechos entre `desde` y `hasta` (AAAA-MM-DD, ambos incluidos, hora de Chile; sin ellos, todos) en CSV para Excel: UTF-8 con BOM, separado por `;`, montos en pesos con IVA incluido y el IVA aparte, cada estado y el día del pago.',
        querystring: exportarPedidosQuerySchema,
      },
    },
    async (request, reply) => {
      const { desde, hasta } = request.query;
      const name = `pedidos${desde ? `-desde-${desde}` : ''}${hasta ? `-hasta-${hasta}` : ''}.csv`;
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'private, no-store')
        .send(
          exportOrders(app.db, request.query, (err) =>
            request.log.error({ err }, 'la exportación CSV de pedidos se interrumpió'),
          ),
        );
    },
  );
};

export default reportRoutes;
