// localStorage can throw (private mode, quota, disabled storage) and holds whatever older
// versions of the app or a curious user left there. These helpers never throw: a failure is
// logged once here, with the key, and the caller gets a value it can act on.

export type StoredJson =
  { status: 'missing' } | { status: 'corrupt' } | { status: 'ok'; value: unknown };

export function readString(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch (error) {
    console.warn(`No se pudo leer '${key}' del almacenamiento local:`, error);
    return null;
  }
}

export function writeString(key: string, value: string): boolean {
  try {
    window.localStorage.setItem(key, value);
    return true;
  } catch (error) {
    console.warn(`No se pudo guardar '${key}' en el almacenamiento local:`, error);
    return false;
  }
}

export function removeKeys(...keys: string[]): void {
  for (const key of keys) {
    try {
      window.localStorage.removeItem(key);
    } catch (error) {
      console.warn(`No se pudo borrar '${key}' del almacenamiento local:`, error);
    }
  }
}

export function readJson(key: string): StoredJson {
  const raw = readString(key);
  if (raw === null) return { status: 'missing' };
  try {
    return { status: 'ok', value: JSON.parse(raw) as unknown };
  } catch (error) {
    console.warn(`El valor guardado en '${key}' no es JSON válido:`, error);
    return { status: 'corrupt' };
  }
}

export function writeJson(key: string, value: unknown): boolean {
  let raw: string;
  try {
    raw = JSON.stringify(value);
  } catch (error) {
    console.warn(`No se pudo convertir a JSON el valor de '${key}':`, error);
    return false;
  }
  return writeString(key, raw);
}
