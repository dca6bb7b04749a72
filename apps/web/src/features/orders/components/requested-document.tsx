import { documentoSolicitadoText, type Pedido } from '@nexbyte/shared';

/**
 * Which tax document the order gets, as the buyer asked at checkout: 'Boleta electrónica', or
 * 'Factura electrónica a Hardware del Sur SpA (RUT 76.123.456-0)'.
 */
export function RequestedDocument({
  order,
}: {
  order: Pick<Pedido, 'documentoTipo' | 'facturaEmpresa'>;
}) {
  return (
    <p className="order__document">
      <strong>Documento:</strong>{' '}
      {documentoSolicitadoText(order.documentoTipo, order.facturaEmpresa)}
    </p>
  );
}
