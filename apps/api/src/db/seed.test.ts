import { count, eq, lte } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase, testConfig } from '../test/test-app';
import type { Database } from './client';
import { categorias } from '../modules/categories/categories.schema';
import { productos } from '../modules/products/products.schema';
import { soporteCotizaciones, solicitudesSoporte } from '../modules/support/support.schema';
import { usuarios } from '../modules/users/users.schema';
import { seedDemoData } from './seed';

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await freshDatabase());
  await database.migrate();
  // A clean install (SEED_DEMO_DATA=false never calls the seed) has no support tickets.
  expect(await database.db.select().from(solicitudesSoporte)).toEqual([]);
});
afterAll(async () => {
  await database.close();
  await drop();
});

const countOf = async (table: typeof productos | typeof categorias | typeof usuarios) =>
  (await database.db.select({ n: count() }).from(table))[0]!.n;

describe('demo data', () => {
  it('loads a realistic catalogue and the two demo accounts once, never twice', async () => {
    const config = testConfig();
    expect(await seedDemoData(database.db, config)).toBe(true);
    const counts = [await countOf(productos), await countOf(categorias), await countOf(usuarios)];
    expect(await seedDemoData(database.db, config)).toBe(false);
    await Promise.all([seedDemoData(database.db, config), seedDemoData(database.db, config)]);
    expect([await countOf(productos), await countOf(categorias), await countOf(usuarios)]).toEqual(
      counts,
    );
    expect(counts[0]).toBeGreaterThanOrEqual(40);
    expect(counts[1]).toBeGreaterThanOrEqual(6);
    expect(counts[2]).toBe(2);
  });

  it('has low stock, no stock and an inactive product among the demo products', async () => {
    const low = await database.db.select().from(productos).where(lte(productos.stock, 5));
    expect(low.filter((p) => p.stock > 0).length).toBeGreaterThanOrEqual(3);
    expect(low.filter((p) => p.stock === 0).length).toBeGreaterThanOrEqual(1);
    const inactive = await database.db.select().from(productos).where(eq(productos.activo, false));
    expect(inactive).toHaveLength(1);
  });

  it('creates the admin from the configuration and the demo client', async () => {
    const users = await database.db.select().from(usuarios);
    expect(users.map((u) => [u.correo, u.role]).sort()).toEqual([
      ['admin@duoc.cl', 'ADMIN'],
      ['cliente@gmail.com', 'CLIENT'],
    ]);
    expect(users.every((u) => u.passHash.startsWith('$argon2id$'))).toBe(true);
  });

  it("fills the repair desk's board with tickets in a few states", async () => {
    const tickets = await database.db.select().from(solicitudesSoporte);
    expect(tickets.map((t) => [t.tipo, t.estado]).sort()).toEqual([
      ['GARANTIA', 'EN_FABRICANTE'],
      ['REPARACION', 'COTIZADA'],
      ['REPARACION', 'EN_REPARACION'],
      ['REPARACION', 'RECIBIDA'],
    ]);
    const quotes = await database.db.select().from(soporteCotizaciones);
    const quoted = tickets.find((t) => t.estado === 'COTIZADA')!;
    expect(quotes.find((q) => q.solicitudId === quoted.id)).toMatchObject({ estado: 'PENDIENTE' });
    const client = tickets.find((t) => t.estado === 'EN_REPARACION')!;
    expect(client.usuarioId).not.toBeNull();
  });
});
