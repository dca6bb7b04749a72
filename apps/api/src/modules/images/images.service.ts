import type { ImagenProducto, Producto } from '@nexbyte/shared';
import type { StoredFormat, VariantFormat } from './image-processing';
import { parsePhotos, photosJson, type PhotoRow } from './images.repository';

/** Where every photo is served; outside /api, like the shop's other static files. */
export const IMAGES_PATH = '/imagenes';

const EXTENSION: Record<StoredFormat, string> = {
  jpeg: 'jpg',
  png: 'png',
  webp: 'webp',
  avif: 'avif',
};
const FORMAT_OF_EXTENSION: Record<string, StoredFormat> = {
  jpg: 'jpeg',
  png: 'png',
  webp: 'webp',
  avif: 'avif',
};

/**
 * `/imagenes/{id}-{huella}.{ext}` is the stored original, `/imagenes/{id}-{huella}-{ancho}.{webp|avif}`
 * a variant. The content hash makes a URL's bytes fixed forever, so it is cached as immutable.
 */
export const originalUrl = (p: Pick<PhotoRow, 'id' | 'huella' | 'formato'>) =>
  `${IMAGES_PATH}/${p.id}-${p.huella}.${EXTENSION[p.formato]}`;
export const variantUrl = (
  p: Pick<PhotoRow, 'id' | 'huella'>,
  formato: VariantFormat,
  ancho: number,
) => `${IMAGES_PATH}/${p.id}-${p.huella}-${ancho}.${formato}`;

export type ImageFile =
  | { kind: 'original'; id: number; huella: string; formato: StoredFormat }
  | { kind: 'variant'; id: number; huella: string; formato: VariantFormat; ancho: number };

const FILE_NAME = /^([1-9]\d{0,9})-([0-9a-f]{16})(?:-([1-9]\d{0,4}))?\.(jpg|png|webp|avif)$/;

/** Reads a served file name back; null for anything the shop never hands out. */
export function parseImageFile(name: string): ImageFile | null {
  const match = FILE_NAME.exec(name);
  if (!match) return null;
  const [, idText, huella, anchoText, extension] = match;
  const id = Number(idText);
  if (id > 2_147_483_647) return null;
  if (anchoText === undefined) {
    return { kind: 'original', id, huella: huella!, formato: FORMAT_OF_EXTENSION[extension!]! };
  }
  if (extension !== 'webp' && extension !== 'avif') return null;
  return { kind: 'variant', id, huella: huella!, formato: extension, ancho: Number(anchoText) };
}

export function toImagen(p: PhotoRow): ImagenProducto {
  return {
    id: p.id,
    url: originalUrl(p),
    alt: p.alt,
    ancho: p.ancho,
    alto: p.alto,
    variantes: p.variantes.map((v) => ({
      formato: v.formato,
      ancho: v.ancho,
      url: variantUrl(p, v.formato, v.ancho),
    })),
  };
}

/** A column for a product select: its photos, read in the same query (`withPhotos` reads them). */
export { photosJson };

/**
 * A product with the photos its select read through `photosJson`: `imagenes`, and `imagen` the
 * first photo's URL; without photos it keeps the picture it had (its typed URL or its
 * category's drawing).
 */
export function withPhotos(product: Producto, photos: PhotoRow[] | string): Producto {
  const imagenes = parsePhotos(photos).map(toImagen);
  return imagenes.length > 0 ? { ...product, imagenes, imagen: imagenes[0]!.url } : product;
}
