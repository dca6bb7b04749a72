/** The id in an admin address (/admin/.../editar/:id), or null when it cannot be a database id. */
export function idFromParams(raw: string | undefined): number | null {
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
