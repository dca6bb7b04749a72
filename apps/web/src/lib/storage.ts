// Browser storage can throw (private mode, quota, disabled storage) and holds whatever older
// versions of the app or a curious user left there. These helpers never throw: a failure is
// logged once here, with the key, and the caller gets a value it can act on. Every key the app
// keeps goes through them.

/** 'local' lasts across visits (STORAGE_KEYS, docs/product.md#storage-keys); 'tab' ends with the browser tab. */
export type StorageArea = 'local' | 'tab';

/** The keys kept for the tab only. */
export const TAB_KEYS = {
  coupon: 'nexbyte_coupon',
  checkoutAttempt: 'nexbyte_checkout_key',
  guestOrders: 'nexbyte_pedidos_invitado',
  /** The order whose buyer left for Webpay and has not come back to it yet. */
  paymentInProgress: 'nexbyte_pago_en_curso',
} as const;

/** The app's keys kept across visits besides STORAGE_KEYS. */
export const LOCAL_KEYS = {
  /** The build in progress of /arma-tu-pc, as its address's query. */
  pcBuild: 'nexbyte_arma_tu_pc',
  /** The products chosen to compare, up to four of one category (/comparar). */
  compare: 'nexbyte_comparar',
} as const;

export type StoredJson =
  { status: 'missing' } | { status: 'corrupt' } | { status: 'ok'; value: unknown };

interface StorageOptions {
  area?: StorageArea;
  /** The log's words when the browser refuses, e.g. 'Error al guardar el carrito:' (docs/product.md#messages). */
  logAs?: string;
}

const AREA_NAMES: Record<StorageArea, string> = {
  local: 'el almacenamiento local',
  tab: 'el almacenamiento de la pestaña',
};

/** Runs one storage call; a refusal is logged with the key and gives `failed`. */
function attempt<T>(
  verb: string,
  key: string,
  { area = 'local', logAs }: StorageOptions,
  call: (storage: Storage) => T,
  failed: T,
): T {
  // The server render has no browser storage: every key reads as missing, nothing is logged.
  if (typeof window === 'undefined') return failed;
  try {
    // Reading window.sessionStorage itself throws where storage is disabled.
    return call(area === 'local' ? window.localStorage : window.sessionStorage);
  } catch (error) {
    console.warn(logAs ?? `No se pudo ${verb} '${key}' en ${AREA_NAMES[area]}:`, error);
    return failed;
  }
}

export function readString(key: string, options: StorageOptions = {}): string | null {
  return attempt('leer', key, options, (storage) => storage.getItem(key), null);
}

export function writeString(key: string, value: string, options: StorageOptions = {}): boolean {
  return attempt('guardar', key, options, (storage) => (storage.setItem(key, value), true), false);
}

export function removeKey(key: string, options: StorageOptions = {}): void {
  attempt('borrar', key, options, (storage) => storage.removeItem(key), undefined);
}

export function removeKeys(...keys: string[]): void {
  for (const key of keys) removeKey(key);
}

export function readJson(key: string, options: StorageOptions = {}): StoredJson {
  const raw = readString(key, options);
  if (raw === null) return { status: 'missing' };
  try {
    return { status: 'ok', value: JSON.parse(raw) as unknown };
  } catch (error) {
    console.warn(`El valor guardado en '${key}' no es JSON válido:`, error);
    return { status: 'corrupt' };
  }
}

export function writeJson(key: string, value: unknown, options: StorageOptions = {}): boolean {
  let raw: string;
  try {
    raw = JSON.stringify(value);
  } catch (error) {
    console.warn(`No se pudo convertir a JSON el valor de '${key}':`, error);
    return false;
  }
  return writeString(key, raw, options);
}
