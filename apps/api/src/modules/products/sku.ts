import { badRequest } from '../../http-errors';

/**
 * The SKU the database gives a product saved without one (migration 0008's trigger): `NB-` and the
 * id in six digits or more. The shop keeps that form for itself: a SKU typed or imported as
 * `NB-000061` would take the value product 61 gets when created without a SKU, and that product
 * could then not be created at all. A product may keep (or take back) its own.
 */
const GENERATED_SKU = /^NB-\d{6,}(?:-\d+)?$/;

export const generatedSku = (id: number) => `NB-${String(id).padStart(6, '0')}`;

export const SKU_RESERVED =
  'Los SKU con la forma NB-000123 los asigna la tienda a los productos sin SKU: deja el SKU vacío o usa otro.';

/** Whether a product (`id`, or a new one) may not take this SKU because the shop reserves it. */
export const skuReservedFor = (sku: string, id?: number) =>
  GENERATED_SKU.test(sku) && (id === undefined || sku !== generatedSku(id));

/** A 400 the form shows beside the SKU field. */
export const skuReserved = () => badRequest(SKU_RESERVED, { sku: SKU_RESERVED });
