import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatCLP, type Producto } from '@nexbyte/shared';
import { productPath } from '../product-id';
import { ProductImage } from '../../../components/ui/product-image';
import { StockHint } from './stock-hint';
import '../catalog.css';

interface ProductCardProps {
  product: Producto;
  /** The card's heading level in its page. */
  headingLevel?: 2 | 3;
  /** The name links to the detail page (unless the card has its own 'Ver detalles' link). */
  linkName?: boolean;
  showStock?: boolean;
  eagerImage?: boolean;
  /** The card's buttons or links, at its bottom. */
  children?: ReactNode;
}

export function ProductCard({
  product,
  headingLevel = 2,
  linkName = true,
  showStock = false,
  eagerImage = false,
  children,
}: ProductCardProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="product-card">
      <ProductImage
        className="product-card__image"
        src={product.imagen}
        alt={product.nombre}
        eager={eagerImage}
      />
      <div className="product-card__body">
        <Heading className="product-card__name">
          {linkName ? <Link to={productPath(product.id)}>{product.nombre}</Link> : product.nombre}
        </Heading>
        <p className="product-card__category">{product.categoria.nombre}</p>
        <p className="product-card__price">{formatCLP(product.precio)}</p>
        {showStock && <StockHint stock={product.stock} />}
        {children && <div className="product-card__actions">{children}</div>}
      </div>
    </article>
  );
}
