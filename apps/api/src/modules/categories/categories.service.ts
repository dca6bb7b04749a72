import type { CategoriaDetalle, categoriaInputSchema } from '@nexbyte/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { conflict, notFound, uniqueViolation } from '../../http-errors';
import {
  activateCategory,
  deactivateCategoryIfEmpty,
  findCategory,
  insertCategory,
  nameTaken,
  updateCategory,
  type CategoryValues,
} from './categories.repository';

/** A category's form as the route validated it. */
type CategoriaInput = z.output<typeof categoriaInputSchema>;

/** What the categories module offers the others. */
export {
  categoryActive,
  categoryExists,
  hasCategories,
  listCategories,
  listPublishedCategories,
  type PublishedCategory,
} from './categories.repository';

export const CATEGORY_MESSAGES = {
  notFound: 'Categoría no encontrada.',
  nameTaken: 'Ya existe una categoría con ese nombre.',
  hasActiveProducts: (n: number) =>
    `No se puede desactivar: la categoría tiene ${n} ${n === 1 ? 'producto activo' : 'productos activos'}. Desactívalos o muévelos a otra categoría primero.`,
} as const;

const nameTakenError = () =>
  conflict(CATEGORY_MESSAGES.nameTaken, { nombre: CATEGORY_MESSAGES.nameTaken });

const toValues = (input: CategoriaInput): CategoryValues => ({
  nombre: input.nombre.trim(),
  imagen: input.imagen ?? null,
});

/**
 * The name is checked without case first ('monitores' and 'Monitores' are one category to a
 * shopper); the table's unique constraint still settles two requests racing with one name.
 */
async function saving<T>(
  db: Db,
  values: CategoryValues,
  exceptId: number | undefined,
  write: () => Promise<T>,
) {
  if (await nameTaken(db, values.nombre, exceptId)) throw nameTakenError();
  try {
    return await write();
  } catch (err) {
    if (uniqueViolation(err) !== null) throw nameTakenError();
    throw err;
  }
}

export async function createCategory(db: Db, input: CategoriaInput): Promise<CategoriaDetalle> {
  const values = toValues(input);
  const id = await saving(db, values, undefined, () => insertCategory(db, values));
  return (await findCategory(db, id))!;
}

export async function changeCategory(
  db: Db,
  id: number,
  input: CategoriaInput,
): Promise<CategoriaDetalle> {
  const values = toValues(input);
  const found = await saving(db, values, id, () => updateCategory(db, id, values));
  if (!found) throw notFound(CATEGORY_MESSAGES.notFound);
  return (await findCategory(db, id))!;
}

/**
 * Deactivating hides the category from the shop. It is refused while any of its products is on
 * sale: the shop would list products whose category it no longer shows.
 */
export async function setCategoryActive(
  db: Db,
  id: number,
  activo: boolean,
): Promise<CategoriaDetalle> {
  if (activo) {
    if (!(await activateCategory(db, id))) throw notFound(CATEGORY_MESSAGES.notFound);
    return (await findCategory(db, id))!;
  }
  if (await deactivateCategoryIfEmpty(db, id)) return (await findCategory(db, id))!;
  const current = await findCategory(db, id);
  if (!current) throw notFound(CATEGORY_MESSAGES.notFound);
  throw conflict(CATEGORY_MESSAGES.hasActiveProducts(current.productos));
}
