import { Link } from 'react-router';
import { DocumentTitle } from '../../components/ui/document-title';
import { MyOrders } from '../../features/orders/components/my-orders';
import { useSession } from '../../lib/use-session';

/** /cuenta/pedidos: the logged-in customer's orders. */
export default function MyOrdersRoute() {
  const session = useSession();
  return (
    <div className="container page">
      <DocumentTitle>Mis pedidos</DocumentTitle>
      <h1>Mis pedidos</h1>
      {session ? (
        <MyOrders viewer={session.user.id} />
      ) : (
        <p>
          <Link to="/login">Inicia sesión</Link> para ver tus pedidos. Si compraste como invitado,
          abre el enlace del correo de tu pedido.
        </p>
      )}
    </div>
  );
}
