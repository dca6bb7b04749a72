import { QTY_MAX, QTY_MIN } from './constants';

export interface CartProduct {
  id: number;
  nombre: string;
  precio: number;
  imagen?: string | null;
  stock?: number;
  categoria?: { id: number; nombre: string } | null;
  [k: string]: unknown;
}

export type CartItem = CartProduct & { qty: number };

/** Said when a line asks for more units of one product than an order may take. */
export const maxUnitsMessage = (max: number) =>
  `Puedes llevar hasta ${max} unidades de un mismo producto por pedido.`;

/**
 * Turns whatever the quantity input holds into a quantity the cart accepts.
 * Strings follow parseInt ('7.9' → 7, '3 unidades' → 3) because that is how the stepper
 * input has always been read; anything unreadable falls back to the minimum, never to 0.
 */
export function clampQuantity(raw: unknown): number {
  const parsed = typeof raw === 'number' ? Math.trunc(raw) : Number.parseInt(String(raw), 10);
  if (Number.isNaN(parsed)) return QTY_MIN;
  return Math.min(QTY_MAX, Math.max(QTY_MIN, parsed));
}

/** Highest quantity a line may hold: the cart limit, lowered to the stock when it is known. */
export function maxQuantityFor(product: CartProduct): number {
  if (typeof product.stock !== 'number' || Number.isNaN(product.stock)) return QTY_MAX;
  // A line already in the cart keeps at least one unit even if the stock ran out meanwhile;
  // the server has the last word at checkout.
  return Math.max(QTY_MIN, Math.min(QTY_MAX, Math.floor(product.stock)));
}

function isOutOfStock(product: CartProduct): boolean {
  return typeof product.stock === 'number' && product.stock <= 0;
}

export function addToCart(
  items: readonly CartItem[],
  product: CartProduct,
  qty: number = 1,
): CartItem[] {
  if (isOutOfStock(product)) return [...items];
  const units = clampQuantity(qty);
  const existing = items.find((item) => item.id === product.id);
  if (!existing) {
    return [...items, { ...product, qty: Math.min(units, maxQuantityFor(product)) }];
  }
  return items.map((item) => {
    if (item.id !== product.id) return item;
    // The freshly loaded product wins over the stored copy, so price and stock stay current.
    const merged = { ...item, ...product };
    return { ...merged, qty: Math.min(item.qty + units, maxQuantityFor(merged)) };
  });
}

export function removeFromCart(items: readonly CartItem[], id: number): CartItem[] {
  return items.filter((item) => item.id !== id);
}

export function updateQuantity(
  items: readonly CartItem[],
  id: number,
  rawQty: unknown,
): CartItem[] {
  return items.map((item) =>
    item.id === id ? { ...item, qty: Math.min(clampQuantity(rawQty), maxQuantityFor(item)) } : item,
  );
}

export function clearCart(): CartItem[] {
  return [];
}

/** precio may arrive as a string or be missing in old stored carts; those count as 0. */
export function unitPrice(item: { precio?: unknown }): number {
  const price = Number(item.precio);
  return Number.isFinite(price) ? price : 0;
}

export function cartSubtotal(items: readonly CartItem[]): number {
  const total = items.reduce((sum, item) => sum + item.qty * unitPrice(item), 0);
  // Prices may carry cents; rounding to cents keeps float noise (0.1 + 0.2) out of the totals.
  return Math.round(total * 100) / 100;
}

export function cartItemCount(items: readonly CartItem[]): number {
  return items.reduce((count, item) => count + item.qty, 0);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function toCartItem(entry: unknown): CartItem | null {
  if (!isRecord(entry)) return null;
  const { id, nombre } = entry;
  if (typeof id !== 'number' || !Number.isInteger(id) || typeof nombre !== 'string') return null;
  const item: CartItem = {
    ...entry,
    id,
    nombre,
    precio: unitPrice(entry),
    qty: clampQuantity(entry.qty),
  };
  if (item.stock !== undefined && typeof item.stock !== 'number') delete item.stock;
  return item;
}

/**
 * Reads the cart kept in local storage. Storage is written by older versions of the app and
 * can be edited by hand, so every line is checked and a broken one is dropped instead of
 * breaking the whole cart.
 */
export function parseStoredCart(raw: string | null): CartItem[] {
  if (raw === null) return [];
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(data)) return [];
  const items: CartItem[] = [];
  for (const entry of data) {
    const item = toCartItem(entry);
    if (item && !items.some((kept) => kept.id === item.id)) items.push(item);
  }
  return items;
}
