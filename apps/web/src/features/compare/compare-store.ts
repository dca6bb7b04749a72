import { useCallback, useSyncExternalStore } from 'react';
import { LOCAL_KEYS, readJson, writeJson } from '../../lib/storage';

// The products chosen to compare (docs/product.md#comparar): kept in the browser's local storage,
// so the choice survives navigation, a reload and other tabs; the server render sees none.

/** Products compared at once, side by side. */
export const COMPARE_MAX = 4;

/** What the choice keeps of a product: enough for the tray and the category rule. */
export interface ComparedProduct {
  id: number;
  nombre: string;
  categoria: { id: number; nombre: string };
}

export const COMPARE_MESSAGES = {
  full: `Puedes comparar hasta ${COMPARE_MAX} productos. Quita uno para agregar otro.`,
  otherCategory: (chosen: string, other: string) =>
    `Solo se comparan productos de una misma categoría: tu comparación es de ${chosen}. Vacíala para comparar ${other}.`,
} as const;

export type AddResult = 'added' | 'full' | 'otherCategory';

const CHANGE_EVENT = 'nexbyte-compare-change';
const EMPTY: readonly ComparedProduct[] = [];

const isCompared = (v: unknown): v is ComparedProduct => {
  const p = v as ComparedProduct | null;
  return (
    typeof p === 'object' &&
    p !== null &&
    Number.isInteger(p.id) &&
    typeof p.nombre === 'string' &&
    typeof p.categoria === 'object' &&
    p.categoria !== null &&
    Number.isInteger(p.categoria.id) &&
    typeof p.categoria.nombre === 'string'
  );
};

// The snapshot keeps its identity while storage holds the same text, as useSyncExternalStore needs.
let lastRaw: string | null = null;
let lastItems: readonly ComparedProduct[] = EMPTY;

function readItems(): readonly ComparedProduct[] {
  const stored = readJson(LOCAL_KEYS.compare);
  const raw = stored.status === 'ok' ? JSON.stringify(stored.value) : null;
  if (raw === lastRaw) return lastItems;
  lastRaw = raw;
  // Whatever an older version or a hand left there: only well-formed products, one category.
  const value = stored.status === 'ok' && Array.isArray(stored.value) ? stored.value : [];
  const items = value.filter(isCompared);
  const first = items[0]?.categoria.id;
  lastItems = items.filter((p) => p.categoria.id === first).slice(0, COMPARE_MAX);
  return lastItems;
}

function writeItems(items: readonly ComparedProduct[]): void {
  writeJson(LOCAL_KEYS.compare, items, { logAs: 'Error al guardar la comparación:' });
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener(CHANGE_EVENT, onChange);
  // Another tab changed it.
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(CHANGE_EVENT, onChange);
    window.removeEventListener('storage', onChange);
  };
}

/** Whether `product` may join `items`: the same category, and room left. */
export function canAdd(items: readonly ComparedProduct[], product: ComparedProduct): AddResult {
  if (items.length > 0 && items[0]!.categoria.id !== product.categoria.id) return 'otherCategory';
  if (items.length >= COMPARE_MAX) return 'full';
  return 'added';
}

/** The chosen products and the ways to change them; none on the server and while hydrating. */
export function useComparison() {
  const items = useSyncExternalStore(subscribe, readItems, () => EMPTY);

  const add = useCallback((product: ComparedProduct): AddResult => {
    const current = readItems();
    if (current.some((p) => p.id === product.id)) return 'added';
    const result = canAdd(current, product);
    if (result === 'added') {
      const { id, nombre, categoria } = product;
      writeItems([
        ...current,
        { id, nombre, categoria: { id: categoria.id, nombre: categoria.nombre } },
      ]);
    }
    return result;
  }, []);

  const remove = useCallback((id: number) => {
    writeItems(readItems().filter((p) => p.id !== id));
  }, []);

  const clear = useCallback(() => writeItems([]), []);

  return { items, add, remove, clear };
}
