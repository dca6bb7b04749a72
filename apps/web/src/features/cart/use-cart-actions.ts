import { useCallback } from 'react';
import { maxUnitsMessage, QTY_MAX, UNDO_TOAST_MS, type CartProduct } from '@nexbyte/shared';
import { useToast } from '../../components/ui/toast';
import { useCart, type AddResult } from './cart-context';

/** Adds one unit and tells the shopper when the stock does not allow it. */
export function useAddToCart(): (product: CartProduct) => AddResult {
  const cart = useCart();
  const toast = useToast();
  return useCallback(
    (product: CartProduct) => {
      const result = cart.add(product);
      if (result === 'added') {
        toast.show({ type: 'success', title: 'Añadido al carrito', message: product.nombre });
      } else if (result === 'limit') {
        // The stock, or the units of one product an order may take, whichever came first.
        const byStock = typeof product.stock === 'number' && product.stock <= QTY_MAX;
        toast.show({
          type: 'info',
          message: byStock
            ? `Ya tienes en el carrito todas las unidades disponibles de ${product.nombre}.`
            : maxUnitsMessage(QTY_MAX),
        });
      } else {
        toast.show({ type: 'error', message: `${product.nombre} está sin stock.` });
      }
      return result;
    },
    [cart, toast],
  );
}

/** Removes a line and offers 'Deshacer' for 3.5 seconds (docs/product.md#cart-rules). */
export function useRemoveFromCart(): (id: number) => void {
  const cart = useCart();
  const toast = useToast();
  return useCallback(
    (id: number) => {
      const index = cart.items.findIndex((item) => item.id === id);
      const removed = cart.remove(id);
      if (!removed) return;
      toast.show({
        type: 'info',
        title: 'Producto eliminado',
        message: `${removed.nombre} se quitó del carrito.`,
        duration: UNDO_TOAST_MS,
        action: { label: 'Deshacer', onClick: () => cart.restore(removed, index) },
      });
    },
    [cart, toast],
  );
}
