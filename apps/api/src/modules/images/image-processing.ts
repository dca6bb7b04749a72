import { createHash } from 'node:crypto';
import type { Metadata, Sharp } from 'sharp';
import type sharpModule from 'sharp';
import { HttpError } from '../../http-errors';

type SharpFactory = typeof sharpModule;
let loading: Promise<SharpFactory> | undefined;

/**
 * sharp, loaded on the first photo: libvips and its threads cost the server some 10 MB that a
 * shop serving its catalogue never needs until someone uploads or imports a photo.
 */
export function loadSharp(): Promise<SharpFactory> {
  loading ??= import('sharp').then(({ default: sharp }) => {
    // libvips keeps up to 50 MB of recent operations for reuse; every photo here is processed
    // once, so that cache only holds memory the server never gets back.
    sharp.cache(false);
    return sharp;
  });
  return loading;
}

/** The formats a photo may arrive in, named as they are stored and served. */
export type StoredFormat = 'jpeg' | 'png' | 'webp' | 'avif';
export type VariantFormat = 'webp' | 'avif';

/** Widths of the WebP/AVIF variants; a photo narrower than one gets none wider than itself. */
export const VARIANT_WIDTHS = [320, 640, 1024] as const;
export const VARIANT_FORMATS: readonly VariantFormat[] = ['avif', 'webp'];
/**
 * The stored original's longest side. A 12 MP camera photo is more than any screen of the shop
 * shows and would make every backup of the database carry megabytes per product.
 */
export const ORIGINAL_MAX_SIDE = 2400;
/** A decompression bomb (a small file that decodes to gigapixels) is refused before decoding. */
export const MAX_INPUT_PIXELS = 40_000_000;

export const IMAGE_MESSAGES = {
  unsupported: 'El archivo no es una imagen JPEG, PNG, WebP o AVIF.',
  unreadable: 'No pudimos leer la imagen: el archivo está dañado o incompleto.',
  tooManyPixels: 'La imagen es demasiado grande: usa una de menos de 40 megapíxeles.',
} as const;

export const MIME: Record<StoredFormat, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
};

const startsWith = (bytes: Buffer, signature: number[], at = 0) =>
  signature.every((b, i) => bytes[at + i] === b);
const ascii = (bytes: Buffer, from: number, to: number) =>
  bytes.subarray(from, to).toString('latin1');

/**
 * The format the bytes really are, from their signature, whatever the file's name or the
 * browser's Content-Type said: a text file renamed .jpg is not a JPEG.
 */
export function sniffFormat(bytes: Buffer): StoredFormat | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp';
  if (ascii(bytes, 4, 8) === 'ftyp') {
    // ISO-BMFF: the major brand, then the compatible brands up to the box's end.
    const boxEnd = Math.min(bytes.readUInt32BE(0), bytes.length, 64);
    for (let at = 8; at + 4 <= boxEnd; at += 4) {
      if (at === 12) continue; // minor version, not a brand
      const brand = ascii(bytes, at, at + 4);
      if (brand === 'avif' || brand === 'avis') return 'avif';
    }
  }
  return null;
}

export interface EncodedImage {
  formato: StoredFormat;
  ancho: number;
  alto: number;
  bytes: Buffer;
}

export interface EncodedVariant {
  formato: VariantFormat;
  ancho: number;
  alto: number;
  bytes: Buffer;
}

export interface ProcessedPhoto {
  original: EncodedImage;
  /** Short content hash of the stored original: part of every URL of the photo. */
  huella: string;
  variantes: EncodedVariant[];
}

function encode(pipeline: Sharp, formato: StoredFormat): Sharp {
  // sharp writes no metadata (EXIF, GPS, XMP, ICC beyond sRGB) unless asked to keep it.
  switch (formato) {
    case 'jpeg':
      return pipeline.jpeg({ quality: 82, mozjpeg: true });
    case 'png':
      return pipeline.png({ compressionLevel: 9 });
    case 'webp':
      return pipeline.webp({ quality: 80 });
    case 'avif':
      return pipeline.avif({ quality: 55, effort: 3 });
  }
}

/** The widths a photo this wide gets: the fixed steps below it, and its own when it is narrower. */
export function variantWidths(ancho: number): number[] {
  const widths: number[] = VARIANT_WIDTHS.filter((w) => w <= ancho);
  if (ancho < VARIANT_WIDTHS[VARIANT_WIDTHS.length - 1]! && !widths.includes(ancho))
    widths.push(ancho);
  return widths;
}

/**
 * Checks an upload and makes what the shop stores: the original turned upright (EXIF
 * orientation), at most ORIGINAL_MAX_SIDE, re-encoded in its own format without its metadata;
 * and WebP and AVIF variants at VARIANT_WIDTHS, never wider than the photo.
 */
export async function processPhoto(input: Buffer): Promise<ProcessedPhoto> {
  const formato = sniffFormat(input);
  if (!formato) throw new HttpError(415, IMAGE_MESSAGES.unsupported);
  const sharp = await loadSharp();
  const open = (bytes: Buffer) =>
    sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
  let metadata: Metadata;
  try {
    metadata = await open(input).metadata();
  } catch {
    throw new HttpError(415, IMAGE_MESSAGES.unreadable);
  }
  const declared = metadata.format === 'heif' ? 'avif' : metadata.format;
  if (declared !== formato) throw new HttpError(415, IMAGE_MESSAGES.unsupported);
  if ((metadata.width ?? 0) * (metadata.height ?? 0) > MAX_INPUT_PIXELS) {
    throw new HttpError(413, IMAGE_MESSAGES.tooManyPixels);
  }

  let original: EncodedImage;
  try {
    const upright = open(input).rotate().resize({
      width: ORIGINAL_MAX_SIDE,
      height: ORIGINAL_MAX_SIDE,
      fit: 'inside',
      withoutEnlargement: true,
    });
    const { data, info } = await encode(upright, formato).toBuffer({ resolveWithObject: true });
    original = { formato, ancho: info.width, alto: info.height, bytes: data };
  } catch {
    throw new HttpError(415, IMAGE_MESSAGES.unreadable);
  }

  const variantes: EncodedVariant[] = [];
  for (const ancho of variantWidths(original.ancho)) {
    for (const variantFormat of VARIANT_FORMATS) {
      const { data, info } = await encode(
        sharp(original.bytes).resize({ width: ancho, withoutEnlargement: true }),
        variantFormat,
      ).toBuffer({ resolveWithObject: true });
      variantes.push({ formato: variantFormat, ancho: info.width, alto: info.height, bytes: data });
    }
  }
  const huella = createHash('sha256').update(original.bytes).digest('hex').slice(0, 16);
  return { original, huella, variantes };
}
