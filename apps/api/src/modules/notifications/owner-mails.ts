import {
  EQUIPO_LABELS,
  ESTADO_PEDIDO_LABELS,
  formatCLP,
  METODO_PAGO_LABELS,
  type Pedido,
} from '@nexbyte/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type {
  ContactFact,
  LowStockFact,
  OrderEventName,
  StorageFullFact,
  SupportFact,
} from '../../events';
import { findOrder } from '../orders/orders.service';
import {
  renderMail,
  type Block,
  type MailContent,
  type ShopIdentity,
} from './templates/mail-content';

type OrderNews = 'creado' | 'pagado' | 'cancelado' | 'expirado';

/** The order events the owner hears of: money coming, arrived, or lost. */
const ORDER_NEWS: Partial<Record<OrderEventName, OrderNews>> = {
  'pedido.creado': 'creado',
  'pedido.pagado': 'pagado',
  'pedido.cancelado': 'cancelado',
  'pedido.expirado': 'expirado',
};

const ORDER_SUBJECT: Record<OrderNews, (o: Pedido) => string> = {
  creado: (o) => `Nuevo pedido ${o.numero} por ${formatCLP(o.total)}`,
  pagado: (o) => `Pedido ${o.numero} pagado: ${formatCLP(o.total)}`,
  cancelado: (o) => `Pedido ${o.numero} cancelado`,
  expirado: (o) => `Pedido ${o.numero} vencido sin pago`,
};

const ORDER_NEWS_TEXT: Record<OrderNews, (o: Pedido) => string> = {
  creado: (o) =>
    o.metodoPago === 'TRANSFERENCIA'
      ? `Entró un pedido de ${o.cliente.nombre}. Espera su transferencia: márcalo como pagado cuando llegue.`
      : `Entró un pedido de ${o.cliente.nombre}, a pagar con Webpay.`,
  pagado: (o) =>
    `${o.cliente.nombre} pagó su pedido (${METODO_PAGO_LABELS[o.metodoPago]}). Ya puedes prepararlo y enviarlo.`,
  cancelado: () => 'El pedido fue cancelado y sus productos volvieron al stock.',
  expirado: () =>
    'El pago no llegó a tiempo: el pedido se canceló solo y sus productos volvieron al stock.',
};

function orderContent(to: string, order: Pedido, news: OrderNews, link: string): MailContent {
  const facts: [string, string][] = [
    ['Cliente', `${order.cliente.nombre}${order.invitado ? ' (invitado)' : ''}`],
    ['Correo', order.cliente.correo],
    ...order.lineas.map((l): [string, string] => [`${l.qty} × ${l.nombre}`, formatCLP(l.subtotal)]),
    ['Envío', order.envio > 0 ? formatCLP(order.envio) : 'Gratis'],
    ['Total', formatCLP(order.total)],
    ['Estado', ESTADO_PEDIDO_LABELS[order.estado]],
    ['Entrega', `${order.entrega.direccion}, ${order.entrega.comuna}, ${order.entrega.region}`],
  ];
  if (order.cobro.reembolso) {
    facts.push(['Reembolso', formatCLP(order.cobro.reembolso.monto)]);
  }
  return {
    to,
    subject: ORDER_SUBJECT[news](order),
    heading: ORDER_SUBJECT[news](order),
    blocks: [
      { kind: 'p', text: ORDER_NEWS_TEXT[news](order) },
      { kind: 'facts', rows: facts },
      { kind: 'action', label: 'Ver el pedido', url: link },
    ],
  };
}

function contactContent(to: string, m: ContactFact, link: string): MailContent {
  return {
    to,
    subject: `Nuevo mensaje de contacto de ${m.nombre}`,
    heading: `Nuevo mensaje de contacto de ${m.nombre}`,
    blocks: [
      {
        kind: 'facts',
        rows: [
          ['Nombre', m.nombre],
          ['Correo', m.email],
        ],
      },
      { kind: 'quote', text: m.mensaje },
      { kind: 'p', text: `Para responder, escribe a ${m.email}.` },
      { kind: 'action', label: 'Ver los mensajes', url: link },
    ],
  };
}

function supportContent(to: string, s: Omit<SupportFact, 'acceso'>, link: string): MailContent {
  const rows: [string, string][] = [
    ['Cliente', s.nombreCliente],
    ['Correo', s.emailCliente],
    ...(s.telefonoCliente ? [['Teléfono', s.telefonoCliente] as [string, string]] : []),
    ['Ubicación', `${s.comuna}, ${s.region}`],
    ['Equipo', EQUIPO_LABELS[s.equipo as keyof typeof EQUIPO_LABELS] ?? s.equipo],
    ['Prioridad', s.prioridad],
    ['Servicios', s.serviciosRequeridos.join(', ')],
  ];
  return {
    to,
    subject: `Nueva solicitud de soporte (${s.prioridad}) de ${s.nombreCliente}`,
    heading: `Nueva solicitud de soporte de ${s.nombreCliente}`,
    blocks: [
      { kind: 'facts', rows },
      { kind: 'quote', text: s.descripcionProblema },
      { kind: 'action', label: 'Ver las solicitudes', url: link },
    ],
  };
}

