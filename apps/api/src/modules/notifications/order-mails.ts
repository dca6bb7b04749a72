import {
  documentoSolicitadoText,
  entregaText,
  ESTADO_PEDIDO_LABELS,
  formatCLP,
  formatDateTime,
  IVA_PERCENT,
  METODO_PAGO_LABELS,
  type EstadoPedido,
  type Pedido,
} from '@nexbyte/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { OrderEventName } from '../../events';
import type { Mail } from '../mail/mailer';
import { findOrder, orderLinkPath } from '../orders/orders.service';

type OrderMailKind = 'creado' | 'estado' | 'vencido' | 'enlace';

/** Which e-mail each order event sends the buyer. */
const MAIL_OF: Partial<Record<OrderEventName, OrderMailKind>> = {
  'pedido.creado': 'creado',
  'pedido.pagado': 'estado',
  'pedido.enviado': 'estado',
  'pedido.entregado': 'estado',
  'pedido.cancelado': 'estado',
  'pedido.expirado': 'vencido',
};

function transferLines(order: Pedido): string[] {
  const t = order.transferencia;
  return [
    'Para pagar, haz una transferencia bancaria con estos datos:',
    `  Banco: ${t.banco}`,
    `  Tipo de cuenta: ${t.tipoCuenta}`,
    `  Número de cuenta: ${t.numeroCuenta}`,
    `  RUT: ${t.rut}`,
    `  Titular: ${t.titular}`,
    `  Monto: ${formatCLP(order.total)}`,
    `  Asunto o comentario: ${order.numero}`,
    `Envía el comprobante a ${t.correo}.`,
  ];
}

/** How a Webpay order is paid: from its page, until it expires. */
function webpayLines(order: Pedido, open: string): string[] {
  if (order.estado !== 'PENDIENTE_PAGO') return [];
  return [
    `Si no terminaste el pago en Webpay, puedes pagarlo con Webpay o por transferencia desde tu pedido. ${open}.`,
  ];
}

/** The approved card payment, as far as the shop knows it (never more than the last 4 digits). */
function cardLines(order: Pedido): string[] {
  const detalle = order.cobro.detalle;
  if (!detalle || order.cobro.estado !== 'PAGADO') return [];
  const card = detalle.ultimos4 ? `, tarjeta terminada en ${detalle.ultimos4}` : '';
  const cuotas = detalle.cuotas > 1 ? ` en ${detalle.cuotas} cuotas` : '';
  return [
    `Pago con Webpay: ${detalle.tipo}${cuotas}${card}, código de autorización ${detalle.codigoAutorizacion}, ${formatCLP(detalle.monto)}.`,
    '',
  ];
}

/** The card refund made when the order was cancelled. */
function refundLines(order: Pedido): string[] {
  const r = order.cobro.reembolso;
  if (!r) return [];
  return [`Devolvimos ${formatCLP(r.monto)} a tu tarjeta a través de Webpay.`, ''];
}

function summaryLines(order: Pedido): string[] {
  return [
    ...order.lineas.map((l) => `  ${l.qty} × ${l.nombre}: ${formatCLP(l.subtotal)}`),
    `  Subtotal: ${formatCLP(order.subtotal)}`,
    ...(order.descuento > 0
      ? [
          `  Descuento${order.cupon ? ` (${order.cupon.codigo})` : ''}: −${formatCLP(order.descuento)}`,
        ]
      : []),
    `  Envío: ${order.envio > 0 ? formatCLP(order.envio) : 'Gratis'}`,
    `  Total: ${formatCLP(order.total)} (IVA incluido; IVA ${IVA_PERCENT} %: ${formatCLP(order.iva)})`,
  ];
}

/** Which tax document the order gets: 'Boleta electrónica' or the factura's company. */
function documentLine(order: Pedido): string {
  return `Documento: ${documentoSolicitadoText(order.documentoTipo, order.facturaEmpresa)}.`;
}

/** The carrier and tracking number the admin recorded when shipping, if any. */
function trackingLines(order: Pedido): string[] {
  const t = order.seguimiento;
  if (order.estado !== 'ENVIADO' || !t) return [];
  return [
    ...(t.transportista ? [`Transportista: ${t.transportista}`] : []),
    ...(t.numero ? [`Número de seguimiento: ${t.numero}`] : []),
    '',
  ];
}

const STATUS_NEWS: Record<Pedido['estado'], string> = {
  PENDIENTE_PAGO: 'Tu pedido espera el pago.',
  PAGADO: 'Recibimos tu pago. Estamos preparando tu pedido.',
  ENVIADO: 'Tu pedido va en camino. Llega en 1 a 3 días hábiles.',
  ENTREGADO: 'Tu pedido fue entregado. ¡Gracias por comprar en Nexbyte!',
  CANCELADO: 'Tu pedido fue cancelado y sus productos volvieron a la venta.',
};

/**
 * How the e-mail opens the order. A customer's link opens it after logging in. A guest's carries
 * the order's token when the mail has it (placed, link asked for again); the others cannot (only
 * its hash is stored), so they point to the first link or to asking for a new one.
 */
