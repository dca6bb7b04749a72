import { pluralize, type Producto } from '@nexbyte/shared';
import { useEffect, useRef, type ReactNode } from 'react';
import { Alert } from '../../../components/ui/alert';
import { useProductList } from '../api/get-products';
import { useProductFilters } from '../use-product-filters';
import { DidYouMean } from './did-you-mean';
import { EmptyShop } from './empty-shop';
import { FacetFilters } from './facet-filters';
import { ProductCard } from './product-card';
import { ProductFilters } from './product-filters';

export const LOAD_ERROR_MESSAGE = 'No se pudieron cargar los productos.';

// Cards in the first screenful load their pictures at once.
const EAGER_IMAGES = 4;

interface ProductCatalogProps {
  /** The card's action (the app puts the cart's 'Añadir al carrito' here). */
  renderAction?: (product: Producto) => ReactNode;
}

/** The product list of docs/product.md#productos: filters kept in the address and the matching products. */
export function ProductCatalog({ renderAction }: ProductCatalogProps) {
  const { values, filters, setFilter, toggleFacet, clearFilters } = useProductFilters();
  const list = useProductList(filters);
  const searchRef = useRef<HTMLInputElement>(null);
  const { error } = list;

  useEffect(() => {
    if (error) console.error('No se pudieron cargar los productos:', error);
  }, [error]);

  const pages = list.data?.pages ?? [];
  const products = pages.flatMap((page) => page.items);
  const total = pages.at(-1)?.total ?? 0;
  const failed = list.isError && !list.isFetchNextPageError;
  // Nothing found with no filter on: the shop has nothing on sale, not a search that missed.
  const unfiltered =
    !values.q &&
    !values.categoria &&
    !values.min &&
    !values.max &&
    values.marca.length === 0 &&
    values.espec.length === 0 &&
    values.componente.length === 0;
  const emptyShop = !list.isPending && !failed && products.length === 0 && unfiltered;

  let status = '';
  if (list.isPending) status = 'Cargando productos…';
  else if (list.isPlaceholderData) status = 'Actualizando resultados…';
  else if (!failed) status = pluralize(total, 'resultado', 'resultados');

  return (
    <>
      <ProductFilters
        values={values}
        onChange={setFilter}
        onClear={clearFilters}
        searchRef={searchRef}
      />
      {/* On a wide screen the facets are a column beside the results: unfolding them after
          hydration (they start folded on the server, which cannot know the width) moves nothing. */}
      <div className="catalog-body">
        <FacetFilters values={values} filters={filters} onToggle={toggleFacet} />
        <div className="catalog-results">
          <p className="catalog-count" role="status">
            {status}
          </p>
          {list.isPending ? null : failed ? (
            <Alert tone="danger">{LOAD_ERROR_MESSAGE}</Alert>
          ) : emptyShop ? (
            <EmptyShop lead="Aún no hay productos a la venta." />
          ) : products.length === 0 ? (
            <div className="catalog-empty">
              <p>No se encontraron productos con esos filtros.</p>
              {values.q && (
                <DidYouMean
                  q={values.q}
                  // The link goes away with the new results; the box, now holding the term, takes focus.
                  onFollow={() => searchRef.current?.focus()}
                />
              )}
            </div>
          ) : (
            <ul className="product-grid" aria-busy={list.isPlaceholderData}>
              {products.map((product, index) => (
                <li key={product.id}>
                  <ProductCard
                    product={product}
                    showStock
                    eagerImage={index < EAGER_IMAGES}
                    priorityImage={index === 0}
                  >
                    {renderAction?.(product)}
                  </ProductCard>
                </li>
              ))}
            </ul>
          )}
          {list.hasNextPage && !failed && (
            <div className="catalog-more">
              <p className="muted">
                Mostrando {products.length} de {total}
              </p>
              {list.isFetchNextPageError && <Alert tone="danger">{LOAD_ERROR_MESSAGE}</Alert>}
              <button
                type="button"
                className="button"
                disabled={list.isFetchingNextPage}
                onClick={() => void list.fetchNextPage()}
              >
                {list.isFetchingNextPage ? 'Cargando…' : 'Cargar más'}
              </button>
            </div>
          )}
        </div>
      </div>
    </>
  );
}
