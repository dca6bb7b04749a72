import type { CartProduct } from '@nexbyte/shared';
import { useAddToCart } from '../use-cart-actions';

interface AddToCartButtonProps {
  product: CartProduct;
  /** Several buttons on one page: the product's name completes each one's accessible name. */
  nameInLabel?: boolean;
  className?: string;
}

/** The fields a cart line needs; the description stays out of local storage. */
function toCartProduct({ id, nombre, precio, imagen, stock, categoria }: CartProduct): CartProduct {
  return { id, nombre, precio, imagen, stock, categoria };
}

/** 'Añadir al carrito' adds one unit; a product without stock shows 'Sin stock' and is disabled. */
export function AddToCartButton({
  product,
  nameInLabel = false,
  className = 'button',
}: AddToCartButtonProps) {
  const addToCart = useAddToCart();
  const outOfStock = typeof product.stock === 'number' && product.stock <= 0;
  return (
    <button
      type="button"
      className={className}
      disabled={outOfStock}
      onClick={() => addToCart(toCartProduct(product))}
    >
      {outOfStock ? 'Sin stock' : 'Añadir al carrito'}
      {nameInLabel && ' '}
      {nameInLabel && <span className="visually-hidden">{product.nombre}</span>}
    </button>
  );
}
