import {
  DEFAULT_SHIPPING_RULE,
  REGION_NAMES,
  type AjustesEnvio,
  type RetiroTienda,
  type TarifaEnvio,
} from '@nexbyte/shared';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { retiroTienda, tarifasEnvio } from './shipping.schema';

const money = (v: number) => v.toFixed(2);

/** Every región in the country's order, with the admin's rule or the spec's. */
export async function loadShippingSettings(db: Db): Promise<AjustesEnvio> {
  const [rows, [pickup]] = await Promise.all([
    db.select().from(tarifasEnvio),
    db.select().from(retiroTienda).where(eq(retiroTienda.id, 1)),
  ]);
  const byRegion = new Map(rows.map((r) => [r.region, r]));
  return {
    regiones: REGION_NAMES.map((region) => {
      const row = byRegion.get(region);
      return row
        ? {
            region,
            precio: Number(row.precio),
            envioGratisDesde: row.envioGratisDesde === null ? null : Number(row.envioGratisDesde),
          }
        : {
            region,
            precio: DEFAULT_SHIPPING_RULE.fee,
            envioGratisDesde: DEFAULT_SHIPPING_RULE.freeFrom,
          };
    }),
    retiro: pickup
      ? {
          activo: pickup.activo,
          region: pickup.region,
          comuna: pickup.comuna,
          direccion: pickup.direccion,
          horario: pickup.horario,
        }
      : null,
  };
}

/** The pickup point, only when it is on. */
export async function activePickup(db: Db): Promise<RetiroTienda | null> {
  const [row] = await db.select().from(retiroTienda).where(eq(retiroTienda.id, 1));
  return row?.activo
    ? {
        activo: true,
        region: row.region,
        comuna: row.comuna,
        direccion: row.direccion,
        horario: row.horario,
      }
    : null;
}

/** One región's rule; the spec's when the admin never priced it. */
export async function regionRule(db: Db, region: string): Promise<TarifaEnvio> {
  const [row] = await db.select().from(tarifasEnvio).where(eq(tarifasEnvio.region, region));
  return row
    ? {
        region,
        precio: Number(row.precio),
        envioGratisDesde: row.envioGratisDesde === null ? null : Number(row.envioGratisDesde),
      }
    : {
        region,
        precio: DEFAULT_SHIPPING_RULE.fee,
        envioGratisDesde: DEFAULT_SHIPPING_RULE.freeFrom,
      };
}

export async function saveShippingSettings(
  db: Db,
  regiones: readonly TarifaEnvio[],
  retiro: RetiroTienda | null,
): Promise<void> {
  await db.transaction(async (tx) => {
    if (regiones.length > 0) {
      await tx
        .insert(tarifasEnvio)
        .values(
          regiones.map((t) => ({
            region: t.region,
            precio: money(t.precio),
            envioGratisDesde: t.envioGratisDesde === null ? null : money(t.envioGratisDesde),
          })),
        )
        .onConflictDoUpdate({
          target: tarifasEnvio.region,
          set: {
            precio: sql`excluded.precio`,
            envioGratisDesde: sql`excluded.envio_gratis_desde`,
            updatedAt: sql`now()`,
          },
        });
    }
    if (retiro === null) {
      await tx.delete(retiroTienda);
      return;
    }
    const values = { ...retiro, updatedAt: sql`now()` };
    await tx
      .insert(retiroTienda)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: retiroTienda.id, set: values });
  });
}
