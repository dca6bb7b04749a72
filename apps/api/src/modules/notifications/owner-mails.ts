import {
  EQUIPO_LABELS,
  ESTADO_PEDIDO_LABELS,
  formatCLP,
  METODO_PAGO_LABELS,
  type Pedido,
} from '@nexbyte/shared';
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

function supportContent(to: string, s: SupportFact, link: string): MailContent {
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

/**
 * Keeps the owner informed at SHOP_EMAIL: new orders, payments, cancellations, contact messages,
 * support requests, products running low and a full disk. Each is a subscriber of the shop's
 * events, which are published after their transaction committed; the e-mail goes after the reply
 * through the one mailer, and a failure is logged there without touching what happened.
 */
async function ownerMails(app: FastifyInstance) {
  const to = app.config.mail.shopEmail;
  if (!to) return;
  const shop: ShopIdentity = {
    name: 'Nexbyte',
    tagline: 'Tecnología y mantención de PC',
    url: app.config.publicUrl,
  };
  const send = (what: string, compose: () => Promise<MailContent | null>) =>
    app.mailer.sendLater(`aviso a la tienda: ${what}`, async () => {
      const content = await compose();
      return content && renderMail(content, shop);
    });

  for (const [event, news] of Object.entries(ORDER_NEWS) as [OrderEventName, OrderNews][]) {
    app.events.on(event, ({ numero }) =>
      send(`pedido ${numero} (${news})`, async () => {
        const order = await findOrder(app.db, numero, {
          bank: app.config.orders.bank,
          showActors: true,
        });
        return order && orderContent(to, order, news, app.mailer.link(`/admin/pedidos/${numero}`));
      }),
    );
  }
  app.events.on('contacto.creado', (m) =>
    send(`contacto ${m.id}`, async () => contactContent(to, m, app.mailer.link('/admin/contacto'))),
  );
  app.events.on('soporte.creado', (s) =>
    send(`soporte ${s.id}`, async () => supportContent(to, s, app.mailer.link('/admin/soporte'))),
  );
  app.events.on('almacenamiento.lleno', (s) =>
    send('disco lleno', async () => storageFullContent(to, s)),
  );
  app.events.on('producto.stock_bajo', (p) =>
    send(`stock bajo ${p.id}`, async () =>
      lowStockContent(to, p, app.mailer.link(`/admin/productos/editar/${p.id}`)),
    ),
  );
}

export default fp(ownerMails, { name: 'owner-mails', dependencies: ['core', 'events', 'mailer'] });