function lowStockContent(to: string, p: LowStockFact, link: string): MailContent {
  const left = p.stock === 0 ? 'Se agotó' : `Quedan ${p.stock}`;
  const blocks: Block[] = [
    {
      kind: 'p',
      text:
        p.stock === 0
          ? `Con la última venta, «${p.nombre}» se agotó: la tienda lo muestra sin stock.`
          : `Con la última venta, a «${p.nombre}» le quedan ${p.stock} unidades. Te avisamos una vez; volverá a avisarte si, tras reponerlo, baja otra vez.`,
    },
    { kind: 'action', label: 'Reponer stock', url: link },
  ];
  return {
    to,
    subject: `Stock bajo: ${p.nombre} (${left.toLowerCase()})`,
    heading: `${left}: ${p.nombre}`,
    blocks,
  };
}

function storageFullContent(to: string, s: StorageFullFact): MailContent {
  const since = new Date(s.desde).toLocaleString('es-CL', { timeZone: 'America/Santiago' });
  return {
    to,
    subject: 'La tienda no puede recibir pedidos: el disco está lleno',
    heading: 'El disco de la base de datos está lleno',
    blocks: [
      {
        kind: 'p',
        text: `Desde el ${since}, la base de datos no puede guardar datos nuevos porque no queda espacio en su disco. Los clientes ven un aviso de que la tienda no puede recibir pedidos en este momento; el catálogo se sigue mostrando y no se perdió nada.`,
      },
      {
        kind: 'p',
        text: 'Libera espacio en el disco del servidor (respaldos antiguos, registros) o amplíalo: la tienda vuelve a recibir pedidos sola en cuanto haya espacio. Este aviso se envía una vez.',
      },
    ],
  };
}

/** What an owner's e-mail is about, as recorded with the change (decision 028). */
type OwnerNotice =
  | { que: 'pedido'; numero: string; news: OrderNews }
  | { que: 'contacto'; mensaje: ContactFact }
  | { que: 'soporte'; solicitud: Omit<SupportFact, 'acceso'> }
  | { que: 'stock'; producto: LowStockFact };

/**
 * Keeps the owner informed at SHOP_EMAIL: new orders, payments, cancellations, contact messages,
 * support requests and products running low, each enqueued in the transaction of the change (the
 * durable job queue, decision 028); and a full disk, sent at once (the disk cannot take the job).
 */
async function ownerMails(app: FastifyInstance) {
  const to = app.config.mail.shopEmail;
  if (!to) return;
  const shop: ShopIdentity = {
    name: 'Nexbyte',
    tagline: 'Tecnología y mantención de PC',
    url: app.config.publicUrl,
  };
  const compose = async (notice: OwnerNotice): Promise<MailContent | null> => {
    switch (notice.que) {
      case 'pedido': {
        const order = await findOrder(app.db, notice.numero, {
          bank: app.config.orders.bank,
          showActors: true,
        });
        return (
          order &&
          orderContent(to, order, notice.news, app.mailer.link(`/admin/pedidos/${notice.numero}`))
        );
      }
      case 'contacto':
        return contactContent(to, notice.mensaje, app.mailer.link('/admin/contacto'));
      case 'soporte':
        return supportContent(to, notice.solicitud, app.mailer.link('/admin/soporte'));
      case 'stock':
        return lowStockContent(
          to,
          notice.producto,
          app.mailer.link(`/admin/productos/editar/${notice.producto.id}`),
        );
    }
  };
  const enqueue = app.mailer.kind<OwnerNotice>('tienda', async (notice) => {
    const content = await compose(notice);
    return content && renderMail(content, shop);
  });
  const label = (what: string) => `aviso a la tienda: ${what}`;

  // In the statement that records the event, with the buyer's e-mail of it (order-mails.ts).
  for (const [event, news] of Object.entries(ORDER_NEWS) as [OrderEventName, OrderNews][]) {
    app.events.onStatement(event, (prefix) =>
      enqueue.writes(
        prefix,
        sql`hechos`,
        sql`${label('pedido ')} || (hechos.dato ->> 'numero') || ${` (${news})`}::text`,
        sql`jsonb_build_object('que', 'pedido', 'numero', hechos.dato ->> 'numero',
                               'news', ${news}::text)`,
      ),
    );
  }
  // In the statement that saves the messages (EventBus.inserter): one round trip for many.
  app.events.onStatement('contacto.creado', (prefix) =>
    enqueue.writes(
      prefix,
      sql`hechos`,
      sql`${label('contacto ')} || (hechos.dato ->> 'id')`,
      sql`jsonb_build_object('que', 'contacto', 'mensaje', hechos.dato)`,
    ),
  );
  app.events.on('soporte.creado', ({ acceso: _token, ...solicitud }, tx) =>
    enqueue(tx, label(`soporte ${solicitud.id}`), { que: 'soporte', solicitud }),
  );
  app.events.on('producto.stock_bajo', (producto, tx) =>
    enqueue(tx, label(`stock bajo ${producto.id}`), { que: 'stock', producto }),
  );
  app.storage.onFull((since) => {
    renderMail(storageFullContent(to, { desde: since.toISOString() }), shop)
      .then((mail) => app.mailer.send(mail))
      .catch((err: unknown) =>
        app.log.error({ err }, 'no se pudo avisar a la tienda que el disco está lleno'),
      );
  });
}

export default fp(ownerMails, {
  name: 'owner-mails',
  dependencies: ['core', 'events', 'mailer', 'storage'],
});
