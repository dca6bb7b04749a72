import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import {
  STORAGE_KEYS,
  addToCart,
  cartItemCount,
  cartSubtotal,
  clearCart,
  findCoupon,
  parseStoredCart,
  removeFromCart,
  updateQuantity,
  type CartItem,
  type CartProduct,
  type Coupon,
} from '@nexbyte/shared';

/** What adding did: put units in, hit the stock (or 99) limit, or found no stock at all. */
export type AddResult = 'added' | 'limit' | 'out-of-stock';

export interface CartApi {
  items: CartItem[];
  /** Units in the cart (sum of qty). */
  count: number;
  subtotal: number;
  coupon: Coupon | null;
  /** Grows by one on every successful add, so the header badge can animate. */
  addedCount: number;
  add: (product: CartProduct, qty?: number) => AddResult;
  remove: (id: number) => CartItem | undefined;
  /** Puts a removed line back where it was, with its quantity. */
  restore: (item: CartItem, index: number) => void;
  setQuantity: (id: number, qty: unknown) => void;
  clear: () => void;
  /** Applies a coupon by code; an unknown code clears the applied one. Returns the coupon. */
  applyCoupon: (code: string) => Coupon | null;
  removeCoupon: () => void;
}

// The coupon lasts for the browser tab (sessionStorage); the cart itself is kept in
// localStorage under the cart key of SPEC.md point 4.
const COUPON_KEY = 'nexbyte_coupon';

function loadCart(): CartItem[] {
  try {
    const raw = window.localStorage.getItem(STORAGE_KEYS.cart);
    if (raw !== null) JSON.parse(raw);
    return parseStoredCart(raw);
  } catch (error) {
    console.error('Error al cargar el carrito:', error);
    return [];
  }
}

function saveCart(items: CartItem[]): void {
  try {
    window.localStorage.setItem(STORAGE_KEYS.cart, JSON.stringify(items));
  } catch (error) {
    console.error('Error al guardar el carrito:', error);
  }
}

function loadCoupon(): Coupon | null {
  try {
    return findCoupon(window.sessionStorage.getItem(COUPON_KEY));
  } catch {
    return null;
  }
}

function saveCoupon(coupon: Coupon | null): void {
  try {
    if (coupon) window.sessionStorage.setItem(COUPON_KEY, coupon.code);
    else window.sessionStorage.removeItem(COUPON_KEY);
  } catch (error) {
    console.warn('No se pudo guardar el cupón:', error);
  }
}

const CartContext = createContext<CartApi | null>(null);

export function CartProvider({ children }: { children: ReactNode }) {
  const [items, setItems] = useState<CartItem[]>(loadCart);
  const [coupon, setCoupon] = useState<Coupon | null>(loadCoupon);
  const [addedCount, setAddedCount] = useState(0);
  // The latest items, for callbacks that must answer synchronously (add returns its result).
  const itemsRef = useRef(items);
  // A change read from another tab is not written back (it would echo between tabs).
  const skipSave = useRef(true);

  const commit = useCallback((next: CartItem[]) => {
    itemsRef.current = next;
    setItems(next);
  }, []);

  useEffect(() => {
    if (skipSave.current) {
      skipSave.current = false;
      return;
    }
    saveCart(items);
  }, [items]);

  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== null && event.key !== STORAGE_KEYS.cart) return;
      skipSave.current = true;
      const next = loadCart();
      itemsRef.current = next;
      setItems(next);
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const add = useCallback(
    (product: CartProduct, qty = 1): AddResult => {
      const before = itemsRef.current;
      const next = addToCart(before, product, qty);
      if (cartItemCount(next) === cartItemCount(before)) {
        return typeof product.stock === 'number' && product.stock <= 0 ? 'out-of-stock' : 'limit';
      }
      commit(next);
      setAddedCount((n) => n + 1);
      return 'added';
    },
    [commit],
  );

  const remove = useCallback(
    (id: number) => {
      const removed = itemsRef.current.find((item) => item.id === id);
      if (removed) commit(removeFromCart(itemsRef.current, id));
      return removed;
    },
    [commit],
  );

  const restore = useCallback(
    (item: CartItem, index: number) => {
      const current = itemsRef.current;
      if (current.some((line) => line.id === item.id)) return;
      const next = [...current];
      next.splice(Math.min(index, next.length), 0, item);
      commit(next);
    },
    [commit],
  );

  const setQuantity = useCallback(
    (id: number, qty: unknown) => commit(updateQuantity(itemsRef.current, id, qty)),
    [commit],
  );

  const clear = useCallback(() => commit(clearCart()), [commit]);

  const applyCoupon = useCallback((code: string) => {
    const found = findCoupon(code);
    setCoupon(found);
    saveCoupon(found);
    return found;
  }, []);

  const removeCoupon = useCallback(() => {
    setCoupon(null);
    saveCoupon(null);
  }, []);

  const api = useMemo<CartApi>(
    () => ({
      items,
      count: cartItemCount(items),
      subtotal: cartSubtotal(items),
      coupon,
      addedCount,
      add,
      remove,
      restore,
      setQuantity,
      clear,
      applyCoupon,
      removeCoupon,
    }),
    [
      items,
      coupon,
      addedCount,
      add,
      remove,
      restore,
      setQuantity,
      clear,
      applyCoupon,
      removeCoupon,
    ],
  );

  return <CartContext.Provider value={api}>{children}</CartContext.Provider>;
}

export function useCart(): CartApi {
  const cart = useContext(CartContext);
  if (!cart) throw new Error('useCart debe ser usado dentro de un CartProvider');
  return cart;
}
