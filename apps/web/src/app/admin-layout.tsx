import { Link, NavLink, Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { sectionsFor } from './admin-sections';
import { useSessionExpiry } from './use-session-expiry';
import { useSession } from '../lib/use-session';
import '../styles/admin.css';

/** The admin area frame: a sidebar and the content. The admin guard wraps it in the router. */
export default function AdminLayout() {
  const navigation = useNavigation();
  const role = useSession()?.user.role;
  useSessionExpiry();
  return (
    <div className="admin-layout">
      <a className="skip-link" href="#main">
        Saltar al contenido
      </a>
      <aside className="admin-sidebar" aria-label="Barra lateral de administración">
        <p className="admin-sidebar__brand">
          Nexbyte <span>Administración</span>
        </p>
        <nav aria-label="Administración">
          <ul className="admin-sidebar__links">
            {sectionsFor(role).map((section) => (
              <li key={section.to}>
                <NavLink to={section.to} end={section.end}>
                  {section.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <Link to="/" className="admin-sidebar__back">
          <span aria-hidden="true">←&nbsp;</span>Volver a la tienda
        </Link>
      </aside>
      <main
        id="main"
        className="admin-content"
        tabIndex={-1}
        aria-busy={navigation.state === 'loading'}
      >
        <Outlet />
      </main>
      <ScrollRestoration />
    </div>
  );
}
