import {
  formatCLP,
  formatDateTime,
  METODO_PAGO_LABELS,
  type Cobro,
  type EstadoCobro,
  type TipoReembolso,
} from '@nexbyte/shared';
import '../orders.css';

const ESTADO_COBRO_LABELS: Record<EstadoCobro, string> = {
  PENDIENTE: 'Pendiente',
  PAGADO: 'Pagado',
  RECHAZADO: 'Rechazado',
  REEMBOLSADO: 'Reembolsado',
};

const TIPO_REEMBOLSO_LABELS: Record<TipoReembolso, string> = {
  REVERSA: 'reversa',
  ANULACION: 'anulación',
};

/** Something to say about the payment beyond its method: a card payment, a refund, a failure. */
export function hasPaymentNews(cobro: Cobro): boolean {
  return cobro.detalle !== null || cobro.reembolso !== null || cobro.motivo !== null;
}

/** The refund in one line: 'Reembolsado: $43.970 (reversa)'. */
export function refundText(reembolso: NonNullable<Cobro['reembolso']>): string {
  return `Reembolsado: ${formatCLP(reembolso.monto)} (${TIPO_REEMBOLSO_LABELS[reembolso.tipo]})`;
}

interface PaymentDetailsProps {
  cobro: Cobro;
  /** The place's own look: 'order-payment__data', 'admin-order__facts'… */
  className: string;
}

/**
 * An order's payment: method and state, the approved card payment (type, installments, last 4
 * digits, authorization code, amount), the refund and why the last attempt failed.
 */
export function PaymentDetails({ cobro, className }: PaymentDetailsProps) {
  const { detalle, reembolso, motivo } = cobro;
  const rows: [string, string][] = [
    ['Medio de pago', METODO_PAGO_LABELS[cobro.metodo]],
    ['Estado del pago', ESTADO_COBRO_LABELS[cobro.estado]],
  ];
  if (detalle) {
    rows.push(['Tipo de pago', detalle.tipo]);
    if (detalle.cuotas > 0) rows.push(['Cuotas', String(detalle.cuotas)]);
    if (detalle.ultimos4) rows.push(['Tarjeta', `**** ${detalle.ultimos4}`]);
    rows.push(
      ['Código de autorización', detalle.codigoAutorizacion],
      ['Monto pagado', formatCLP(detalle.monto)],
      ['Fecha del pago', formatDateTime(detalle.fecha)],
    );
  }
  if (motivo) rows.push(['Motivo', motivo]);
  return (
    <>
      <dl className={className}>
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {reembolso && (
        <p className="order-payment__refund">
          <strong>{refundText(reembolso)}</strong>, el{' '}
          <time dateTime={reembolso.fecha}>{formatDateTime(reembolso.fecha)}</time>.
        </p>
      )}
    </>
  );
}
