import { formatCLP, unitPrice, type CartItem } from '@nexbyte/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { DataTable, type Column } from '../../../components/ui/data-table';
import { ProductImage } from '../../../components/ui/product-image';
import type { CartLinePrice } from '../api/get-cart-offers';
import { useRemoveFromCart } from '../use-cart-actions';
import { QuantityStepper } from './quantity-stepper';

interface CartTableProps {
  items: CartItem[];
  /** Each line's price, with its offer while the server applies one (useCartPrices). */
  prices: ReadonlyMap<number, CartLinePrice>;
  /** Draws a line's unit price (the catalogue's offer price, composed by the route). */
  renderPrice: (price: CartLinePrice) => ReactNode;
}

/** The cart's lines; on phones each row is shown as a card (cart.css). */
export function CartTable({ items, prices, renderPrice }: CartTableProps) {
  const removeFromCart = useRemoveFromCart();
  const columns: Column<CartItem>[] = [
    {
      header: <span className="visually-hidden">Imagen</span>,
      className: 'cart-table__image-cell',
      cell: (item) => (
        <ProductImage
          className="cart-table__image"
          src={item.imagen}
          alt={item.nombre}
          width={80}
          height={60}
        />
      ),
    },
    {
      header: 'Producto',
      className: 'cart-table__product',
      cell: (item) => <Link to={`/productos/detalle/${item.id}`}>{item.nombre}</Link>,
    },
    {
      header: 'Precio',
      numeric: true,
      label: 'Precio',
      className: 'cart-table__price',
      cell: (item) => renderPrice(prices.get(item.id) ?? { precio: unitPrice(item) }),
    },
    { header: 'Cantidad', label: 'Cantidad', cell: (item) => <QuantityStepper item={item} /> },
    {
      header: 'Subtotal',
      numeric: true,
      label: 'Subtotal',
      className: 'cart-table__subtotal',
      cell: (item) => formatCLP(item.qty * unitPrice(item)),
    },
    {
      header: <span className="visually-hidden">Acciones</span>,
      className: 'cart-table__remove',
      cell: (item) => (
        <button
          type="button"
          className="link-button cart-remove"
          onClick={() => removeFromCart(item.id)}
        >
          Eliminar <span className="visually-hidden">{item.nombre}</span>
        </button>
      ),
    },
  ];
  return (
    <DataTable
      caption="Productos en tu carrito"
      columns={columns}
      rows={items}
      rowKey={(item) => item.id}
      className="cart-table"
      plainWrapClassName="cart-table-wrap"
    />
  );
}
