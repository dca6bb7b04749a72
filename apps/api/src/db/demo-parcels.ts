// The demo catalogue's weights and sizes (in the product's retail box): what a shop would type from
// the maker's sheets, close enough for the carrier's rate to tell a mouse from a tower.
import type { Medidas } from '@nexbyte/shared';

/** By the first word pattern that fits the product's name; the category's size otherwise. */
const BY_NAME: readonly [RegExp, Medidas][] = [
  [/^Mousepad/i, { pesoKg: 0.45, largoCm: 92, anchoCm: 12, altoCm: 12 }],
  [/^Combo teclado/i, { pesoKg: 1.1, largoCm: 48, anchoCm: 20, altoCm: 6 }],
  [/^Mouse/i, { pesoKg: 0.2, largoCm: 16, anchoCm: 11, altoCm: 6 }],
  [/^Teclado/i, { pesoKg: 0.95, largoCm: 46, anchoCm: 16, altoCm: 5 }],
  [/^Webcam/i, { pesoKg: 0.3, largoCm: 18, anchoCm: 12, altoCm: 8 }],
  [/^Procesador/i, { pesoKg: 0.25, largoCm: 14, anchoCm: 11, altoCm: 7 }],
  [/^Tarjeta de video/i, { pesoKg: 1.3, largoCm: 33, anchoCm: 18, altoCm: 8 }],
  [/^Memoria RAM/i, { pesoKg: 0.1, largoCm: 15, anchoCm: 8, altoCm: 2 }],
  [/^Placa madre/i, { pesoKg: 1.1, largoCm: 31, anchoCm: 27, altoCm: 7 }],
  [/^Fuente de poder/i, { pesoKg: 2.2, largoCm: 25, anchoCm: 22, altoCm: 10 }],
  [/^Gabinete/i, { pesoKg: 9.5, largoCm: 56, anchoCm: 30, altoCm: 54 }],
  [/^Cooler/i, { pesoKg: 0.8, largoCm: 17, anchoCm: 14, altoCm: 12 }],
  [/^(Pasta|Pulsera)/i, { pesoKg: 0.05, largoCm: 12, anchoCm: 8, altoCm: 2 }],
  [/^(SSD|Pendrive)/i, { pesoKg: 0.08, largoCm: 14, anchoCm: 10, altoCm: 2 }],
  [/^Disco duro/i, { pesoKg: 0.5, largoCm: 16, anchoCm: 12, altoCm: 5 }],
  [/^Disco externo/i, { pesoKg: 0.3, largoCm: 15, anchoCm: 11, altoCm: 4 }],
  [/^Monitor curvo/i, { pesoKg: 9.8, largoCm: 92, anchoCm: 44, altoCm: 18 }],
  [/^Monitor/i, { pesoKg: 5.2, largoCm: 68, anchoCm: 45, altoCm: 14 }],
  [/^Notebook/i, { pesoKg: 2.8, largoCm: 45, anchoCm: 31, altoCm: 8 }],
  [/^Soporte de monitor/i, { pesoKg: 3.1, largoCm: 55, anchoCm: 20, altoCm: 12 }],
  [/^Base refrigerante/i, { pesoKg: 0.9, largoCm: 40, anchoCm: 30, altoCm: 6 }],
  [/^Parlantes/i, { pesoKg: 4.8, largoCm: 37, anchoCm: 28, altoCm: 27 }],
  [/^Audífonos/i, { pesoKg: 0.5, largoCm: 24, anchoCm: 20, altoCm: 10 }],
  [/^Micrófono/i, { pesoKg: 0.7, largoCm: 22, anchoCm: 14, altoCm: 10 }],
  [/^Router/i, { pesoKg: 0.6, largoCm: 27, anchoCm: 18, altoCm: 7 }],
  [/^Switch/i, { pesoKg: 0.45, largoCm: 22, anchoCm: 13, altoCm: 5 }],
  [/^(Cable|Adaptador|Hub)/i, { pesoKg: 0.15, largoCm: 18, anchoCm: 12, altoCm: 4 }],
];

const BY_CATEGORY: Record<string, Medidas> = {
  Periféricos: { pesoKg: 0.5, largoCm: 30, anchoCm: 15, altoCm: 6 },
  Componentes: { pesoKg: 1, largoCm: 30, anchoCm: 20, altoCm: 10 },
  Accesorios: { pesoKg: 0.2, largoCm: 20, anchoCm: 12, altoCm: 4 },
  Almacenamiento: { pesoKg: 0.2, largoCm: 15, anchoCm: 11, altoCm: 4 },
  Monitores: { pesoKg: 5.2, largoCm: 68, anchoCm: 45, altoCm: 14 },
  Notebooks: { pesoKg: 2.8, largoCm: 45, anchoCm: 31, altoCm: 8 },
  Redes: { pesoKg: 0.4, largoCm: 22, anchoCm: 14, altoCm: 6 },
  Audio: { pesoKg: 0.8, largoCm: 25, anchoCm: 20, altoCm: 12 },
};

/** The demo product's weight and sides as the columns take them (numeric text). */
export function demoMedidasOf(nombre: string, categoria: string) {
  const m = BY_NAME.find(([pattern]) => pattern.test(nombre))?.[1] ?? BY_CATEGORY[categoria];
  if (!m) return {};
  return {
    pesoKg: String(m.pesoKg),
    largoCm: String(m.largoCm),
    anchoCm: String(m.anchoCm),
    altoCm: String(m.altoCm),
  };
}