function openLine(order: Pedido, link: string, withToken: boolean): string {
  if (!order.invitado || withToken) return `Puedes ver tu pedido en ${link}`;
  return `Puedes verlo con el enlace del correo de confirmación, o pedir uno nuevo en ${link}`;
}

/** The e-mail that tells the buyer about their order: placed, moved to a status, or expired. */
function composeOrderMail(order: Pedido, kind: OrderMailKind, link: string, token: boolean): Mail {
  const hello = `Hola, ${order.cliente.nombre}:`;
  const open = openLine(order, link, token);
  if (kind === 'enlace') {
    return {
      to: order.cliente.correo,
      subject: `Enlace a tu pedido ${order.numero}`,
      text: [
        hello,
        '',
        `Nos pediste el enlace para ver tu pedido ${order.numero}: ${link}`,
        'Los enlaces anteriores a este pedido ya no sirven. Si no lo pediste tú, ignora este correo.',
        '',
        'Nexbyte',
      ].join('\n'),
    };
  }
  if (kind === 'creado') {
    const deadline = order.expiresAt ? formatDateTime(order.expiresAt) : '';
    return {
      to: order.cliente.correo,
      subject: `Recibimos tu pedido ${order.numero}`,
      text: [
        hello,
        '',
        `Recibimos tu pedido ${order.numero}. Medio de pago: ${METODO_PAGO_LABELS[order.metodoPago]}.`,
        documentLine(order),
        '',
        ...summaryLines(order),
        '',
        `Entrega: ${entregaText(order.entrega)}`,
        '',
        ...(order.total === 0
          ? ['Tu pedido no tiene nada que pagar: ya está confirmado y lo estamos preparando.']
          : order.metodoPago === 'WEBPAY'
            ? webpayLines(order, open)
            : transferLines(order)),
        ...(deadline
          ? [
              '',
              `Guardamos tus productos hasta el ${deadline}; si el pago no llega, el pedido se cancela.`,
            ]
          : []),
        '',
        `${open}.`,
        '',
        'Nexbyte — Tecnología y mantención de PC',
      ].join('\n'),
    };
  }
  const news =
    kind === 'vencido'
      ? 'Tu pedido se canceló porque no recibimos el pago a tiempo. Sus productos volvieron a la venta.'
      : order.estado === 'PAGADO' && order.total === 0
        ? 'Tu pedido quedó confirmado sin pago (total $0). Estamos preparándolo.'
        : STATUS_NEWS[order.estado];
  return {
    to: order.cliente.correo,
    subject: `Tu pedido ${order.numero}: ${ESTADO_PEDIDO_LABELS[order.estado].toLowerCase()}`,
    text: [
      hello,
      '',
      news,
      '',
      // Paid: the document is issued now.
      ...(order.estado === 'PAGADO' ? [documentLine(order), ''] : []),
      ...trackingLines(order),
      ...cardLines(order),
      ...refundLines(order),
      ...summaryLines(order),
      '',
      `${open}.`,
      '',
      'Nexbyte',
    ].join('\n'),
  };
}

interface OrderMailData {
  numero: string;
  kind: OrderMailKind;
  /** The guest's token for the link (only a guest's first e-mail and a new link carry one). */
  acceso: string | null;
  /** The status the e-mail tells of, as it was when the change happened. */
  estado?: EstadoPedido;
}

/**
 * Tells the buyer about their order: each order event enqueues the e-mail in the transaction that
 * made it (decision 028); it is composed from the order as it is when it goes out, telling the
 * status the event was about.
 */
async function orderMails(app: FastifyInstance) {
  const options = { bank: app.config.orders.bank, showActors: false };
  const enqueue = app.mailer.kind<OrderMailData>(
    'pedido',
    async ({ numero, kind, acceso, estado }) => {
      const order = await findOrder(app.db, numero, options);
      const link = app.mailer.link(orderLinkPath(numero, acceso));
      return (
        order &&
        composeOrderMail(estado ? { ...order, estado } : order, kind, link, acceso !== null)
      );
    },
  );
  // The label is shown to the owner and logged: it names the order, never its token.
  const label = (numero: string, kind: OrderMailKind) => `pedido ${numero} (${kind})`;
  // In the statement that records the event (EventBus.record), with the owner's notice of it: one
  // round trip inside the order's transaction for both. `hechos.dato` is the event's OrderFact.
  for (const [event, kind] of Object.entries(MAIL_OF) as [OrderEventName, OrderMailKind][]) {
    const told = kind === 'estado' ? sql`, 'estado', hechos.dato ->> 'a'` : sql``;
    app.events.onStatement(event, (prefix) =>
      enqueue.writes(
        prefix,
        sql`hechos`,
        sql`'pedido ' || (hechos.dato ->> 'numero') || ${` (${kind})`}::text`,
        sql`jsonb_build_object('numero', hechos.dato ->> 'numero', 'kind', ${kind}::text,
                               'acceso', nullif(hechos.dato ->> 'acceso', '')${told})`,
      ),
    );
  }
  app.events.on('pedido.enlace', ({ numero, acceso }, tx) =>
    enqueue(tx, label(numero, 'enlace'), { numero, kind: 'enlace', acceso }),
  );
}

export default fp(orderMails, { name: 'order-mails', dependencies: ['core', 'events', 'mailer'] });
