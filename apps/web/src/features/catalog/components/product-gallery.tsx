import type { Producto } from '@nexbyte/shared';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { ProductPicture } from '../../../components/ui/product-picture';
import '../product-gallery.css';

/** A horizontal swipe longer than this (px) changes the photo; shorter is a tap or a scroll. */
const SWIPE_MIN = 40;
/** The main photo is half the page beside the details on a wide screen, the whole width on a phone. */
const MAIN_SIZES = '(min-width: 64rem) 36rem, 100vw';
const THUMB_SIZES = '5rem';

/**
 * The product page's photos: one large, thumbnails to choose another, the arrow keys (Home/End)
 * while the photo has focus, and a swipe on a touch screen. Without photos, the product's
 * picture (its category's drawing) alone.
 */
export function ProductGallery({ product }: { product: Producto }) {
  const photos = product.imagenes;
  const [index, setIndex] = useState(0);
  const touchStart = useRef<{ x: number; y: number } | null>(null);
  const labelId = useId();

  if (photos.length === 0) {
    return (
      <ProductPicture
        className="product-detail__image"
        photo={undefined}
        fallbackSrc={product.imagen}
        alt={product.nombre}
        sizes={MAIN_SIZES}
        priority
      />
    );
  }

  const current = Math.min(index, photos.length - 1);
  const photo = photos[current]!;
  const altOf = (i: number) => photos[i]!.alt || `${product.nombre}, foto ${i + 1}`;
  const go = (next: number) => setIndex((next + photos.length) % photos.length);
  const several = photos.length > 1;

  const onKeyDown = (event: KeyboardEvent) => {
    const target = {
      ArrowLeft: current - 1,
      ArrowRight: current + 1,
      Home: 0,
      End: photos.length - 1,
    }[event.key];
    if (target === undefined || !several) return;
    event.preventDefault();
    go(target);
  };

  return (
    <div className="product-gallery">
      <div
        className="product-gallery__main"
        role="group"
        aria-roledescription="galería"
        aria-labelledby={labelId}
        tabIndex={several ? 0 : undefined}
        onKeyDown={onKeyDown}
        onTouchStart={(event) => {
          const touch = event.touches[0];
          touchStart.current = touch ? { x: touch.clientX, y: touch.clientY } : null;
        }}
        onTouchEnd={(event) => {
          const start = touchStart.current;
          const touch = event.changedTouches[0];
          touchStart.current = null;
          if (!start || !touch || !several) return;
          const dx = touch.clientX - start.x;
          const dy = touch.clientY - start.y;
          if (Math.abs(dx) < SWIPE_MIN || Math.abs(dx) < Math.abs(dy)) return;
          go(dx < 0 ? current + 1 : current - 1);
        }}
      >
        <ProductPicture
          // A new element per photo, so the browser never shows the last one's bytes meanwhile.
          key={photo.id}
          className="product-detail__image"
          photo={photo}
          fallbackSrc={product.imagen}
          alt={altOf(current)}
          sizes={MAIN_SIZES}
          priority
        />
        <p id={labelId} className={several ? 'product-gallery__count' : 'visually-hidden'}>
          {`Foto ${current + 1} de ${photos.length}`}
          {several && <span className="visually-hidden"> (usa las flechas para cambiarla)</span>}
        </p>
      </div>
      {several && (
        <>
          <p className="visually-hidden" aria-live="polite">
            {`Foto ${current + 1} de ${photos.length}: ${altOf(current)}`}
          </p>
          <ul className="product-gallery__thumbs" aria-label="Elegir foto">
            {photos.map((p, i) => (
              <li key={p.id}>
                <button
                  type="button"
                  className="product-gallery__thumb"
                  aria-label={`Ver foto ${i + 1} de ${photos.length}`}
                  aria-pressed={i === current}
                  onClick={() => go(i)}
                >
                  <ProductPicture photo={p} fallbackSrc={null} alt="" sizes={THUMB_SIZES} />
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
