import { formatCLP, type Pedido } from '@nexbyte/shared';
import { DataTable, type Column } from '../../../components/ui/data-table';
import '../orders.css';

type Line = Pedido['lineas'][number];

interface OrderLinesTableProps {
  order: Pedido;
  /** The admin also sees each product's id, to find it in the catalogue. */
  showProductId?: boolean;
  className?: string;
}

/** What an order holds, at the prices of the moment it was placed. */
export function OrderLinesTable({ order, showProductId = false, className }: OrderLinesTableProps) {
  const columns: Column<Line>[] = [
    {
      header: 'Producto',
      rowHeader: true,
      cell: (line) => (
        <>
          {line.nombre}
          {showProductId && <span className="order-lines__product-id">ID {line.productoId}</span>}
        </>
      ),
    },
    { header: 'Cantidad', numeric: true, cell: (line) => line.qty },
    { header: 'Precio', numeric: true, cell: (line) => formatCLP(line.precio) },
    { header: 'Subtotal', numeric: true, cell: (line) => formatCLP(line.subtotal) },
  ];
  return (
    <DataTable
      caption={`Productos del pedido ${order.numero}`}
      columns={columns}
      rows={order.lineas}
      rowKey={(line) => line.productoId}
      className={className}
    />
  );
}
