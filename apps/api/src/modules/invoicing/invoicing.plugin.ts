import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { findOrder, orderLinkPath } from '../orders/orders.service';
import type { ShopIdentity } from '../notifications/templates/mail-content';
import { documentMailContent, renderDocumentMail } from './document-mail';
import { findDocument, Invoicing, numeroOf } from './invoicing.service';
import { openFacturaProvider } from './openfactura-provider';

declare module 'fastify' {
  interface FastifyInstance {
    invoicing: Invoicing;
  }
}

/**
 * Tax documents (decision 030): on when DTE_API_URL and DTE_API_KEY are set. An order paid gets
 * its boleta or factura, a documented order cancelled its credit note, each written in the
 * transaction of the change and issued by a job; the buyer gets an e-mail with the PDF's link.
 */
async function invoicing(app: FastifyInstance) {
  const { provider, off, emisor } = app.config.invoicing;
  const log = app.log.child({ modulo: 'documentos' });
  const service = new Invoicing({
    db: app.db,
    jobs: app.jobs,
    provider: provider ? openFacturaProvider(provider) : null,
    emisor,
    bank: app.config.orders.bank,
    secret: app.config.jwtSecret,
    log,
  });
  if (off && app.config.env === 'production') {
    log.warn({ motivo: off }, 'Boleta electrónica sin configurar: no se emiten documentos');
  }
  const shop: ShopIdentity = {
    name: 'Nexbyte',
    tagline: 'Tecnología y mantención de PC',
    url: app.config.publicUrl,
  };
  service.mailIssued = app.mailer.kind<{ documentoId: number }>(
    'documento',
    async ({ documentoId }) => {
      const doc = await findDocument(app.db, documentoId);
      if (!doc || doc.folio === null) return null;
      const numero = numeroOf(doc.claveIdempotencia);
      const order = await findOrder(app.db, numero, {
        bank: app.config.orders.bank,
        showActors: false,
      });
      if (!order) return null;
      return renderDocumentMail(
        documentMailContent(
          doc,
          order,
          app.mailer.link(service.pdfPath(doc.id)),
          app.mailer.link(orderLinkPath(numero, null)),
        ),
        shop,
      );
    },
  );
  app.events.on('pedido.pagado', (fact, tx) => service.recordSale(tx, fact));
  app.events.on('pedido.cancelado', (fact, tx) => service.recordCancellation(tx, fact));
  app.decorate('invoicing', service);
}

export default fp(invoicing, {
  name: 'invoicing',
  dependencies: ['core', 'jobs', 'events', 'mailer'],
});
