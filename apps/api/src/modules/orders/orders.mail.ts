import {
  ESTADO_PEDIDO_LABELS,
  formatCLP,
  formatDateTime,
  IVA_PERCENT,
  METODO_PAGO_LABELS,
  type Pedido,
} from '@nexbyte/shared';
import type { FastifyInstance } from 'fastify';
import type { Mail } from '../mail/mailer';
import { findOrderRow, loadOrder } from './orders.repository';

export type OrderMailKind = 'creado' | 'estado' | 'vencido';

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

const STATUS_NEWS: Record<Pedido['estado'], string> = {
  PENDIENTE_PAGO: 'Tu pedido espera el pago.',
  PAGADO: 'Recibimos tu pago. Estamos preparando tu pedido.',
  ENVIADO: 'Tu pedido va en camino. Llega en 1 a 3 días hábiles.',
  ENTREGADO: 'Tu pedido fue entregado. ¡Gracias por comprar en Nexbyte!',
  CANCELADO: 'Tu pedido fue cancelado y sus productos volvieron a la venta.',
};

/** The e-mail that tells the buyer about their order: placed, moved to a status, or expired. */
export function composeOrderMail(order: Pedido, kind: OrderMailKind, link: string): Mail {
  const hello = `Hola, ${order.cliente.nombre}:`;
  const open = order.invitado
    ? `Puedes ver tu pedido en ${link} con este correo.`
    : `Puedes ver tu pedido en ${link}.`;
  if (kind === 'creado') {
    const deadline = order.expiresAt ? formatDateTime(order.expiresAt) : '';
    return {
      to: order.cliente.correo,
      subject: `Recibimos tu pedido ${order.numero}`,
      text: [
        hello,
        '',
        `Recibimos tu pedido ${order.numero}. Medio de pago: ${METODO_PAGO_LABELS[order.metodoPago]}.`,
        '',
        ...summaryLines(order),
        '',
        `Entrega: ${order.entrega.direccion}, ${order.entrega.comuna}, ${order.entrega.region}.`,
        '',
        ...transferLines(order),
        ...(deadline
          ? [
              '',
              `Guardamos tus productos hasta el ${deadline}; si el pago no llega, el pedido se cancela.`,
            ]
          : []),
        '',
        open,
        '',
        'Nexbyte — Tecnología y mantención de PC',
      ].join('\n'),
    };
  }
  const news =
    kind === 'vencido'
      ? 'Tu pedido se canceló porque no recibimos el pago a tiempo. Sus productos volvieron a la venta.'
      : STATUS_NEWS[order.estado];
  return {
    to: order.cliente.correo,
    subject: `Tu pedido ${order.numero}: ${ESTADO_PEDIDO_LABELS[order.estado].toLowerCase()}`,
    text: [hello, '', news, '', ...summaryLines(order), '', open, '', 'Nexbyte'].join('\n'),
  };
}

/**
 * Sends the order's e-mail after the reply has gone, through the shop's one mailer: a failure is
 * logged by the mailer and never touches the order, which is already committed.
 */
export function notifyOrder(app: FastifyInstance, numero: string, kind: OrderMailKind): void {
  app.mailer.sendLater(`pedido ${numero} (${kind})`, async () => {
    const row = await findOrderRow(app.db, numero);
    if (!row) return null;
    const order = await loadOrder(app.db, row, { bank: app.config.orders.bank, showActors: false });
    return composeOrderMail(order, kind, app.mailer.link(`/pedido/${numero}`));
  });
}
