import type { Producto } from '@nexbyte/shared';
import { useQueries } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { isProductNotFound, productQueryOptions } from '../../features/catalog/api/get-product';
import { CompareTable } from '../../features/compare/components/compare-table';
import { useComparison } from '../../features/compare/compare-store';

const noSubscription = () => () => {};

/**
 * /comparar: the products chosen with 'Comparar', up to four of one category, side by side.
 * The choice lives in the browser: the server renders the heading only.
 */
export default function CompareRoute() {
  const { items, remove } = useComparison();
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const queries = useQueries({ queries: items.map((p) => productQueryOptions(p.id)) });
  const products = queries.flatMap((q) => (q.data ? [q.data as Producto] : []));
  const loading = queries.some((q) => q.isPending);
  const failed = queries.some((q) => q.error && !isProductNotFound(q.error));

  // A product no longer on sale leaves the comparison.
  useEffect(() => {
    queries.forEach((q, i) => {
      if (q.error && isProductNotFound(q.error) && items[i]) remove(items[i].id);
    });
  }, [queries, items, remove]);

  return (
    <div className="container page compare-page">
      <h1>Comparar productos</h1>
      {!hydrated ? null : items.length === 0 ? (
        <p>
          Aún no eliges productos para comparar. Usa «Comparar» en los productos de una misma
          categoría (hasta 4). <Link to="/productos">Ver productos</Link>
        </p>
      ) : (
        <>
          <p className="muted">
            {items[0]!.categoria.nombre}: {items.length} de 4 productos.{' '}
            {items.length === 1 && 'Agrega otro producto de esta categoría para compararlos.'}
          </p>
          {failed && <Alert tone="danger">No se pudieron cargar algunos productos.</Alert>}
          {loading && products.length === 0 ? (
            <p role="status" className="muted">
              Cargando productos…
            </p>
          ) : (
            <CompareTable products={products} onRemove={remove} />
          )}
        </>
      )}
    </div>
  );
}
