import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { productoImagenes, productoImagenVariantes } from './images.schema';
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

/**
 * The photos of the product of the enclosing query's `productos` row, as JSON PhotoRow[] in their
 * order, each with its variants: a list of products gets its photos in its own query, with no
 * round trip of its own. The outer row is written out as "productos"."id": inside a select,
 * drizzle may leave a column unqualified, and the photo tables have an id too.
 */
export const photosJson = sql<PhotoRow[] | string>`coalesce((
  select json_agg(json_build_object(
    'id', i.id, 'productoId', i.producto_id, 'alt', i.alt, 'formato', i.formato,
    'ancho', i.ancho, 'alto', i.alto, 'huella', i.huella,
    'variantes', coalesce((
      select json_agg(json_build_object('formato', v.formato, 'ancho', v.ancho)
                      order by v.ancho, v.id)
      from ${productoImagenVariantes} v
      where v.imagen_id = i.id
    ), '[]'::json)
  ) order by i.posicion, i.id)
  from ${productoImagenes} i
  where i.producto_id = "productos"."id"
), '[]'::json)`;

/** node-postgres and PGlite parse json; a string is harmless to accept. */
export const parsePhotos = (value: PhotoRow[] | string): PhotoRow[] =>
  typeof value === 'string' ? (JSON.parse(value) as PhotoRow[]) : value;

/**
 * One product's photos in their order, with their variants: the same SQL a product list reads,
 * its outer row being the product's id alone (this module does not read `productos`).
 */
export async function photosOfProduct(db: Db, productoId: number): Promise<PhotoRow[]> {
  const [row] = rowsOf<{ fotos: PhotoRow[] | string }>(
    await db.execute(
      sql`select ${photosJson} as fotos from (select ${productoId}::int as id) as "productos"`,
    ),
  );
  return row ? parsePhotos(row.fotos) : [];
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
