import { Link } from 'react-router';
import { FEATURED_PRODUCTS } from '@nexbyte/shared';
import { productsQueryOptions } from '../../features/catalog/api/get-products';
import { FeaturedProducts } from '../../features/catalog/components/featured-products';
import type { Prefetch } from '../prefetch';

// The page stays useful without its featured products, so a failure is left to the component.
export const prefetch: Prefetch = ({ queryClient }) =>
  queryClient.prefetchQuery(productsQueryOptions({ limite: FEATURED_PRODUCTS }));

export default function HomeRoute() {
  return (
    <>
      <section className="hero" aria-labelledby="hero-title">
        <div className="container">
          <h1 id="hero-title">TIENDA ONLINE</h1>
          <p className="hero__lead">Tecnología y mantención de PC</p>
          <p className="hero__text">
            Periféricos, componentes, accesorios y servicio técnico, con envío a todo Chile.
          </p>
          <div className="actions">
            <Link to="/productos" className="button">
              Ver productos
            </Link>
            <Link to="/soporte" className="button button--ghost">
              Solicitar soporte técnico
            </Link>
          </div>
        </div>
      </section>
      <FeaturedProducts />
    </>
  );
}
