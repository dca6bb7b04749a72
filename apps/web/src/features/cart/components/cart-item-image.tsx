import { useState } from 'react';

const PLACEHOLDER_IMAGE = '/img/placeholder.svg';

/** The line's picture, or the placeholder when it is missing or does not load. */
export function CartItemImage({ src, alt }: { src: unknown; alt: string }) {
  const wanted = (typeof src === 'string' && src.trim()) || PLACEHOLDER_IMAGE;
  const [failed, setFailed] = useState<string | null>(null);
  const shown = failed === wanted ? PLACEHOLDER_IMAGE : wanted;
  return (
    <img
      className="cart-table__image"
      src={shown}
      alt={alt}
      width={80}
      height={60}
      loading="lazy"
      decoding="async"
      onError={() => {
        if (shown !== PLACEHOLDER_IMAGE) setFailed(wanted);
      }}
    />
  );
}
