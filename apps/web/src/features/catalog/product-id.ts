/** The id of /productos/detalle/{id}: a positive whole number, or null for anything else. */
export function parseProductId(raw: string | undefined): number | null {
  if (raw === undefined || !/^\d+$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

export function productPath(id: number): string {
  return `/productos/detalle/${id}`;
}
