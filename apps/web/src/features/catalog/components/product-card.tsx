import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Producto } from '@nexbyte/shared';
import { productPath } from '../product-id';
import { ProductPicture } from '../../../components/ui/product-picture';
import { StockHint } from './stock-hint';
import { InstallmentsPrice } from './installments-price';
import { OfferPrice } from './offer-price';
import { TransferPrice } from './transfer-price';
import '../catalog.css';

/** A card's width: a column of the grid (15rem at least), the whole screen on a phone. */
const CARD_SIZES = '(min-width: 75rem) 18rem, (min-width: 40rem) 45vw, 100vw';

interface ProductCardProps {
  product: Producto;
  /** The card's heading level in its page. */
  headingLevel?: 2 | 3;
  /** The name links to the detail page (unless the card has its own 'Ver detalles' link). */
  linkName?: boolean;
  showStock?: boolean;
  eagerImage?: boolean;
  /** The card's picture is the page's main one (the first card): fetched before anything else. */
  priorityImage?: boolean;
  /** The card's buttons or links, at its bottom. */
  children?: ReactNode;
}

export function ProductCard({
  product,
  headingLevel = 2,
  linkName = true,
  showStock = false,
  eagerImage = false,
  priorityImage = false,
  children,
}: ProductCardProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="product-card">
      <ProductPicture
        className="product-card__image"
        photo={product.imagenes?.[0]}
        fallbackSrc={product.imagen}
        alt={product.imagenes?.[0]?.alt || product.nombre}
        sizes={CARD_SIZES}
        eager={eagerImage}
        priority={priorityImage}
      />
      <div className="product-card__body">
        <Heading className="product-card__name">
          {linkName ? <Link to={productPath(product.id)}>{product.nombre}</Link> : product.nombre}
        </Heading>
        <p className="product-card__category">{product.categoria.nombre}</p>
        <OfferPrice product={product} className="product-card__price" />
        <TransferPrice price={product.precio} className="product-card__transfer-price" />
        <InstallmentsPrice price={product.precio} className="product-card__installments" />
        {showStock && <StockHint stock={product.stock} />}
        {children && <div className="product-card__actions">{children}</div>}
      </div>
    </article>
  );
}
