import { WARRANTY_MONTHS, type Producto } from '@nexbyte/shared';
import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { isProductNotFound, useProduct } from '../api/get-product';
import { parseProductId } from '../product-id';
import { Breadcrumb } from './breadcrumb';
import { CompatibleParts } from './compatible-parts';
import { ProductGallery } from './product-gallery';
import { StockHint } from './stock-hint';
import { InstallmentsPrice } from './installments-price';
import { OfferPrice } from './offer-price';
import { TransferPrice } from './transfer-price';
import '../catalog.css';

export const DEFAULT_DESCRIPTION = 'Este producto aún no tiene descripción.';

interface ProductDetailProps {
  /** The {id} of the address, as written. */
  productId: string | undefined;
  /** The product's action (the app puts the cart's 'Añadir al carrito' here). */
  renderAction?: (product: Producto) => ReactNode;
}

/** /productos/detalle/{id}: loading, then the product, a load error or nothing to show. */
export function ProductDetail({ productId, renderAction }: ProductDetailProps) {
  const id = parseProductId(productId);
  const { data: product, error, isPending } = useProduct(id);

  useEffect(() => {
    // An unknown or inactive product (404) is an answer, not a failure worth logging.
    if (error && !isProductNotFound(error)) {
      console.error(`No se pudo cargar el producto ${productId ?? ''}:`, error);
    }
  }, [error, productId]);

  if (id === null) {
    return <DetailMessage tone="warning">Producto no disponible.</DetailMessage>;
  }
  if (isPending) {
    return (
      <DetailShell>
        <p role="status" className="muted">
          Cargando producto…
        </p>
      </DetailShell>
    );
  }
  if (error) {
    return <DetailMessage tone="danger">No se pudo encontrar el producto.</DetailMessage>;
  }
  if (!product) {
    return <DetailMessage tone="warning">Producto no disponible.</DetailMessage>;
  }
  return <ProductView product={product} action={renderAction?.(product)} />;
}

function DetailShell({ children }: { children: ReactNode }) {
  return (
    <div className="container page product-detail">
      <h1>Detalle del producto</h1>
      {children}
    </div>
  );
}

function DetailMessage({ tone, children }: { tone: 'danger' | 'warning'; children: string }) {
  return (
    <DetailShell>
      <Alert tone={tone}>{children}</Alert>
      <BackToList />
    </DetailShell>
  );
}

function BackToList() {
  return (
    <Link to="/productos" className="product-detail__back">
      <span aria-hidden="true">←</span>
      <span>Volver a productos</span>
    </Link>
  );
}

function ProductView({ product, action }: { product: Producto; action: ReactNode }) {
  const { nombre, categoria } = product;
  const description = product.descripcion?.trim() || DEFAULT_DESCRIPTION;
  return (
    <div className="container page product-detail">
      <Breadcrumb
        items={[
          { label: 'Inicio', to: '/' },
          { label: 'Productos', to: '/productos' },
          {
            label: categoria.nombre,
            to: `/productos?${new URLSearchParams({ categoria: categoria.nombre })}`,
          },
          { label: nombre },
        ]}
      />
      <div className="product-detail__layout">
        <ProductGallery product={product} />
        <div className="product-detail__info">
          <h1>{nombre}</h1>
          <p className="product-detail__category">
            {product.marca ? `${product.marca} · ${categoria.nombre}` : categoria.nombre}
          </p>
          <OfferPrice product={product} className="product-detail__price" />
          <TransferPrice price={product.precio} className="product-detail__transfer-price" />
          <InstallmentsPrice price={product.precio} className="product-detail__installments" />
          <StockHint stock={product.stock} />
          {action && <div className="product-detail__actions">{action}</div>}

          <h2>Descripción</h2>
          <p className="product-detail__description">{description}</p>

          <h2>Especificaciones</h2>
          <ul className="product-specs">
            <li>Categoría: {categoria.nombre}</li>
            <li>SKU: {product.sku}</li>
            <li>{`Garantía: ${WARRANTY_MONTHS} meses`}</li>
            {product.especificaciones.map((spec, index) => (
              // Names may repeat ('Puerto' twice): the position tells rows apart.
              <li key={index}>{`${spec.nombre}: ${spec.valor}`}</li>
            ))}
          </ul>
          <BackToList />
        </div>
      </div>
      <CompatibleParts product={product} />
    </div>
  );
}
