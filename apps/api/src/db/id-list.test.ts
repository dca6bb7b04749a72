import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categorias } from '../modules/categories/categories.schema';
import { freshDatabase } from '../test/test-app';
import { idIn } from './id-list';

describe('idIn', () => {
  let fresh: Awaited<ReturnType<typeof freshDatabase>>;
  beforeAll(async () => {
    fresh = await freshDatabase();
    await fresh.database.db
      .insert(categorias)
      .values(Array.from({ length: 60 }, (_, i) => ({ id: 1000 + i, nombre: `Categoría ${i}` })));
  });
  afterAll(async () => {
    await fresh.database.close();
    await fresh.drop();
  });

  const idsOf = async (ids: number[]) =>
    (
      await fresh.database.db
        .select({ id: categorias.id })
        .from(categorias)
        .where(idIn(categorias.id, ids))
        .orderBy(categorias.id)
    ).map((row) => row.id);

  it('finds the rows whose id is in the list, on either database', async () => {
    const wanted = Array.from({ length: 48 }, (_, i) => 1000 + ((i * 7) % 60));
    expect(await idsOf([...wanted, 99_999])).toEqual([...new Set(wanted)].sort((a, b) => a - b));
    expect(await idsOf([1003])).toEqual([1003]);
    expect(await idsOf([])).toEqual([]);
  });

  it('sends the list as one parameter, however long it is', () => {
    const query = fresh.database.db
      .select({ id: categorias.id })
      .from(categorias)
      .where(idIn(categorias.id, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]))
      .toSQL();
    expect(query.params).toEqual([[1, 2, 3, 4, 5, 6, 7, 8, 9, 10]]);
    expect(query.sql).toContain('= any($1::int[])');
  });
});
