import { formatCLP, offerBadge, offerUntilText, type Producto } from '@nexbyte/shared';
import './offer-price.css';

interface OfferPriceProps {
  product: Pick<Producto, 'precio' | 'precioNormal' | 'oferta'>;
  /** The price's own class (the card's or the product page's). */
  className: string;
}

/**
 * The price the server charges now. While an offer runs: the normal price struck through, '-15 %'
 * and 'Oferta hasta el 30 de noviembre' (docs/product.md#offers); the server says when.
 */
export function OfferPrice({ product, className }: OfferPriceProps) {
  const { precio, precioNormal, oferta } = product;
  if (precioNormal == null || !oferta) return <p className={className}>{formatCLP(precio)}</p>;
  return (
    <div className="offer-price">
      <p className={`${className} offer-price__row`}>
        <span className="offer-price__now">
          <span className="visually-hidden">Precio oferta: </span>
          {formatCLP(precio)}
        </span>{' '}
        <del className="offer-price__normal">
          <span className="visually-hidden">Precio normal: </span>
          {formatCLP(precioNormal)}
        </del>{' '}
        <span className="offer-price__badge">{offerBadge(precioNormal, precio)}</span>
      </p>
      <p className="offer-price__until">{offerUntilText(oferta.hasta)}</p>
    </div>
  );
}
