import { Link, Navigate } from 'react-router';
import { DocumentTitle } from '../../components/ui/document-title';
import { AccountScreen } from '../../features/account/components/account-screen';
import { MyBuildsSection } from '../../features/pc-builder/components/my-builds-section';
import { SessionsSection } from '../../features/account/components/sessions-section';
import { MyTickets } from '../../features/support/components/my-tickets';
import { clearSession } from '../../lib/session';
import { useSession } from '../../lib/use-session';
import { useLeaveSession } from '../use-leave-session';

export default function AccountRoute() {
  const session = useSession();
  const leaveSession = useLeaveSession();
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
      <section className="account-card account-sessions-card" aria-labelledby="cuenta-sesiones">
        <h2 id="cuenta-sesiones">Sesiones activas</h2>
        {/* Every session ended on the server already: leave, then forget this one here. */}
        <SessionsSection userId={session.user.id} onAllEnded={() => leaveSession(clearSession)} />
      </section>
      <section className="account-card" aria-labelledby="cuenta-armados">
        <h2 id="cuenta-armados">Mis armados</h2>
        <MyBuildsSection userId={session.user.id} />
      </section>
      <section className="account-card account-tickets" aria-labelledby="cuenta-soporte">
        <h2 id="cuenta-soporte">Mis solicitudes de soporte</h2>
        <MyTickets viewer={session.user.id} />
      </section>
    </div>
  );
}
