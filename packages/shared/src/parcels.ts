import { z } from 'zod';

/** A product in its own packaging: weight in kg, sides in cm (docs/product.md#parcels). */
export interface Medidas {
  pesoKg: number;
  largoCm: number;
  anchoCm: number;
  altoCm: number;
}

/** What a carrier rates: the order's box with everything in it. */
export type Bulto = Medidas;

export const PESO_MAX_KG = 1000;
export const LADO_MAX_CM = 500;

/**
 * A product whose weight or size nobody entered yet counts as a boxed mid-size part (a graphics
 * card's box): rating it as nothing would charge the shop, not the buyer, the difference.
 */
export const MEDIDAS_DESCONOCIDAS: Medidas = { pesoKg: 1, largoCm: 30, anchoCm: 20, altoCm: 10 };

export const MEDIDAS_MESSAGES = {
  peso: `El peso es un número de kg mayor que 0 (hasta ${PESO_MAX_KG}).`,
  lado: `Cada medida es un número de cm mayor que 0 (hasta ${LADO_MAX_CM}).`,
  medidas: 'Ingresa el peso y las tres medidas, o deja las cuatro vacías.',
} as const;

const positive = (max: number, message: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v.replace(',', '.')) : v),
    z.number({ error: message }).gt(0, { error: message }).max(max, { error: message }),
  );

/** Weight and sides as the admin form and the CSV send them: all four, or null for none. */
export const medidasSchema = z.object(
  {
    pesoKg: positive(PESO_MAX_KG, MEDIDAS_MESSAGES.peso),
    largoCm: positive(LADO_MAX_CM, MEDIDAS_MESSAGES.lado),
    anchoCm: positive(LADO_MAX_CM, MEDIDAS_MESSAGES.lado),
    altoCm: positive(LADO_MAX_CM, MEDIDAS_MESSAGES.lado),
  },
  { error: MEDIDAS_MESSAGES.medidas },
);

export interface LineaBulto {
  qty: number;
  /** Null: the product has no weight and size yet (MEDIDAS_DESCONOCIDAS). */
  medidas: Medidas | null;
}

const up = (value: number, step: number) => Math.ceil(value / step - 1e-9) * step;

/**
 * The one box an order travels in (docs/product.md#parcels). Each unit lies on its largest face
 * (its sides sorted, longest first); the box is as long as the longest unit, as wide as the widest
 * and as high as all units stacked; it weighs what the units weigh plus the empty box's own
 * weight (`cajaKg`, setting PARCEL_BOX_KG). Sides round up to the whole cm and the weight up to
 * 10 g, as carriers rate them. An empty order is the empty box (10×10×10 cm).
 */
export function bultoDe(lineas: readonly LineaBulto[], cajaKg: number): Bulto {
  let largo = 0;
  let ancho = 0;
  let alto = 0;
  let peso = cajaKg;
  for (const linea of lineas) {
    if (linea.qty <= 0) continue;
    const m = linea.medidas ?? MEDIDAS_DESCONOCIDAS;
    const [l, a, h] = [m.largoCm, m.anchoCm, m.altoCm].sort((x, y) => y - x) as [
      number,
      number,
      number,
    ];
    largo = Math.max(largo, l);
    ancho = Math.max(ancho, a);
    alto += h * linea.qty;
    peso += m.pesoKg * linea.qty;
  }
  return {
    pesoKg: Math.round(up(peso, 0.01) * 100) / 100,
    largoCm: Math.max(10, up(largo, 1)),
    anchoCm: Math.max(10, up(ancho, 1)),
    altoCm: Math.max(10, up(alto, 1)),
  };
}

/** The parcel as a short key: quotes are cached per (comuna, parcel). */
export const bultoKey = (b: Bulto) => `${b.pesoKg}kg-${b.largoCm}x${b.anchoCm}x${b.altoCm}`;
