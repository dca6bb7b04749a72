import { normalizeRun, type CuponDatos, type Cupon } from '@nexbyte/shared';
import { and, asc, count, eq, inArray, or, sql } from 'drizzle-orm';
import { customerEmailKey } from '../../customer-email';
import type { Db } from '../../db/client';
import { cupones, cuponUsos } from './coupons.schema';

export type CouponRow = typeof cupones.$inferSelect;

export function toCupon(row: CouponRow): Cupon {
  return {
    id: row.id,
    codigo: row.codigo,
    tipo: row.tipo as Cupon['tipo'],
    valor: Number(row.valor),
    label: row.label,
    validoDesde: row.validoDesde?.toISOString() ?? null,
    validoHasta: row.validoHasta?.toISOString() ?? null,
    minimoSubtotal: Number(row.minimoSubtotal),
    limiteTotal: row.limiteTotal,
    limitePorCliente: row.limitePorCliente,
    activo: row.activo,
    usos: row.usos,
    createdAt: row.createdAt.toISOString(),
  };
}

function toValues(input: CuponDatos) {
  return {
    codigo: input.codigo,
    tipo: input.tipo,
    // A free-shipping coupon has no amount of its own.
    valor: (input.tipo === 'shipping' ? 0 : input.valor).toFixed(2),
    label: input.label,
    validoDesde: input.validoDesde ? new Date(input.validoDesde) : null,
    validoHasta: input.validoHasta ? new Date(input.validoHasta) : null,
    minimoSubtotal: input.minimoSubtotal.toFixed(2),
    limiteTotal: input.limiteTotal,
    limitePorCliente: input.limitePorCliente,
    activo: input.activo,
  };
}

export async function listCouponRows(db: Db): Promise<CouponRow[]> {
  return db.select().from(cupones).orderBy(asc(cupones.codigo));
}

export async function findCouponRow(db: Db, id: number): Promise<CouponRow | null> {
  const [row] = await db.select().from(cupones).where(eq(cupones.id, id));
  return row ?? null;
}

export async function findCouponByCode(db: Db, codigo: string): Promise<CouponRow | null> {
  const [row] = await db.select().from(cupones).where(eq(cupones.codigo, codigo));
  return row ?? null;
}

export async function insertCoupon(db: Db, input: CuponDatos): Promise<CouponRow> {
  const [row] = await db.insert(cupones).values(toValues(input)).returning();
  return row!;
}

/**
 * A total limit below the uses already held would break the table's check: the caller answers
 * that as a validation error first.
 */
export async function updateCoupon(
  db: Db,
  id: number,
  input: CuponDatos,
): Promise<CouponRow | null> {
  const [row] = await db
    .update(cupones)
    .set({ ...toValues(input), updatedAt: sql`now()` })
    .where(eq(cupones.id, id))
    .returning();
  return row ?? null;
}

export async function deleteCouponRow(db: Db, id: number): Promise<boolean> {
  const rows = await db.delete(cupones).where(eq(cupones.id, id)).returning({ id: cupones.id });
  return rows.length > 0;
}

/**
 * Takes one use if the coupon is still on and has one left: the row's lock, held until the order
 * commits, makes concurrent buyers wait here one at a time, so the limit is never passed.
 */
export async function claimUse(db: Db, id: number): Promise<boolean> {
  const rows = await db
    .update(cupones)
    .set({ usos: sql`${cupones.usos} + 1` })
    .where(
      and(
        eq(cupones.id, id),
        eq(cupones.activo, true),
        sql`(${cupones.limiteTotal} is null or ${cupones.usos} < ${cupones.limiteTotal})`,
      ),
    )
    .returning({ id: cupones.id });
  return rows.length > 0;
}

/** Who holds a coupon's uses: an account (or none, a guest), an e-mail and a RUN if known. */
export interface CouponHolder {
  usuarioId: number | null;
  correo: string;
  run: string | null;
}

/**
 * Uses held by one buyer: those of their account, those under their e-mail as limits count it
 * (customerEmailKey: `ana+1@…` and `ana@…` are one person) and those under their RUN, whoever
 * placed them. So a guest cannot start afresh with a new alias, nor a customer by buying as guest.
 */
export async function usesBy(db: Db, cuponId: number, buyer: CouponHolder): Promise<number> {
  const who = [eq(cuponUsos.correoNormalizado, customerEmailKey(buyer.correo))];
  if (buyer.usuarioId !== null) who.push(eq(cuponUsos.usuarioId, buyer.usuarioId));
  if (buyer.run) who.push(eq(cuponUsos.run, normalizeRun(buyer.run)));
  const [row] = await db
    .select({ n: count() })
    .from(cuponUsos)
    .where(and(eq(cuponUsos.cuponId, cuponId), or(...who)));
  return row?.n ?? 0;
}

export async function recordUse(
  db: Db,
  use: { cuponId: number; pedidoId: number } & CouponHolder,
): Promise<void> {
  await db.insert(cuponUsos).values({
    ...use,
    correoNormalizado: customerEmailKey(use.correo),
    run: use.run ? normalizeRun(use.run) : null,
  });
}

/** Cancelled orders give their coupon's use back (decision 021). */
export async function releaseUses(db: Db, pedidoIds: readonly number[]): Promise<void> {
  if (pedidoIds.length === 0) return;
  const gone = await db
    .delete(cuponUsos)
    .where(inArray(cuponUsos.pedidoId, [...pedidoIds]))
    .returning({ cuponId: cuponUsos.cuponId });
  const perCoupon = new Map<number, number>();
  for (const g of gone) perCoupon.set(g.cuponId, (perCoupon.get(g.cuponId) ?? 0) + 1);
  for (const [id, n] of perCoupon) {
    await db
      .update(cupones)
      .set({ usos: sql`greatest(0, ${cupones.usos} - ${n})` })
      .where(eq(cupones.id, id));
  }
}
