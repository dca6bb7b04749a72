import {
  COUPON_MESSAGES,
  CUPON_MESSAGES,
  normalizeCouponCode,
  type Coupon,
  type CouponKind,
  type CuponDatos,
  type Cupon,
} from '@nexbyte/shared';
import type { Db } from '../../db/client';
import { conflict, HttpError, notFound, uniqueViolation, badRequest } from '../../http-errors';
import {
  claimUse,
  deleteCouponRow,
  findCouponByCode,
  findCouponRow,
  insertCoupon,
  listCouponRows,
  recordUse,
  toCupon,
  updateCoupon,
  usesBy,
  type CouponHolder,
  type CouponRow,
} from './coupons.repository';

export { releaseUses } from './coupons.repository';

/** The buyer a coupon's per-customer limit counts: account, e-mail and RUN (see usesBy). */
export type CouponBuyer = CouponHolder;

/** A coupon that exists and is on: its arithmetic, and the row its rules come from. */
export interface FoundCoupon {
  coupon: Coupon;
  row: CouponRow;
}

/** Refused for a reason the shopper can act on; status 422 (409 when the uses ran out). */
export class CouponRefused extends HttpError {
  constructor(status: number, message: string) {
    super(status, message, { cupon: message });
  }
}

const toCoupon = (row: CouponRow): Coupon => ({
  code: row.codigo,
  kind: row.tipo as CouponKind,
  value: Number(row.valor),
  label: row.label,
});

/** An unknown or inactive code: the spec's 'Cupón inválido.'. */
export async function findUsableCoupon(
  db: Db,
  code: string | null | undefined,
): Promise<FoundCoupon | null> {
  const normalized = normalizeCouponCode(code);
  if (normalized === '') return null;
  const row = await findCouponByCode(db, normalized);
  if (!row || !row.activo) return null;
  return { coupon: toCoupon(row), row };
}

/**
 * The rules that do not need a lock: dates, the minimum subtotal, whether uses are left, and the
 * buyer's own uses. The order checks the last two again under the coupon's row lock.
 */
export async function checkCouponRules(
  db: Db,
  found: FoundCoupon,
  subtotal: number,
  buyer: CouponBuyer | null,
  now = new Date(),
): Promise<void> {
  const { row } = found;
  const code = row.codigo;
  if (row.validoDesde && now < row.validoDesde) {
    throw new CouponRefused(422, COUPON_MESSAGES.notYet(code));
  }
  if (row.validoHasta && now >= row.validoHasta) {
    throw new CouponRefused(422, COUPON_MESSAGES.expired(code));
  }
  const minimum = Number(row.minimoSubtotal);
  if (subtotal < minimum) throw new CouponRefused(422, COUPON_MESSAGES.minimum(code, minimum));
  if (row.limiteTotal !== null && row.usos >= row.limiteTotal) {
    throw new CouponRefused(409, COUPON_MESSAGES.exhausted(code));
  }
  if (buyer && row.limitePorCliente !== null) {
    if ((await usesBy(db, row.id, buyer)) >= row.limitePorCliente) {
      throw new CouponRefused(422, COUPON_MESSAGES.perCustomer(code));
    }
  }
}

/**
 * Counts the coupon's use inside the order's transaction: a conditional UPDATE takes one use (or
 * finds none left, a 409) and keeps the row locked until commit, so the buyer's own uses are
 * counted while nobody else can add one.
 */
export async function takeCouponUse(
  tx: Db,
  found: FoundCoupon,
  pedidoId: number,
  buyer: CouponBuyer,
): Promise<void> {
  const { row } = found;
  if (!(await claimUse(tx, row.id))) {
    throw new CouponRefused(409, COUPON_MESSAGES.exhausted(row.codigo));
  }
  if (row.limitePorCliente !== null && (await usesBy(tx, row.id, buyer)) >= row.limitePorCliente) {
    throw new CouponRefused(422, COUPON_MESSAGES.perCustomer(row.codigo));
  }
  await recordUse(tx, { cuponId: row.id, pedidoId, ...buyer });
}

// The admin's CRUD.

const duplicate = () => conflict(CUPON_MESSAGES.duplicado, { codigo: CUPON_MESSAGES.duplicado });

async function saving<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (uniqueViolation(err) !== null) throw duplicate();
    throw err;
  }
}

export async function listCoupons(db: Db): Promise<Cupon[]> {
  return (await listCouponRows(db)).map(toCupon);
}

export async function createCoupon(db: Db, input: CuponDatos): Promise<Cupon> {
  return toCupon(await saving(() => insertCoupon(db, input)));
}

export async function changeCoupon(db: Db, id: number, input: CuponDatos): Promise<Cupon> {
  const current = await findCouponRow(db, id);
  if (!current) throw notFound(CUPON_MESSAGES.noEncontrado);
  if (input.limiteTotal !== null && input.limiteTotal < current.usos) {
    const message = `El cupón ya tiene ${current.usos} usos: el límite no puede ser menor.`;
    throw badRequest(message, { limiteTotal: message });
  }
  const row = await saving(() => updateCoupon(db, id, input));
  if (!row) throw notFound(CUPON_MESSAGES.noEncontrado);
  return toCupon(row);
}

/** A coupon some order used stays for the record: it can only be deactivated. */
export async function deleteCoupon(db: Db, id: number): Promise<void> {
  const current = await findCouponRow(db, id);
  if (!current) throw notFound(CUPON_MESSAGES.noEncontrado);
  if (current.usos > 0) throw conflict(CUPON_MESSAGES.conUsos);
  await deleteCouponRow(db, id);
}
