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
  COUPON_KINDS,
  parseStoredCart,
  removeFromCart,
  updateQuantity,
  type CartItem,
  type CartProduct,
  type Coupon,
} from '@nexbyte/shared';
import { readString, removeKey, TAB_KEYS, writeJson, writeString } from '../../lib/storage';
import { useHydrated } from '../../lib/use-hydrated';

/** What adding did: put units in, hit the stock (or QTY_MAX) limit, or found no stock at all. */
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
  /** Keeps the coupon the server accepted (null: the code was refused, so none is applied). */
  applyCoupon: (coupon: Coupon | null) => void;
  removeCoupon: () => void;
}

// The coupon lasts for the browser tab; the cart itself is kept under the cart key of
// docs/product.md#storage-keys.
function loadCart(): CartItem[] {
  const raw = readString(STORAGE_KEYS.cart, { logAs: 'Error al cargar el carrito:' });
  try {
    // parseStoredCart reads unreadable text as an empty cart; it is logged here as an error.
    if (raw !== null) JSON.parse(raw);
  } catch (error) {
    console.error('Error al cargar el carrito:', error);
    return [];
  }
  return parseStoredCart(raw);
}

const saveCart = (items: CartItem[]) =>
  writeJson(STORAGE_KEYS.cart, items, { logAs: 'Error al guardar el carrito:' });

const TAB = { area: 'tab' } as const;

/** The coupon the server accepted in this tab; the checkout's quote judges it again. */
function loadCoupon(): Coupon | null {
  const raw = readString(TAB_KEYS.coupon, TAB);
  if (!raw) return null;
  try {
    const c = JSON.parse(raw) as Partial<Coupon>;
    const valid =
      typeof c.code === 'string' &&
      typeof c.label === 'string' &&
      typeof c.value === 'number' &&
      COUPON_KINDS.includes(c.kind as Coupon['kind']);
    return valid ? (c as Coupon) : null;
  } catch {
    // A code kept by an older version of the shop: the buyer applies it again.
    return null;
  }
}

function saveCoupon(coupon: Coupon | null): void {
  if (coupon) writeString(TAB_KEYS.coupon, JSON.stringify(coupon), TAB);
  else removeKey(TAB_KEYS.coupon, TAB);
}

const CartContext = createContext<CartApi | null>(null);
/** Whether the cart has been read from this browser's storage: see useCartRestored. */
const CartRestoredContext = createContext(true);

export function CartProvider({ children }: { children: ReactNode }) {
  // Hydrating a server-rendered page, the cart starts empty as the server drew it and is read
  // from storage right after.
  const hydrated = useHydrated();
  const [restored, setRestored] = useState(hydrated);
  const [items, setItems] = useState<CartItem[]>(() => (hydrated ? loadCart() : []));
  const [coupon, setCoupon] = useState<Coupon | null>(() => (hydrated ? loadCoupon() : null));
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
    if (restored) return;
    // Browser storage is an outside system the hydrating render had to leave unread. An empty
    // cart and no coupon are what the server drew: nothing changes, nothing draws again.
    const storedItems = loadCart();
    const storedCoupon = loadCoupon();
    /* eslint-disable react-hooks/set-state-in-effect */
    if (storedItems.length > 0) {
      skipSave.current = true;
      commit(storedItems);
    }
    if (storedCoupon) setCoupon(storedCoupon);
    setRestored(true);
    /* eslint-enable react-hooks/set-state-in-effect */
  }, [restored, commit]);

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

  const applyCoupon = useCallback((found: Coupon | null) => {
    setCoupon(found);
    saveCoupon(found);
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

  return (
    <CartContext.Provider value={api}>
      <CartRestoredContext.Provider value={restored}>{children}</CartRestoredContext.Provider>
    </CartContext.Provider>
  );
}

/**
 * Whether the cart has been read from this browser's storage: not yet while a server-rendered
 * page hydrates (the server drew an empty cart). A screen that must not say "empty" before it
 * knows waits for it; it is a context of its own, so the cart's other users are not drawn again
 * when it turns true.
 */
export function useCartRestored(): boolean {
  return useContext(CartRestoredContext);
}

export function useCart(): CartApi {
  const cart = useContext(CartContext);
  if (!cart) throw new Error('useCart debe ser usado dentro de un CartProvider');
  return cart;
}
