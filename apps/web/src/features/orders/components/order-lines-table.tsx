import { formatCLP, type Pedido } from '@nexbyte/shared';
import '../orders.css';

interface OrderLinesTableProps {
  order: Pedido;
  /** The admin also sees each product's id, to find it in the catalogue. */
  showProductId?: boolean;
  className?: string;
}

/** What an order holds, at the prices of the moment it was placed. */
export function OrderLinesTable({ order, showProductId = false, className }: OrderLinesTableProps) {
  const captionId = `order-lines-${order.numero}`;
  return (
    // Scrolls sideways on a phone: focusable, so a keyboard can scroll it too.
    <div className="table-wrap" role="region" aria-labelledby={captionId} tabIndex={0}>
      <table className={['table', className].filter(Boolean).join(' ')}>
        <caption id={captionId} className="visually-hidden">
          Productos del pedido {order.numero}
        </caption>
        <thead>
          <tr>
            <th scope="col">Producto</th>
            <th scope="col" className="num">
              Cantidad
            </th>
            <th scope="col" className="num">
              Precio
            </th>
            <th scope="col" className="num">
              Subtotal
            </th>
          </tr>
        </thead>
        <tbody>
          {order.lineas.map((line) => (
            <tr key={line.productoId}>
              <th scope="row">
                {line.nombre}
                {showProductId && (
                  <span className="order-lines__product-id">ID {line.productoId}</span>
                )}
              </th>
              <td className="num">{line.qty}</td>
              <td className="num">{formatCLP(line.precio)}</td>
              <td className="num">{formatCLP(line.subtotal)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
