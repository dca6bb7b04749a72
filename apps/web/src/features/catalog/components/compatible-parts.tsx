import { completeComponent, formatCLP, type Producto } from '@nexbyte/shared';
import { useEffect, useId } from 'react';
import { Link } from 'react-router';
import { useCompatibleParts } from '../api/get-compatible-parts';
import { productPath } from '../product-id';
import '../compatible-parts.css';

/**
 * 'Compatible con este producto' on a PC part's page: a few parts of the kinds its rules meet
 * that fit it and are in stock (GET /productos/{id}/compatibles). Only a part whose typed
 * specification is complete asks; nothing shows while loading, on a failure or with none.
 */
export function CompatibleParts({ product }: { product: Producto }) {
  const isPart = completeComponent(product.componente) !== null;
  const { data, error } = useCompatibleParts(product.id, isPart);
  const headingId = useId();

  useEffect(() => {
    if (error) console.error('No se pudieron cargar los productos compatibles:', error);
  }, [error]);

  if (!isPart || !data || data.grupos.length === 0) return null;
  return (
    <section className="compatible-parts" aria-labelledby={headingId}>
      <h2 id={headingId}>Compatible con este producto</h2>
      <div className="compatible-parts__groups">
        {data.grupos.map((grupo) => (
          <div key={grupo.tipo} className="compatible-parts__group">
            <h3>{grupo.etiqueta}</h3>
            <ul>
              {grupo.productos.map((p) => (
                <li key={p.id}>
                  <Link to={productPath(p.id)}>{p.nombre}</Link>{' '}
                  <span className="compatible-parts__price">{formatCLP(p.precio)}</span>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </section>
  );
}
