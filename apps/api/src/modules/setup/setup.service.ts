import type { Db } from '../../db/client';
import { hasCategories } from '../categories/categories.service';
import { hasProducts } from '../products/products.service';

/** Whether any category and any product exist, active or not: two index probes, no counts. */
export async function hasCatalogue(db: Db): Promise<{ categoria: boolean; producto: boolean }> {
  const [categoria, producto] = await Promise.all([hasCategories(db), hasProducts(db)]);
  return { categoria, producto };
}
