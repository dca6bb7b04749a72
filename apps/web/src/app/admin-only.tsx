import { Link, Outlet } from 'react-router';
import { AdminPageHeader } from '../components/ui/admin-page-header';
import { useSession } from '../lib/use-session';

export const NO_PERMISSION_TITLE = 'No tienes permiso';

/**
 * The admin screens only an ADMIN opens (users, contact messages, shipping, coupons, e-mails, the
 * sales book). A VENDOR who reaches one by its address is told so, in place, instead of seeing a
 * screen whose every call the server would refuse.
 */
export function AdminOnly() {
  const session = useSession();
  if (session?.user.role === 'ADMIN') return <Outlet />;
  return (
    <section className="admin-forbidden" aria-labelledby="sin-permiso">
      <AdminPageHeader title={NO_PERMISSION_TITLE} />
      <p id="sin-permiso">
        No tienes permiso para ver esta sección. Solo un administrador puede gestionar usuarios,
        mensajes de contacto, envíos, cupones, correos y el libro de ventas.
      </p>
      <p>
        <Link to="/admin" className="button">
          Volver al dashboard
        </Link>
      </p>
    </section>
  );
}
