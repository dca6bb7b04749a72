import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { productos } from '../../db/schema';
import { productoImagenes, productoImagenVariantes } from '../../db/schema-images';
import type { ProcessedPhoto, StoredFormat, VariantFormat } from './image-processing';

/** What a product's JSON needs of a photo: everything but its bytes. */
export interface PhotoRow {
  id: number;
  productoId: number;
  alt: string;
  formato: StoredFormat;
  ancho: number;
  alto: number;
  huella: string;
  variantes: { formato: VariantFormat; ancho: number }[];
}

const photoColumns = {
  id: productoImagenes.id,
  productoId: productoImagenes.productoId,
  alt: productoImagenes.alt,
  formato: productoImagenes.formato,
  ancho: productoImagenes.ancho,
  alto: productoImagenes.alto,
  huella: productoImagenes.huella,
};

/**
 * The photos of many products in two queries (photos, then their variants' widths), whatever
 * the number of products: a page of the catalogue costs the same as one product.
 */
export async function photosOfProducts(db: Db, productIds: number[]): Promise<PhotoRow[]> {
  if (productIds.length === 0) return [];
  const photos = await db
    .select(photoColumns)
    .from(productoImagenes)
    .where(inArray(productoImagenes.productoId, productIds))
    .orderBy(
      asc(productoImagenes.productoId),
      asc(productoImagenes.posicion),
      asc(productoImagenes.id),
    );
  if (photos.length === 0) return [];
  const variants = await db
    .select({
      imagenId: productoImagenVariantes.imagenId,
      formato: productoImagenVariantes.formato,
      ancho: productoImagenVariantes.ancho,
    })
    .from(productoImagenVariantes)
    .where(
      inArray(
        productoImagenVariantes.imagenId,
        photos.map((p) => p.id),
      ),
    )
    .orderBy(asc(productoImagenVariantes.ancho));
  const byPhoto = new Map<number, PhotoRow['variantes']>();
  for (const v of variants) {
    const list = byPhoto.get(v.imagenId) ?? [];
    list.push({ formato: v.formato as VariantFormat, ancho: v.ancho });
    byPhoto.set(v.imagenId, list);
  }
  return photos.map((p) => ({
    ...p,
    formato: p.formato as StoredFormat,
    variantes: byPhoto.get(p.id) ?? [],
  }));
}

export async function productExists(db: Db, productoId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: productos.id })
    .from(productos)
    .where(eq(productos.id, productoId));
  return row !== undefined;
}

export async function countPhotos(db: Db, productoId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(productoImagenes)
    .where(eq(productoImagenes.productoId, productoId));
  return row?.n ?? 0;
}

/** Stores a processed photo last in the product's order; answers its id. */
export async function insertPhoto(
  db: Db,
  productoId: number,
  photo: ProcessedPhoto,
  alt: string,
): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(productoImagenes)
      .values({
        productoId,
        alt,
        posicion: sql`(select coalesce(max(posicion) + 1, 0) from producto_imagenes where producto_id = ${productoId})`,
        formato: photo.original.formato,
        ancho: photo.original.ancho,
        alto: photo.original.alto,
        huella: photo.huella,
        bytes: photo.original.bytes,
      })
      .returning({ id: productoImagenes.id });
    const id = row!.id;
    await tx
      .insert(productoImagenVariantes)
      .values(photo.variantes.map((v) => ({ imagenId: id, ...v })));
    return id;
  });
}

export async function deletePhoto(db: Db, productoId: number, imagenId: number): Promise<boolean> {
  const deleted = await db
    .delete(productoImagenes)
    .where(and(eq(productoImagenes.id, imagenId), eq(productoImagenes.productoId, productoId)))
    .returning({ id: productoImagenes.id });
  return deleted.length > 0;
}

/** The photos' ids of a product, in order. */
export async function photoIds(db: Db, productoId: number): Promise<number[]> {
  const rows = await db
    .select({ id: productoImagenes.id })
    .from(productoImagenes)
    .where(eq(productoImagenes.productoId, productoId))
    .orderBy(asc(productoImagenes.posicion), asc(productoImagenes.id));
  return rows.map((r) => r.id);
}

/** Sets every photo's position and alt text at once (the caller checked they are all the product's). */
export async function reorderPhotos(
  db: Db,
  productoId: number,
  order: { id: number; alt: string }[],
): Promise<void> {
  await db.transaction(async (tx) => {
    for (const [posicion, { id, alt }] of order.entries()) {
      await tx
        .update(productoImagenes)
        .set({ posicion, alt })
        .where(and(eq(productoImagenes.id, id), eq(productoImagenes.productoId, productoId)));
    }
  });
}

export interface StoredBytes {
  bytes: Buffer;
}

/** The stored original's bytes, if the id and the content hash (the URL's) still match. */
export async function originalBytes(
  db: Db,
  imagenId: number,
  huella: string,
  formato: StoredFormat,
): Promise<StoredBytes | null> {
  const [row] = await db
    .select({ bytes: productoImagenes.bytes })
    .from(productoImagenes)
    .where(
      and(
        eq(productoImagenes.id, imagenId),
        eq(productoImagenes.huella, huella),
        eq(productoImagenes.formato, formato),
      ),
    );
  return row ?? null;
}

export async function variantBytes(
  db: Db,
  imagenId: number,
  huella: string,
  formato: VariantFormat,
  ancho: number,
): Promise<StoredBytes | null> {
  const [row] = await db
    .select({ bytes: productoImagenVariantes.bytes })
    .from(productoImagenVariantes)
    .innerJoin(productoImagenes, eq(productoImagenes.id, productoImagenVariantes.imagenId))
    .where(
      and(
        eq(productoImagenVariantes.imagenId, imagenId),
        eq(productoImagenes.huella, huella),
        eq(productoImagenVariantes.formato, formato),
        eq(productoImagenVariantes.ancho, ancho),
      ),
    );
  return row ?? null;
}
