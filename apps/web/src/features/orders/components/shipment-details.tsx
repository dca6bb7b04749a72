import { formatCLP, formatDateTime, type EnvioPedido } from '@nexbyte/shared';

const longDate = (day: string) =>
  new Intl.DateTimeFormat('es-CL', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  }).format(new Date(`${day}T12:00:00Z`));

/** docs/product.md#tracking: the service, the carrier's link and every event it told, newest first. */
export function ShipmentDetails({ envio, className }: { envio: EnvioPedido; className?: string }) {
  const eventos = [...envio.eventos].reverse();
  return (
    <div className="shipment">
      <dl className={className}>
        <div>
          <dt>Servicio</dt>
          <dd>
            {envio.transportista
              ? `${envio.transportista} ${envio.servicio ?? ''}`.trim()
              : 'Despacho a domicilio'}{' '}
            ({formatCLP(envio.precio)})
          </dd>
        </div>
        {envio.llegaEstimada && !envio.entregadoAt && (
          <div>
            <dt>Llegada estimada</dt>
            <dd>{longDate(envio.llegaEstimada)}</dd>
          </div>
        )}
        {envio.numeroOt && (
          <div>
            <dt>Orden de transporte</dt>
            <dd>
              {envio.seguimientoUrl ? (
                <a href={envio.seguimientoUrl} target="_blank" rel="noreferrer">
                  {envio.numeroOt}
                </a>
              ) : (
                envio.numeroOt
              )}
            </dd>
          </div>
        )}
        {envio.estado && (
          <div>
            <dt>Estado en el transportista</dt>
            <dd>{envio.estado}</dd>
          </div>
        )}
      </dl>
      {eventos.length > 0 && (
        <ol className="shipment__events" aria-label="Eventos del envío">
          {eventos.map((e) => (
            <li key={`${e.fecha}-${e.descripcion}`}>
              <time dateTime={e.fecha}>{formatDateTime(e.fecha)}</time> — {e.descripcion}
              {e.lugar ? ` (${e.lugar})` : ''}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
