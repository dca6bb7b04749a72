import { Link } from 'react-router';

interface EmptyShopProps {
  /** The page's own sentence for "nothing here" (the home page's is the spec's). */
  lead: string;
}

/**
 * A shop with nothing on sale yet (a new install, or every product taken off sale): say so, and
 * offer what already works, instead of an empty grid.
 */
export function EmptyShop({ lead }: EmptyShopProps) {
  return (
    <div className="catalog-empty empty-shop">
      <p className="empty-shop__lead">{lead}</p>
      <p>
        Estamos preparando el catálogo de periféricos, componentes y accesorios. Mientras tanto,
        nuestro servicio técnico ya está atendiendo.
      </p>
      <div className="actions empty-shop__actions">
        <Link to="/soporte" className="button">
          Solicitar soporte técnico
        </Link>
        <Link to="/contacto" className="button button--ghost">
          Escríbenos
        </Link>
      </div>
    </div>
  );
}
