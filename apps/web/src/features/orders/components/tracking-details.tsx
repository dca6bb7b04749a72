import type { Pedido } from '@nexbyte/shared';

/** The carrier and tracking number recorded when the order was shipped. */
export function TrackingDetails({
  seguimiento,
  className,
}: {
  seguimiento: NonNullable<Pedido['seguimiento']>;
  className?: string;
}) {
  return (
    <dl className={className}>
      {seguimiento.transportista && (
        <div>
          <dt>Transportista</dt>
          <dd>{seguimiento.transportista}</dd>
        </div>
      )}
      {seguimiento.numero && (
        <div>
          <dt>Número de seguimiento</dt>
          <dd>{seguimiento.numero}</dd>
        </div>
      )}
    </dl>
  );
}
