import type { ProductosQuery } from '@nexbyte/shared';
import { sql, type SQL } from 'drizzle-orm';
import { productos } from './products.schema';

// The brand and specification filters of a product list (`marca`, `espec`), read from the query
// as the shop's links write them, and turned into conditions on productos.

/** More would only make a slow query out of a hand-written address. */
const BRANDS_MAX = 20;
const SPEC_VALUES_MAX = 40;

const unique = <T>(items: T[]) => [...new Set(items)];

/** 'Logitech,Razer' → ['Logitech', 'Razer']: any of them. */
export function parseBrands(marca: ProductosQuery['marca']): string[] {
  if (!marca) return [];
  return unique(
    marca
      .split(',')
      .map((b) => b.trim())
      .filter(Boolean),
  ).slice(0, BRANDS_MAX);
}

/** Chosen specification values, by name: values of one name are alternatives. */
export type SpecFilter = Map<string, string[]>;

/**
 * `espec=Capacidad:1 TB&espec=Interfaz:NVMe`, or the same joined by commas. A comma splits only
 * where another `nombre:` follows, so a value written the Chilean way ('2,5"') stays whole; the
 * first colon ends the name, so a value may hold colons ('16:9').
 */
export function parseSpecs(espec: ProductosQuery['espec']): SpecFilter {
  const parts = (Array.isArray(espec) ? espec : espec ? [espec] : []).flatMap((p) =>
    p.split(/,(?=[^,:]+:)/),
  );
  const specs: SpecFilter = new Map();
  let count = 0;
  for (const part of parts) {
    const colon = part.indexOf(':');
    if (colon <= 0) continue;
    const nombre = part.slice(0, colon).trim();
    const valor = part.slice(colon + 1).trim();
    if (!nombre || !valor || count >= SPEC_VALUES_MAX) continue;
    const values = specs.get(nombre) ?? [];
    if (!values.includes(valor)) {
      values.push(valor);
      count += 1;
    }
    specs.set(nombre, values);
  }
  return specs;
}

/** The product has one of these brands (letter case aside: productos_marca_lower_idx). */
export function brandCondition(brands: string[]): SQL | null {
  if (brands.length === 0) return null;
  const lowered = brands.map((b) => b.toLowerCase());
  return sql`lower(${productos.marca}) in (${sql.join(
    lowered.map((b) => sql`${b}`),
    sql`, `,
  )})`;
}

/** The product holds `nombre: valor` for one of the values: a containment test (GIN index). */
export function specCondition(nombre: string, values: string[]): SQL {
  const tests = values.map(
    (valor) => sql`${productos.especificaciones} @> ${JSON.stringify([{ nombre, valor }])}::jsonb`,
  );
  return sql`(${sql.join(tests, sql` or `)})`;
}

/** Every chosen name must hold, each with any of its values. */
export const specConditions = (specs: SpecFilter): SQL[] =>
  [...specs].map(([nombre, values]) => specCondition(nombre, values));
