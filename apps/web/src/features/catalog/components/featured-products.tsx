import { useEffect } from 'react';
import { Link } from 'react-router';
import { FEATURED_PRODUCTS } from '@nexbyte/shared';
import { useProducts } from '../api/get-products';
import { productPath } from '../product-id';
import { EmptyShop } from './empty-shop';
import { ProductCard } from './product-card';

const NO_PRODUCTS = 'No hay productos disponibles por ahora.';

/** 'Destacados' on the home page: the first products of the list, in its default order. */
export function FeaturedProducts() {
  const { data, error, isPending } = useProducts({ limite: FEATURED_PRODUCTS });

  useEffect(() => {
    // The home page stays usable without them: the failure is only logged (docs/product.md#home).
    if (error) console.error('No se pudieron cargar los productos destacados:', error);
  }, [error]);

  const products = data?.items.slice(0, FEATURED_PRODUCTS) ?? [];

  return (
    <section className="container page featured" aria-labelledby="destacados">
      <h2 id="destacados">Destacados</h2>
      {isPending ? (
        <p role="status" className="muted">
          Cargando…
        </p>
      ) : products.length === 0 && !error ? (
        <EmptyShop lead={NO_PRODUCTS} />
      ) : products.length === 0 ? (
        <p className="muted">{NO_PRODUCTS}</p>
      ) : (
        <ul className="product-grid">
          {products.map((product, index) => (
            <li key={product.id}>
              <ProductCard
                product={product}
                headingLevel={3}
                linkName={false}
                eagerImage
                priorityImage={index === 0}
              >
                <Link to={productPath(product.id)} className="button button--small">
                  Ver detalles <span className="visually-hidden">de {product.nombre}</span>
                </Link>
              </ProductCard>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
