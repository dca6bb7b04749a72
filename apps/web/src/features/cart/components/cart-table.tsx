import { formatCLP, unitPrice, type CartItem } from '@nexbyte/shared';
import { Link } from 'react-router';
import { useRemoveFromCart } from '../use-cart-actions';
import { ProductImage } from '../../../components/ui/product-image';
import { QuantityStepper } from './quantity-stepper';

/** The cart's lines; on phones each row is shown as a card (cart.css). */
export function CartTable({ items }: { items: CartItem[] }) {
  const removeFromCart = useRemoveFromCart();
  return (
    <div className="cart-table-wrap">
      <table className="table cart-table">
        <caption className="visually-hidden">Productos en tu carrito</caption>
        <thead>
          <tr>
            <th scope="col">
              <span className="visually-hidden">Imagen</span>
            </th>
            <th scope="col">Producto</th>
            <th scope="col" className="num">
              Precio
            </th>
            <th scope="col">Cantidad</th>
            <th scope="col" className="num">
              Subtotal
            </th>
            <th scope="col">
              <span className="visually-hidden">Acciones</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => {
            const price = unitPrice(item);
            return (
              <tr key={item.id}>
                <td className="cart-table__image-cell">
                  <ProductImage
                    className="cart-table__image"
                    src={item.imagen}
                    alt={item.nombre}
                    width={80}
                    height={60}
                  />
                </td>
                <td className="cart-table__product">
                  <Link to={`/productos/detalle/${item.id}`}>{item.nombre}</Link>
                </td>
                <td className="num" data-label="Precio">
                  {formatCLP(price)}
                </td>
                <td data-label="Cantidad">
                  <QuantityStepper item={item} />
                </td>
                <td className="num cart-table__subtotal" data-label="Subtotal">
                  {formatCLP(item.qty * price)}
                </td>
                <td className="cart-table__remove">
                  <button
                    type="button"
                    className="link-button cart-remove"
                    onClick={() => removeFromCart(item.id)}
                  >
                    Eliminar <span className="visually-hidden">{item.nombre}</span>
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
