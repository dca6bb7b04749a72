import type { ImagenProducto } from '@nexbyte/shared';
import { preload } from 'react-dom';
import { ProductImage } from './product-image';

type VariantFormat = ImagenProducto['variantes'][number]['formato'];

interface ProductPictureProps {
  /** The photo to show; without one, `fallbackSrc` (the product's `imagen`: a URL or its category's drawing). */
  photo: ImagenProducto | undefined;
  fallbackSrc: unknown;
  alt: string;
  /** How wide the picture is drawn at each screen width, so the browser picks the right variant. */
  sizes: string;
  className?: string;
  /** In the first screenful: load at once. The rest wait until they are scrolled near. */
  eager?: boolean;
  /** The page's main picture (its largest paint on a phone): fetched first, asked for in the head. */
  priority?: boolean;
}

const srcSetOf = (photo: ImagenProducto, formato: VariantFormat) =>
  photo.variantes
    .filter((v) => v.formato === formato)
    .map((v) => `${v.url} ${v.ancho}w`)
    .join(', ');

/**
 * A product photo as `<picture>`: AVIF, then WebP, at the widths the server made, and the stored
 * original for a browser that takes neither. Its width and height reserve its space (no layout
 * shift).
 */
export function ProductPicture({
  photo,
  fallbackSrc,
  alt,
  sizes,
  className,
  eager = false,
  priority = false,
}: ProductPictureProps) {
  if (!photo) {
    return (
      <ProductImage
        className={className}
        src={fallbackSrc}
        alt={alt}
        eager={eager}
        priority={priority}
      />
    );
  }
  const avif = srcSetOf(photo, 'avif');
  const webp = srcSetOf(photo, 'webp');
  if (import.meta.env.SSR && priority) {
    // The server render asks for the page's main picture in the head (React does so by itself for
    // a lone <img>, not for one inside <picture>). The first format offered is preloaded with its
    // type, so a browser that cannot show it downloads nothing twice. In the browser the picture
    // is already on its way, or is fetched first thanks to its fetchpriority.
    const [type, srcSet] = avif ? ['image/avif', avif] : webp ? ['image/webp', webp] : [];
    preload(photo.url, {
      as: 'image',
      fetchPriority: 'high',
      ...(srcSet ? { type, imageSrcSet: srcSet, imageSizes: sizes } : {}),
    });
  }
  return (
    <picture style={{ display: 'contents' }}>
      {avif && <source type="image/avif" srcSet={avif} sizes={sizes} />}
      {webp && <source type="image/webp" srcSet={webp} sizes={sizes} />}
      <img
        className={className}
        src={photo.url}
        alt={alt}
        width={photo.ancho}
        height={photo.alto}
        loading={eager || priority ? 'eager' : 'lazy'}
        // The main picture is drawn with the page's first paint, not in a frame after it.
        decoding={priority ? undefined : 'async'}
        {...(priority ? { fetchPriority: 'high' as const } : {})}
      />
    </picture>
  );
}
