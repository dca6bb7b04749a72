import { Link, Navigate } from 'react-router';
import { DocumentTitle } from '../../components/ui/document-title';
import { AccountScreen } from '../../features/account/components/account-screen';
import { MyTickets } from '../../features/support/components/my-tickets';
import { useSession } from '../../lib/use-session';

export default function AccountRoute() {
  const session = useSession();
  // Also what happens when the API refuses the session: the screen clears it and lands here.
  if (!session) return <Navigate to="/login?next=/cuenta" replace />;
  return (
    <div className="container page">
      <DocumentTitle>Mi cuenta</DocumentTitle>
      <h1>Mi cuenta</h1>
      <p className="account-lead">
        Revisa tus datos de despacho y tu contraseña.{' '}
        <Link to="/cuenta/pedidos">Ver mis pedidos</Link>
      </p>
      <AccountScreen userId={session.user.id} />
      <section className="account-card account-tickets" aria-labelledby="cuenta-soporte">
        <h2 id="cuenta-soporte">Mis solicitudes de soporte</h2>
        <MyTickets viewer={session.user.id} />
      </section>
    </div>
  );
}
