import type { ImagenProducto, Producto } from '@nexbyte/shared';
import type { Db } from '../../db/client';
import type { StoredFormat, VariantFormat } from './image-processing';
import { photosOfProducts, type PhotoRow } from './images.repository';

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

/**
 * Fills `imagenes` of a list of products with one query for all of them, and makes `imagen`
 * the first photo's URL; a product without photos keeps the picture it had (its typed URL or
 * its category's drawing).
 */
export async function withImages(db: Db, products: Producto[]): Promise<Producto[]> {
  const photos = await photosOfProducts(
    db,
    products.map((p) => p.id),
  );
  if (photos.length === 0) return products;
  const byProduct = new Map<number, ImagenProducto[]>();
  for (const photo of photos) {
    const list = byProduct.get(photo.productoId) ?? [];
    list.push(toImagen(photo));
    byProduct.set(photo.productoId, list);
  }
  return products.map((p) => {
    const imagenes = byProduct.get(p.id);
    return imagenes ? { ...p, imagenes, imagen: imagenes[0]!.url } : p;
  });
}
