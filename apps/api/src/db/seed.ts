import { computeRunCheckDigit } from '@nexbyte/shared';
import { eq, inArray, sql } from 'drizzle-orm';
import type { AppConfig } from '../config';
import { hashPassword } from '../passwords';
import type { Db } from './client';
import {
  DEMO_CATEGORIAS,
  DEMO_CUPONES,
  DEMO_PRODUCTOS,
  DEMO_RETIRO,
  demoFichaOf,
} from './demo-data';
import { seedDemoTickets } from './demo-tickets';
import { categorias } from '../modules/categories/categories.schema';
import { contactos } from '../modules/contact/contact.schema';
import { appMeta } from './app-meta.schema';
import { productos } from '../modules/products/products.schema';
import { usuarios } from '../modules/users/users.schema';
import { cupones } from '../modules/coupons/coupons.schema';
import { retiroTienda } from '../modules/shipping/shipping.schema';
import { demoMedidasOf } from './demo-parcels';

const DEMO_MARKER = 'demo_data_loaded_at';
/** Apart from the catalogue's, so a demo shop seeded before coupons lived in the database gets them. */
const DEMO_PROMOTIONS_MARKER = 'demo_promotions_loaded_at';
// Any fixed number works: it only has to be the same in every instance that may seed at once.
const SEED_LOCK = 724_001;

const runOf = (body: string) => `${body}-${computeRunCheckDigit(body)}`;

export const DEMO_CLIENT = { correo: 'cliente@gmail.com', password: 'cliente123' } as const;

/** Whether seedDemoData has anything left to load: the catalogue, or an older demo's promotions. */
export async function demoPending(db: Db): Promise<boolean> {
  const loaded = await db
    .select({ key: appMeta.key })
    .from(appMeta)
    .where(inArray(appMeta.key, [DEMO_MARKER, DEMO_PROMOTIONS_MARKER]));
  return loaded.length < 2;
}

/**
 * Loads the demo catalogue and accounts once. A marker row, written in the same transaction under an
 * advisory lock, makes a second run (or a second instance starting at the same time) a no-op.
 * `demoClient: false` leaves out the demo client, whose password README prints: production's start
 * asks for that (the admin's password there is ADMIN_PASSWORD, never the demo's).
 */
export async function seedDemoData(
  db: Db,
  config: Pick<AppConfig, 'admin'>,
  { demoClient = true }: { demoClient?: boolean } = {},
): Promise<boolean> {
  const [adminHash, clientHash] = await Promise.all([
    hashPassword(config.admin.password),
    demoClient ? hashPassword(DEMO_CLIENT.password) : null,
  ]);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    await seedDemoPromotions(tx);
    const done = await tx.select().from(appMeta).where(eq(appMeta.key, DEMO_MARKER));
    if (done.length > 0) return false;

    const cats = await tx
      .insert(categorias)
      .values(DEMO_CATEGORIAS.map((c) => ({ nombre: c.nombre })))
      .onConflictDoNothing()
      .returning();
    const allCats =
      cats.length === DEMO_CATEGORIAS.length ? cats : await tx.select().from(categorias);
    const catByName = new Map<string, number>(allCats.map((c) => [c.nombre, c.id]));
    const imageByName = new Map<string, string>(DEMO_CATEGORIAS.map((c) => [c.nombre, c.imagen]));

    // Older first, so "Más recientes" shows the end of the list first; one hour apart.
    const now = Date.now();
    await tx.insert(productos).values(
      DEMO_PRODUCTOS.map((p, i) => ({
        nombre: p.nombre,
        descripcion: p.descripcion,
        precio: p.precio.toFixed(2),
        stock: p.stock,
        activo: p.activo ?? true,
        categoriaId: catByName.get(p.categoria)!,
        imagen:
          p.conImagen === false ? null : `/img/categorias/${imageByName.get(p.categoria)}.svg`,
        createdAt: new Date(now - (DEMO_PRODUCTOS.length - i) * 3_600_000),
        ...demoFichaOf(p.nombre),
        ...demoMedidasOf(p.nombre, p.categoria),
      })),
    );

    await tx
      .insert(usuarios)
      .values([
        {
          run: runOf('11111111'),
          nombre: 'Administradora',
          apellidos: 'Nexbyte',
          correo: config.admin.email,
          passHash: adminHash,
          role: 'ADMIN',
          telefono: '9 1111 2222',
          region: 'Metropolitana de Santiago',
          comuna: 'Santiago',
          direccion: 'Av. Libertador Bernardo O’Higgins 1234',
        },
        ...(clientHash === null
          ? []
          : [
              {
                run: runOf('12345678'),
                nombre: 'Camila',
                apellidos: 'Rojas Muñoz',
                correo: DEMO_CLIENT.correo,
                passHash: clientHash,
                role: 'CLIENT',
                telefono: '9 8765 4321',
                region: 'Valparaíso',
                comuna: 'Viña del Mar',
                direccion: 'Calle Valparaíso 456, depto. 32',
              },
            ]),
      ])
      .onConflictDoNothing();

    await tx.insert(contactos).values({
      nombre: 'Jorge Soto',
      email: 'jorge.soto@gmail.com',
      mensaje: '¿Tienen stock del SSD Kingston NV2 para retiro en tienda esta semana?',
    });
    await seedDemoTickets(tx, config.admin.email);

    await tx.insert(appMeta).values({ key: DEMO_MARKER, value: new Date().toISOString() });
    return true;
  });
}

/** The spec's coupons and a pickup point, once (decision 021); a clean install has neither. */
async function seedDemoPromotions(tx: Db): Promise<void> {
  const done = await tx.select().from(appMeta).where(eq(appMeta.key, DEMO_PROMOTIONS_MARKER));
  if (done.length > 0) return;
  await tx
    .insert(cupones)
    .values(DEMO_CUPONES.map((c) => ({ ...c, valor: c.valor.toFixed(2) })))
    .onConflictDoNothing();
  await tx
    .insert(retiroTienda)
    .values({ id: 1, ...DEMO_RETIRO })
    .onConflictDoNothing();
  await tx.insert(appMeta).values({ key: DEMO_PROMOTIONS_MARKER, value: new Date().toISOString() });
}
