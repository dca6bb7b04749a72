import { createHash } from 'node:crypto';
import type { Metadata, Sharp } from 'sharp';
import type sharpModule from 'sharp';
import { HttpError, RETRY_AFTER_SECONDS } from '../../http-errors';

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
/**
 * The longest side a photo may have (IMAGE_MAX_SIDE), read from its header before decoding: a
 * 1 × 39,999,999 px PNG is under the pixel bound and weighs 77 KB, yet takes seconds of CPU.
 */
export const DEFAULT_MAX_SIDE = 10_000;
/**
 * How long one photo may take, waiting for its turn included (IMAGE_TIME_LIMIT_SECONDS): under
 * the handler's time-out (HANDLER_TIMEOUT_MS, 15 s), so the uploader reads why.
 */
export const DEFAULT_TIME_LIMIT_SECONDS = 10;
/**
 * Photos processed at once. libvips works on its own threads, off the event loop, but each photo
 * holds one of libuv's four worker threads while it does, and files, password hashing and
 * compression need the others; more uploads wait for their turn.
 */
export const PHOTOS_AT_ONCE = 2;

const count = (n: number) => new Intl.NumberFormat('es-CL').format(n);

export const IMAGE_MESSAGES = {
  unsupported: 'El archivo no es una imagen JPEG, PNG, WebP o AVIF.',
  unreadable: 'No pudimos leer la imagen: el archivo está dañado o incompleto.',
  tooManyPixels: 'La imagen es demasiado grande: usa una de menos de 40 megapíxeles.',
  sideTooLong: (maxSide: number, width: number, height: number) =>
    `La imagen es demasiado grande: cada lado puede medir hasta ${count(maxSide)} px y esta mide ${count(width)} × ${count(height)} px.`,
  tooSlow: (seconds: number) =>
    `No alcanzamos a procesar la foto en ${seconds === 1 ? '1 segundo' : `${count(seconds)} segundos`}, el máximo: inténtalo de nuevo en un momento o usa una imagen más pequeña.`,
} as const;

export interface PhotoLimits {
  /** Longest side in pixels (IMAGE_MAX_SIDE). */
  maxSide: number;
  /** Seconds one photo may take, its wait included (IMAGE_TIME_LIMIT_SECONDS). */
  timeLimitSeconds: number;
}

const DEFAULT_LIMITS: PhotoLimits = {
  maxSide: DEFAULT_MAX_SIDE,
  timeLimitSeconds: DEFAULT_TIME_LIMIT_SECONDS,
};

const tooSlow = (limits: PhotoLimits) =>
  new HttpError(503, IMAGE_MESSAGES.tooSlow(limits.timeLimitSeconds), undefined, {
    'retry-after': String(RETRY_AFTER_SECONDS),
  });

/** sharp's error when its `timeout` stopped the work ('timeout: 10% complete'). */
const isSharpTimeout = (err: unknown) => err instanceof Error && /^timeout:/.test(err.message);

let running = 0;
const waiting: (() => void)[] = [];

/**
 * Waits for one of the PHOTOS_AT_ONCE turns, or fails with the time limit's error when the
 * deadline comes first. Resolves to the function that gives the turn back.
 */
function takeTurn(deadline: number, limits: PhotoLimits): Promise<() => void> {
  const release = () => {
    running -= 1;
    waiting.shift()?.();
  };
  return new Promise((resolve, reject) => {
    const start = () => {
      running += 1;
      resolve(release);
    };
    if (running < PHOTOS_AT_ONCE) return start();
    const turn = () => {
      clearTimeout(timer);
      start();
    };
    const timer = setTimeout(() => {
      waiting.splice(waiting.indexOf(turn), 1);
      reject(tooSlow(limits));
    }, deadline - Date.now());
    waiting.push(turn);
  });
}

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
 * and WebP and AVIF variants at VARIANT_WIDTHS, never wider than the photo. A photo too large
 * is refused from its header (413); one that takes longer than the time limit is stopped (503).
 */
export async function processPhoto(
  input: Buffer,
  limits: PhotoLimits = DEFAULT_LIMITS,
): Promise<ProcessedPhoto> {
  const deadline = Date.now() + limits.timeLimitSeconds * 1000;
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
  const width = metadata.width ?? 0;
  const height = metadata.height ?? 0;
  if (width > limits.maxSide || height > limits.maxSide) {
    throw new HttpError(413, IMAGE_MESSAGES.sideTooLong(limits.maxSide, width, height));
  }
  if (width * height > MAX_INPUT_PIXELS) {
    throw new HttpError(413, IMAGE_MESSAGES.tooManyPixels);
  }

  const release = await takeTurn(deadline, limits);
  try {
    /** What is left of the time limit, for sharp's own (whole seconds, at least one). */
    const withinLimit = (pipeline: Sharp) => {
      const left = deadline - Date.now();
      if (left <= 0) throw tooSlow(limits);
      return pipeline.timeout({ seconds: Math.ceil(left / 1000) });
    };

    let original: EncodedImage;
    try {
      const upright = open(input).rotate().resize({
        width: ORIGINAL_MAX_SIDE,
        height: ORIGINAL_MAX_SIDE,
        fit: 'inside',
        withoutEnlargement: true,
      });
      const { data, info } = await withinLimit(encode(upright, formato)).toBuffer({
        resolveWithObject: true,
      });
      original = { formato, ancho: info.width, alto: info.height, bytes: data };
    } catch (err) {
      if (err instanceof HttpError) throw err;
      if (isSharpTimeout(err)) throw tooSlow(limits);
      throw new HttpError(415, IMAGE_MESSAGES.unreadable);
    }

    const variantes: EncodedVariant[] = [];
    for (const ancho of variantWidths(original.ancho)) {
      for (const variantFormat of VARIANT_FORMATS) {
        const pipeline = encode(
          sharp(original.bytes).resize({ width: ancho, withoutEnlargement: true }),
          variantFormat,
        );
        const { data, info } = await withinLimit(pipeline)
          .toBuffer({ resolveWithObject: true })
          .catch((err: unknown) => {
            throw isSharpTimeout(err) ? tooSlow(limits) : err;
          });
        variantes.push({
          formato: variantFormat,
          ancho: info.width,
          alto: info.height,
          bytes: data,
        });
      }
    }
    const huella = createHash('sha256').update(original.bytes).digest('hex').slice(0, 16);
    return { original, huella, variantes };
  } finally {
    release();
  }
}
