import { useState } from 'react';

export const PLACEHOLDER_IMAGE = '/img/placeholder.svg';

// The catalogue's pictures are 4:3; the attributes reserve their space before they load.
const WIDTH = 400;
const HEIGHT = 300;

interface ProductImageProps {
  /** Whatever the product (or a stored cart line) holds; anything but a non-empty string is missing. */
  src: unknown;
  /** The product's name. */
  alt: string;
  className?: string;
  /** Images in the first screenful load at once; the rest wait until they are scrolled near. */
  eager?: boolean;
  /**
   * The page's main picture (its largest paint on a phone): fetched before the page's code. The
   * server render also asks for it in the page's head.
   */
  priority?: boolean;
  width?: number;
  height?: number;
}

/** A product picture that falls back to the placeholder when it is missing or fails to load. */
export function ProductImage({
  src,
  alt,
  className,
  eager = false,
  priority = false,
  width = WIDTH,
  height = HEIGHT,
}: ProductImageProps) {
  const wanted = (typeof src === 'string' && src.trim()) || PLACEHOLDER_IMAGE;
  const [failed, setFailed] = useState<string | null>(null);
  const shown = failed === wanted ? PLACEHOLDER_IMAGE : wanted;
  return (
    <img
      className={className}
      loading={eager || priority ? 'eager' : 'lazy'}
      // The main picture is drawn with the page's first paint, not in a frame after it.
      decoding={priority ? undefined : 'async'}
      {...(priority ? { fetchPriority: 'high' as const } : {})}
      src={shown}
      alt={alt}
      width={width}
      height={height}
      onError={() => {
        if (shown !== PLACEHOLDER_IMAGE) setFailed(wanted);
      }}
    />
  );
}
